"""f32_text and f64_text write the shortest digits that read back as the same float (ryu's promise).

The cases see f32_text only through 0.25.0's duration, a measured value
they hold as a pattern, so its digits are checked here: every f32 it writes
reads back as the same f32, with no more significant digits than the
shortest such text has.  (It once cut values that need eight or nine
digits to seven: 0.0049379794 came out as 0.004938.)
"""

from __future__ import annotations

import struct

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.rustlib.serde_json_write import f32_text, f64_text

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None)


def _significant(text: str) -> int:
    mantissa = text.lstrip("-").split("e")[0].replace(".", "").lstrip("0").rstrip("0")
    return max(len(mantissa), 1)


def _finite_f32(bits: int) -> float:
    value: float = struct.unpack("<f", struct.pack("<I", bits))[0]
    return value


@SETTINGS
@given(st.integers(0, 2**32 - 1).map(_finite_f32).filter(np.isfinite))
def test_f32_text_reads_back_as_the_same_f32(value: float) -> None:
    text = f32_text(value)
    assert np.float32(float(text)) == np.float32(value)
    assert _significant(text) <= _significant(np.format_float_scientific(np.float32(value), unique=True))


@SETTINGS
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_f64_text_reads_back_as_the_same_f64(value: float) -> None:
    text = f64_text(value)
    assert float(text) == value
    assert _significant(text) <= _significant(repr(value))


def test_f32_text_keeps_the_digits_an_f32_needs() -> None:
    value = float(np.float32(0.004937979392707348))
    assert np.float32(float(f32_text(value))) == np.float32(value)
    assert f32_text(value) != "0.004938"
