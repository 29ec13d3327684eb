"""shell_command's measured wall time: the one value of its output no input fixes (HOST-SHELL-1).

The golden holds the observed output with the seconds after ``Wall time: ``
as a pattern of their form (a re-run of the release matches it) beside the
observed text, and the case's args carry the observed value
(``duration_seconds``), so a port given it must print the text byte for byte.
"""

from __future__ import annotations

import re
from typing import Any

from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY
from codex_workshop.drive import volatile

_WALL_TIME = re.compile(r"\AExit code: -?[0-9]+\nWall time: ([0-9]+(?:\.[0-9])?) seconds\n")
_FORM = r"[0-9]+(?:\.[0-9])?"


def settle(output: str) -> tuple[Any, dict[str, Any]]:
    """(the expected output value, the observed volatile args) of one shell_command output."""
    match = _WALL_TIME.match(output)
    if match is None:
        return output, {}
    start, end = match.span(1)
    pattern = re.escape(output[:start]) + _FORM + re.escape(output[end:])
    # The text too: a port given the duration prints it as the release did (observed.py).
    return {PATTERN_KEY: pattern, OBSERVED_KEY: output}, {"duration_seconds": float(match.group(1))}


def settle_patch(output: str) -> tuple[Any, dict[str, Any]]:
    """The same for an apply_patch output: a freeform call's text has shell_command's header
    (HOST-PATCH-2), a function call's JSON object the classic exec output's duration (HOST-PATCH-3)."""
    expected, observed = settle(output)
    if observed:
        return expected, observed
    return volatile.exec_output(output)
