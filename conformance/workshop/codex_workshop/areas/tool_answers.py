"""What an MCP tool or a dynamic tool answers Codex with, shared by the mcp_output and dynamic areas.

Pieces of text their explorers draw answers from, and long texts in their
scenario files: ``"$lines:N"`` anywhere in a string stands for ``"line
1\nline 2\n…line N\n"`` and ``"$repeat:N:C"`` for the character C repeated
N times (``expand``), so that a scenario file stays readable while the
fixture carries the literal text; ``described`` writes an explored answer's
long runs back that way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

__all__ = ["FILLERS", "PIECES", "PNG", "described", "expand"]

FILLERS = ["a", "\u00e9", "\u20ac", "\U0001f600"]
PIECES = ["x", " ", "\n", "\t", '"', "\\", "\u00e9", "\u65e5", "\U0001f680", "\u0000", "\u2028", "</>", "{}"]
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

_LINES = re.compile(r"\$lines:([0-9]+)")
_REPEAT = re.compile(r"\$repeat:([0-9]+):(.)", re.DOTALL)


def _each_string(value: Any, change: Callable[[str], str]) -> Any:
    """``value`` with ``change`` applied to every string in it, keys left as they are."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [_each_string(item, change) for item in value]
    if isinstance(value, dict):
        return {key: _each_string(item, change) for key, item in value.items()}
    return value


def _expanded(text: str) -> str:
    text = _LINES.sub(lambda m: "".join(f"line {n}\n" for n in range(1, int(m.group(1)) + 1)), text)
    return _REPEAT.sub(lambda m: m.group(2) * int(m.group(1)), text)


def expand(value: Any) -> Any:
    """``value`` with every described text written out."""
    return _each_string(value, _expanded)


# A run of one character this long is written as "$repeat:N:C".
_RUN = re.compile(r"(.)\1{31,}", re.DOTALL)


def described(value: Any) -> Any:
    """``value`` with long runs of one character described, so _explored.json stays readable."""
    return _each_string(
        value, lambda text: _RUN.sub(lambda m: f"$repeat:{len(m.group(0))}:{m.group(1)}", text)
    )
