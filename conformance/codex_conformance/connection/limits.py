"""The bounds the kit puts on what an adapter sends (spec/adapter-protocol.md, "Limits").

An adapter is code under test: it may answer with a line that never ends,
a reply nested a hundred thousand levels deep or an integer of thousands of
digits.  Each bound below turns such a reply into an ERROR outcome for the
case that provoked it, instead of an unbounded allocation or an exception
escaping the kit.  The defaults are far above anything Codex produces; tests
lower them to exercise the limits cheaply.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MIB = 1024 * 1024
KIB = 1024


@dataclass(frozen=True)
class Limits:
    # One reply line, in bytes, without its newline.  The reader stops
    # buffering past it, so the kit never holds more than about this much of
    # a line that has no end.
    max_line_bytes: int = 64 * MIB
    # Arrays and objects inside one another, counted over the whole line
    # (the reply object is level 1).  The kit's comparison refuses results
    # deeper than 200 levels (compare.MAX_NESTING) because its comparators
    # and diffs recurse per level; holding the wire to the same bound makes
    # a too-deep reply the adapter's protocol error, not a failure of the
    # kit.  The deepest fixture has about 20 levels.
    max_depth: int = 200
    # Digits of one JSON integer.  Python refuses to convert more than 4,300
    # digits anyway (with a ValueError); nothing Codex sends has over 20.
    max_int_digits: int = 1000
    # Bytes of the child's stderr kept (the tail); the rest is read and dropped.
    stderr_bytes: int = 64 * KIB

    def __post_init__(self) -> None:
        for name in ("max_line_bytes", "max_depth", "max_int_digits", "stderr_bytes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")


DEFAULT_LIMITS = Limits()


def checked_timeout(seconds: float) -> float:
    """``seconds`` if it can bound a wait; NaN, infinities and non-positive values cannot."""
    # A NaN deadline compares false with every time, so nothing would ever time out.
    if not (math.isfinite(seconds) and seconds > 0):
        raise ValueError(f"a timeout must be a finite number of seconds above 0, got {seconds!r}")
    return seconds
