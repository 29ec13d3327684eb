"""f32_text and f64_text write the shortest digits that read back as the same float (ryu's promise).

The cases see f32_text only through 0.25.0's duration, a measured value
they hold as a pattern, so its digits are checked here: every f32 it writes
reads back as the same f32, with no more significant digits than the
shortest such text has.  (It once cut values that need eight or nine
digits to seven: 0.0049379794 came out as 0.004938.)  The shortest length
is found here by trying each length from one digit up, with the nearest
decimal of that length and its two neighbours, each checked exactly against
the f32's rounding interval: an oracle that shares nothing with
``f32_digits``' digit generation.
"""

from __future__ import annotations

import math
import struct
from decimal import Decimal
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.rustlib.floats import to_f32
from codex_reference.rustlib.serde_json_write import f32_text, f64_text

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None)


def _significant(text: str) -> int:
    mantissa = text.lstrip("-").split("e")[0].replace(".", "").lstrip("0").rstrip("0")
    return max(len(mantissa), 1)


def _finite_f32(bits: int) -> float:
    value: float = struct.unpack("<f", struct.pack("<I", bits))[0]
    return value


def _reads_back(text: str, value: float) -> bool:
    """Whether the decimal ``text``, rounded once to an f32 (ties to even), is the positive f32 ``value``."""
    (bits,) = struct.unpack("<I", struct.pack("<f", value))
    below = Fraction(_finite_f32(bits - 1))
    # Past the largest f32, reading rounds to infinity from the halfway point to 2**128.
    above = Fraction(2**128) if bits + 1 == 0x7F800000 else Fraction(_finite_f32(bits + 1))
    low, high, exact = (below + Fraction(value)) / 2, (above + Fraction(value)) / 2, Fraction(Decimal(text))
    if bits % 2 == 0:  # an even significand takes the ties
        return low <= exact <= high
    return low < exact < high


def _shortest_length(value: float) -> int:
    """The fewest significant digits of a decimal that reads back as the f32 ``value``."""
    if value == 0:
        return 1
    for length in range(1, 10):
        nearest = Decimal(f"{abs(value):.{length - 1}e}")
        step = Decimal(1).scaleb(nearest.adjusted() - length + 1)
        if any(_reads_back(str(c), abs(value)) for c in (nearest - step, nearest, nearest + step)):
            return length
    raise AssertionError(f"no decimal of nine digits reads back as {value!r}")


@SETTINGS
@given(st.integers(0, 2**32 - 1).map(_finite_f32).filter(math.isfinite))
def test_f32_text_reads_back_as_the_same_f32(value: float) -> None:
    text = f32_text(value)
    assert to_f32(float(text)) == value
    assert value == 0 or _reads_back(text.lstrip("-"), abs(value))
    assert _significant(text) <= _shortest_length(value)


@SETTINGS
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_f64_text_reads_back_as_the_same_f64(value: float) -> None:
    text = f64_text(value)
    assert float(text) == value
    assert _significant(text) <= _significant(repr(value))


def test_f32_text_keeps_the_digits_an_f32_needs() -> None:
    value = to_f32(0.004937979392707348)
    assert to_f32(float(f32_text(value))) == value
    assert f32_text(value) != "0.004938"
