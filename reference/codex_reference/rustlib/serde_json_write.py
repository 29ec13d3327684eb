"""What serde_json 1.x writes for a string and for a float (its ``to_string``, and its error texts).

Floats are printed by the ryu crate: the shortest digits that read back as
the same value, ``.0`` on integral values, an exponent outside 1e-5..1e16.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal
from json.encoder import encode_basestring

from codex_reference.rustlib import f32_digits, floats

__all__ = ["f32_text", "f64_text", "json_string"]


# serde_json's string literal: like Python's with ``ensure_ascii=False`` (named
# escapes, ``\u00xx`` in lowercase for other controls, DEL and U+2028 left raw).
# It is the function json.dumps(text, ensure_ascii=False) calls, without that
# call's set-up (a result can hold millions of strings).
json_string: Callable[[str], str] = encode_basestring


def f32_text(value: float) -> str:
    """An f32 as serde_json writes it: the shortest digits that read back as the
    same f32 (ryu), laid out as ``f64_text`` lays out an f64's."""
    single = floats.to_f32(value)
    digits, exponent = f32_digits.shortest(single)
    return _ryu_layout(single, f"{digits}e{exponent - len(digits) + 1}")


def f64_text(value: float) -> str:
    """A finite f64 as ryu prints it (serde_json's float form): ``100.0``, ``1e-7``, ``1.5e20``."""
    # repr gives the shortest round-trip digits, the same digits ryu finds.
    return _ryu_layout(value, repr(abs(value)))


def _ryu_layout(value: float, shortest: str) -> str:
    """Lay out ``shortest`` (the digits of ``abs(value)``) as ryu does: in full with
    ``.0`` below 1e16, an exponent from 1e16 and below 1e-5."""
    if value == 0:
        return "-0.0" if math.copysign(1.0, value) < 0 else "0.0"
    sign = "-" if value < 0 else ""
    _, digit_tuple, exponent = Decimal(shortest).normalize().as_tuple()
    assert isinstance(exponent, int)
    digits = "".join(map(str, digit_tuple))
    length = len(digits)
    point = length + exponent  # value = 0.digits * 10^point
    if exponent >= 0 and point <= 16:
        return f"{sign}{digits}{'0' * exponent}.0"
    if 0 < point <= 16:
        return f"{sign}{digits[:point]}.{digits[point:]}"
    if -5 < point <= 0:
        return f"{sign}0.{'0' * -point}{digits}"
    if length == 1:
        return f"{sign}{digits}e{point - 1}"
    return f"{sign}{digits[0]}.{digits[1:]}e{point - 1}"
