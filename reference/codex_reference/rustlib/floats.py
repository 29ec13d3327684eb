"""Rust's ``f32`` arithmetic and rounding, where Python's ``float`` (an f64) and ``round`` differ."""

from __future__ import annotations

import math
import struct

__all__ = ["round_half_away", "to_f32"]

_F32 = struct.Struct("<f")


def to_f32(value: float) -> float:
    """``value as f32``: the nearest f32 (an f64 operation on f32 values, so rounded, is the f32 one)."""
    result: float = _F32.unpack(_F32.pack(value))[0]
    return result


def round_half_away(value: float) -> float:
    """``f32::round``: halves away from zero (Python's ``round`` goes to even)."""
    return math.copysign(math.floor(abs(value) + 0.5), value)
