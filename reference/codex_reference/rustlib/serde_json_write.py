"""What serde_json 1.x writes for a string and for an ``f32`` (its ``to_string``).

Floats are printed by the ryu crate: the shortest digits that read back as
the same value, ``.0`` on integral values, an exponent outside 1e-5..1e16.
"""

from __future__ import annotations

import json
import math

from codex_reference.rustlib.floats import to_f32

__all__ = ["json_string", "serde_f32"]


def json_string(text: str) -> str:
    """serde_json's string literal: like Python's with ``ensure_ascii=False``
    (named escapes, ``\\u00xx`` in lowercase for other controls, DEL and
    U+2028 left raw)."""
    return json.dumps(text, ensure_ascii=False)


def serde_f32(value: float) -> str:
    """An f32 as serde_json writes it: the shortest digits that read back as the
    same f32 (ryu), with ``.0`` on integral values."""
    value = to_f32(value)
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    digits = ""
    for precision in range(1, 10):
        digits = f"{value:.{precision}g}"
        if to_f32(float(digits)) == value:
            break
    if 1e-5 <= abs(value) < 1e16:
        text = f"{float(digits):f}".rstrip("0")
        return text + "0" if text.endswith(".") else text
    mantissa, exponent = f"{float(digits):e}".split("e")
    mantissa = mantissa.rstrip("0").rstrip(".")
    return f"{mantissa}e{int(exponent)}"
