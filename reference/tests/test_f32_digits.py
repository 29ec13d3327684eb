"""f32_digits prints what numpy's Dragon4 printed for an f32 before the model dropped numpy (issue #32).

The fixed examples are the layouts the captures pin (list-priority-*); the
comparison with numpy runs where numpy happens to be installed (it is no
dependency of the kit or its tests) and is skipped elsewhere.
"""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.rustlib import f32_digits
from codex_reference.rustlib.floats import to_f32

SETTINGS = settings(max_examples=2000, deadline=None, derandomize=True, database=None)


@pytest.mark.parametrize(
    ("value", "positional", "scientific"),
    [
        (1.0, "1", "1e+0"),
        (1e15, "1000000000000000", "1e+15"),
        (16777217.0, "16777216", "1.6777216e+7"),
        (0.00001, "0.00001", "1e-5"),
        (1e-7, "0.0000001", "1e-7"),
        (123.456, "123.456", "1.23456e+2"),
        (-2.5, "-2.5", "-2.5e+0"),
        (0.0, "0", "0e+0"),
        (-0.0, "-0", "-0e+0"),
        # A power of two: the gap below is half the gap above.
        (2.0**-100, "0.0000000000000000000000000000007888609", "7.888609e-31"),
        (0.004937979392707348, "0.0049379794", "4.9379794e-3"),
    ],
)
def test_layouts(value: float, positional: str, scientific: str) -> None:
    single = to_f32(value)
    assert (f32_digits.positional(single), f32_digits.scientific(single)) == (positional, scientific)


def _f32(bits: int) -> float:
    value: float = struct.unpack("<f", struct.pack("<I", bits))[0]
    return value


# Every exponent, with significands at the ends of the binade as well as anywhere.
_BITS = st.one_of(
    st.integers(0, 2**32 - 1),
    st.builds(
        lambda s, e, m: s << 31 | e << 23 | m,
        st.integers(0, 1),
        st.integers(0, 254),
        st.sampled_from([0, 1, 2, 0x7FFFFF]),
    ),
).filter(lambda bits: (bits >> 23) & 0xFF != 0xFF)


@SETTINGS
@given(_BITS)
def test_digits_equal_numpys_dragon4(bits: int) -> None:
    np = pytest.importorskip("numpy")
    single = np.frombuffer(struct.pack("<I", bits), dtype=np.float32)[0]
    value = _f32(bits)
    assert f32_digits.positional(value) == np.format_float_positional(single, unique=True, trim="-")
    assert f32_digits.scientific(value) == np.format_float_scientific(
        single, unique=True, trim="-", exp_digits=1
    )
