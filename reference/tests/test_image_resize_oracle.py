"""The triangle resize equals its scalar definition, f32 rounding for f32 rounding.

The resize works a line of samples at a time (``array("f")``); the oracle
is the resize the reference used before it was vectorized: one sample at a
time, every weight, product and partial sum rounded to ``f32`` in the order
image 0.25.9 adds them.
"""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.rustlib import image_resize
from codex_reference.rustlib.floats import to_f32

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None)


def _weights(size: int, new_size: int) -> list[tuple[int, list[float]]]:
    ratio = to_f32(size / new_size)
    sratio = 1.0 if ratio < 1.0 else ratio
    out = []
    for index in range(new_size):
        centre = to_f32((index + 0.5) * ratio)
        left = min(max(math.floor(to_f32(centre - sratio)), 0), size - 1)
        right = min(max(math.ceil(to_f32(centre + sratio)), left + 1), size)
        centre = to_f32(centre - 0.5)
        weights, total = [], 0.0
        for i in range(left, right):
            x = abs(to_f32(to_f32(i - centre) / sratio))
            weight = to_f32(1.0 - x) if x < 1.0 else 0.0
            weights.append(weight)
            total = to_f32(total + weight)
        out.append((left, [to_f32(weight / total) for weight in weights]))
    return out


def _to_byte(value: float) -> int:
    return 0 if value <= 0.0 else 255 if value >= 255.0 else int(value + 0.5)


def oracle_resize(size: tuple[int, int], pixels: bytes, channels: int, new_size: tuple[int, int]) -> bytes:
    (width, height), (new_width, new_height) = size, new_size

    def sample(y: int, x: int, c: int) -> float:
        return float(pixels[(y * width + x) * channels + c])

    # Vertical pass into an f32 image [row][x][c].
    vertical = []
    for top, weights in _weights(height, new_height):
        row = []
        for x in range(width):
            pixel = []
            for c in range(channels):
                total = 0.0
                for k, weight in enumerate(weights):
                    total = to_f32(total + to_f32(sample(top + k, x, c) * weight))
                pixel.append(total)
            row.append(pixel)
        vertical.append(row)
    out = bytearray()
    columns = _weights(width, new_width)
    for row in vertical:
        for left, weights in columns:
            for c in range(channels):
                total = 0.0
                for k, weight in enumerate(weights):
                    total = to_f32(total + to_f32(row[left + k][c] * weight))
                out.append(_to_byte(total))
    return bytes(out)


@st.composite
def images(draw: st.DrawFn) -> tuple[tuple[int, int], bytes, int, tuple[int, int]]:
    width, height = draw(st.integers(1, 24)), draw(st.integers(1, 24))
    channels = draw(st.sampled_from([1, 3, 4]))
    # The release only shrinks (to fit 2048x2048); every ratio from 1 up is drawn.
    new_size = (draw(st.integers(1, width)), draw(st.integers(1, height)))
    samples = st.one_of(st.integers(0, 255), st.sampled_from([0, 255]))
    pixels = bytes(
        draw(st.lists(samples, min_size=width * height * channels, max_size=width * height * channels))
    )
    return (width, height), pixels, channels, new_size


@SETTINGS
@given(images())
def test_resize_equals_the_scalar_f32_resize(
    image: tuple[tuple[int, int], bytes, int, tuple[int, int]],
) -> None:
    size, pixels, channels, new_size = image
    assert image_resize.resize(size, pixels, channels, new_size) == oracle_resize(
        size, pixels, channels, new_size
    )


@settings(max_examples=10, deadline=None, derandomize=True, database=None)
@given(st.integers(2049, 2400), st.integers(1, 2), st.integers(0, 2**32))
def test_resize_to_fit_2048_equals_the_scalar_resize(width: int, height: int, seed: int) -> None:
    # The ratios the release meets, and indices large enough for f32 to round them: a side just
    # over 2048 shrunk to it.
    rng = random.Random(seed)
    pixels = bytes(rng.randrange(256) for _ in range(width * height * 3))
    fitted = image_resize.fit_dimensions(width, height, 2048)
    assert image_resize.resize((width, height), pixels, 3, fitted) == oracle_resize(
        (width, height), pixels, 3, fitted
    )
