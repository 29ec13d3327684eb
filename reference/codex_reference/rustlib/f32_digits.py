"""The shortest decimal digits of an ``f32`` that read back as it, and the two layouts printed from them.

The digits are those of Dragon4's "unique" mode (Steele and White, Burger
and Dybvig) as numpy (checked against 2.4) prints an ``np.float32`` with
``unique=True``, which this model used until it dropped numpy (issue #32):
digits are generated from the exact value until the rest lies within half
the gap to a neighbouring ``f32`` (the bound itself counts when the
significand is even, as round-half-even reading would land on it), and the
last digit is rounded to nearest, a tie to the even digit.  Every step is
exact integer arithmetic, so no other rounding can creep in.  Serde's ryu
and Rust's ``Display`` find the same digits: the shortest that read back,
the nearest of them.
"""

from __future__ import annotations

import math
import struct

__all__ = ["positional", "scientific", "shortest"]

_F32 = struct.Struct("<f")
_BITS = struct.Struct("<I")


def shortest(value: float) -> tuple[str, int]:
    """(digits, exponent of the first digit) of ``abs(value)`` read as an f32; ``("0", 0)`` for zero."""
    (bits,) = _BITS.unpack(_F32.pack(value))
    biased, fraction = (bits >> 23) & 0xFF, bits & 0x7FFFFF
    if biased == 0xFF:
        raise ValueError("no digits for an infinite or NaN f32")
    if biased:
        mantissa, exponent = fraction | 1 << 23, biased - 150
        # The gap below the smallest significand of a binade is half the gap above it.
        unequal = biased != 1 and fraction == 0
    else:
        mantissa, exponent, unequal = fraction, -149, False
    if not mantissa:
        return "0", 0
    even = mantissa % 2 == 0
    # value = num / den; half the gaps to the neighbours below and above are low / den and high / den.
    if exponent > 0:
        num, den, low = mantissa << (exponent + 2), 4, 1 << (exponent + 1)
    else:
        num, den, low = mantissa << 2, 1 << (2 - exponent), 2
    high = low
    if unequal:
        low //= 2
    # The first digit's position: 10**(k - 1) <= value < 10**k.
    k = math.floor(math.log10(mantissa) + exponent * math.log10(2))
    while num * 10 ** max(-k, 0) >= den * 10 ** max(k, 0):
        k += 1
    while num * 10 ** max(1 - k, 0) < den * 10 ** max(k - 1, 0):
        k -= 1
    if k > 0:
        den *= 10**k
    else:
        num, low, high = num * 10**-k, low * 10**-k, high * 10**-k
    digits: list[int] = []
    while True:
        digit, num = divmod(num * 10, den)
        low, high = low * 10, high * 10
        too_low = num <= low if even else num < low
        too_high = num + high >= den if even else num + high > den
        if too_low or too_high:
            break
        digits.append(digit)
    round_up = too_high
    if too_low == too_high:
        # Either way reads back (or neither is forced): the nearer one, a tie to the even digit.
        twice = 2 * num
        round_up = twice > den or (twice == den and digit % 2 == 1)
    if round_up:
        digit += 1
        while digit == 10:
            if not digits:
                digit, k = 1, k + 1
                break
            digit = digits.pop() + 1
    digits.append(digit)
    return "".join(map(str, digits)), k - 1


def positional(value: float) -> str:
    """numpy's ``format_float_positional(np.float32(value), unique=True, trim="-")``: no exponent,
    no trailing point (``1``, ``0.00001``, ``1000000000000000`` for 1e15)."""
    digits, exponent = shortest(value)
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if exponent < 0:
        return f"{sign}0.{'0' * (-exponent - 1)}{digits}"
    whole = exponent + 1
    if len(digits) <= whole:
        return sign + digits + "0" * (whole - len(digits))
    return f"{sign}{digits[:whole]}.{digits[whole:]}"


def scientific(value: float) -> str:
    """numpy's ``format_float_scientific(np.float32(value), unique=True, trim="-", exp_digits=1)``:
    ``1e+15``, ``1.5e-7``."""
    digits, exponent = shortest(value)
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    fraction = f".{digits[1:]}" if len(digits) > 1 else ""
    return f"{sign}{digits[0]}{fraction}e{'-' if exponent < 0 else '+'}{abs(exponent)}"
