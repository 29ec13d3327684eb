"""What a command a call ran did, read back from the output the release wrote (DISPATCH-RUN-1, -2).

The release runs the command behind the kit's barrier (drive/sandbox.py:
its own sandbox off, the host's programs read-only, an empty working
directory), so what the command printed and how it ended are the host's,
not the release's: a case gives them to a port as the arg ``runs``
(``{"output", "exit_code"}``, or ``{"os_error"}`` for a process that never
started), beside the measured ``duration_seconds`` and 0.169.0's
``chunk_id``, which the golden holds as patterns of their form
(drive/volatile.py) with the observed text.  Every exec output form is
read: the classic JSON object, unified exec's and 0.25.0's terminal text,
the command header of shell_command and apply_patch, and the texts of a
process that did not start.  An output cut short (its whole text is gone)
gives no ``runs``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY
from codex_workshop.drive import volatile

__all__ = ["expected_output", "fixed_output", "observed_runs"]

_UNIFIED = re.compile(
    r"\AChunk ID: [0-9a-f]+\nWall time: [0-9.]+ seconds\nProcess exited with code (-?[0-9]+)\n"
    r"Original token count: [0-9]+\nOutput:\n(.*)\Z",
    re.DOTALL,
)
_TERMINAL = re.compile(
    r"\AWall time: [0-9.]+ seconds\nProcess exited with code (-?[0-9]+)\nOutput:\n(.*)\Z", re.DOTALL
)
_HEADED = re.compile(
    r"\AExit code: (-?[0-9]+)\nWall time: ([0-9]+(?:\.[0-9])?) seconds\nOutput:\n(.*)\Z", re.DOTALL
)
_NOT_STARTED = (
    re.compile(r"\Aexecution error: [^\n]* \(os error ([0-9]+)\)\Z"),
    re.compile(r"\Aexecution error: Io\(Os \{ code: ([0-9]+), kind: [A-Za-z]+, message: \"[^\"]*\" \}\)\Z"),
    re.compile(r"\Aexec_command failed: CreateProcess \{ message: \"[^\n]*\(os error ([0-9]+)\)[^\n]*\Z"),
)
# The marks of an output cut short: 0.94.0's line count, unified exec's elision.
_CUT = re.compile(r"\ATotal output lines: |…[0-9]+ (?:tokens|chars) truncated…|\[\.\.\. omitted [0-9]+ of")
_HEADED_FORM = r"[0-9]+(?:\.[0-9])?"


def _printed(output: str) -> tuple[str, int] | None:
    """(what the command printed, its exit code), from any exec output form."""
    if output.startswith('{"output":'):
        try:
            parsed = json.loads(output)
        except json.JSONDecodeError:
            return None
        metadata = parsed.get("metadata") if isinstance(parsed, dict) else None
        if isinstance(metadata, dict) and isinstance(parsed.get("output"), str):
            return str(parsed["output"]), int(metadata["exit_code"])
        return None
    if match := _UNIFIED.match(output):
        return match.group(2), int(match.group(1))
    if match := _TERMINAL.match(output):
        # The terminal wrote each newline as CRLF: the command's own text had a newline there.
        return match.group(2).replace("\r\n", "\n"), int(match.group(1))
    if match := _HEADED.match(output):
        return match.group(3), int(match.group(1))
    return None


def observed_runs(output: str) -> dict[str, Any] | None:
    """The ``runs`` arg for a command's output, or None where the text is no command's (or is cut)."""
    for form in _NOT_STARTED:
        if match := form.match(output):
            return {"os_error": int(match.group(1))}
    printed = _printed(output)
    if printed is None or _CUT.search(printed[0]) or _CUT.search(output):
        return None
    return {"output": printed[0], "exit_code": printed[1]}


def expected_output(output: str) -> tuple[Any, dict[str, Any]]:
    """(the golden's output: the observed text with its measured values as patterns, and those
    values as args), for a command's output; the text itself and no args otherwise."""
    headed = _HEADED.match(output)
    if headed is not None:
        start, end = headed.span(2)
        pattern = re.escape(output[:start]) + _HEADED_FORM + re.escape(output[end:])
        return {PATTERN_KEY: pattern, OBSERVED_KEY: output}, {"duration_seconds": float(headed.group(2))}
    return volatile.exec_output(output)


def fixed_output(output: str) -> tuple[str, dict[str, Any]]:
    """The output with its measured values fixed (two runs then write the same text), and those."""
    headed = _HEADED.match(output)
    if headed is not None:
        start, end = headed.span(2)
        return output[:start] + "0" + output[end:], {"duration_seconds": 0.0}
    return volatile.fixed_exec_output(output)
