"""The header the handler-era tools write over a command's output (HOST-SHELL-1, HOST-PATCH-2).

``Exit code: <n>``, ``Wall time: <seconds> seconds``, ``Output:``, each on
its own line, then the output as the command wrote it.  The seconds are the
case's measured ``duration_seconds``, to a tenth, without a ``.0``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from codex_reference.args import seconds

__all__ = ["headed_output"]


def _seconds(args: Mapping[str, Any]) -> str:
    # A measured duration: 0 up to Duration::MAX (an integer of hundreds of digits is none).
    value = seconds(args, "duration_seconds", default=0.0)
    text = f"{value:.1f}"
    return text.removesuffix(".0")


def headed_output(exit_code: int, text: str, args: Mapping[str, Any]) -> str:
    return f"Exit code: {exit_code}\nWall time: {_seconds(args)} seconds\nOutput:\n{text}"
