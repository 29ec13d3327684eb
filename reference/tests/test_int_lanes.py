"""int_lanes computes lane by lane what Python's integers compute one value at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.rustlib.int_lanes import Lanes

SETTINGS = settings(max_examples=200, deadline=None, derandomize=True, database=None)
WIDTHS = st.sampled_from([16, 32, 64])


@st.composite
def lanes_and_values(draw: st.DrawFn, *, signed: bool = True) -> tuple[Lanes, list[int], int]:
    width = draw(WIDTHS)
    bound = 1 << (width - 6)  # far under the bias below, times 5 too, as the callers keep them
    low = -bound + 1 if signed else 0
    values = draw(st.lists(st.integers(low, bound - 1), min_size=1, max_size=40))
    return Lanes(len(values), width), values, 1 << (width - 2)


@SETTINGS
@given(lanes_and_values(), st.integers(0, 12), st.integers(-5, 5))
def test_linear_then_shift_floors_each_lane(
    case: tuple[Lanes, list[int], int], bits: int, factor: int
) -> None:
    lanes, values, bias = case
    packed = lanes.of_ints(values)
    assert list(lanes.to_ints(packed)) == values
    scaled = [value * factor // 4 for value in values]
    assert list(lanes.to_ints(lanes.shift(packed * factor, 2, bias))) == scaled
    assert list(lanes.to_ints(lanes.shift(packed, bits, bias))) == [value >> bits for value in values]


@SETTINGS
@given(lanes_and_values(), st.integers(0, 255), st.integers(0, 255))
def test_clamp(case: tuple[Lanes, list[int], int], a: int, b: int) -> None:
    lanes, values, bias = case
    low, high = min(a, b), max(a, b)
    clamped = lanes.clamp(lanes.of_ints(values), low, high, bias)
    assert list(lanes.to_ints(clamped)) == [min(max(value, low), high) for value in values]
    assert lanes.to_bytes(clamped) == bytes(min(max(value, low), high) for value in values)


@SETTINGS
@given(lanes_and_values(signed=False), st.data())
def test_compare_and_select(case: tuple[Lanes, list[int], int], data: st.DataObject) -> None:
    lanes, values, _ = case
    others = data.draw(st.lists(st.sampled_from(values), min_size=len(values), max_size=len(values)))
    x, y = lanes.of_ints(values), lanes.of_ints(others)
    chosen = lanes.select(lanes.at_least(x, y), x, y)
    assert list(lanes.to_ints(chosen)) == [max(a, b) for a, b in zip(values, others, strict=True)]


@SETTINGS
@given(st.lists(st.integers(0, 255), min_size=1, max_size=40), WIDTHS)
def test_bytes_round_trip(values: list[int], width: int) -> None:
    lanes = Lanes(len(values), width)
    assert lanes.to_bytes(lanes.of_bytes(bytes(values))) == bytes(values)
