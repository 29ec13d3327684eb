"""image 0.25.9's resize to fit 2048x2048 with its triangle filter, in f32 as the release computes it.

``DynamicImage::resize`` keeps the aspect ratio (new sides rounded from
``f64`` ratios, at least 1), then resamples the columns (a vertical pass
into an ``f32`` image) and then the rows, each output sample a normalised
triangle-weighted sum over the input samples within ``sratio`` of its
centre.  Every weight, sum and product is rounded to ``f32`` as the Rust
code does, and the result is clamped to 0..255 and rounded half away from
zero; ``f32`` operations are exact here because one ``f64`` operation on
two ``f32`` values, rounded to ``f32``, is the ``f32`` operation.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from itertools import chain, repeat
from operator import add, mul

from codex_reference.rustlib.floats import to_f32 as _f32

__all__ = ["fit_dimensions", "resize", "resize_rgba"]


def _round_half_away(value: float) -> int:
    return math.floor(value + 0.5) if value >= 0 else -math.floor(-value + 0.5)


def fit_dimensions(width: int, height: int, limit: int) -> tuple[int, int]:
    ratio = min(limit / width, limit / height)
    return max(_round_half_away(width * ratio), 1), max(_round_half_away(height * ratio), 1)


def _weights(size: int, new_size: int) -> list[tuple[int, list[float]]]:
    """(first input index, normalised weights) per output index along one axis."""
    ratio = _f32(size / new_size)
    sratio = 1.0 if ratio < 1.0 else ratio
    out = []
    for index in range(new_size):
        centre = _f32((index + 0.5) * ratio)
        left = min(max(math.floor(_f32(centre - sratio)), 0), size - 1)
        right = min(max(math.ceil(_f32(centre + sratio)), left + 1), size)
        centre = _f32(centre - 0.5)
        weights, total = [], 0.0
        for i in range(left, right):
            x = abs(_f32(_f32(i - centre) / sratio))
            weight = _f32(1.0 - x) if x < 1.0 else 0.0
            weights.append(weight)
            total = _f32(total + weight)
        out.append((left, [_f32(weight / total) for weight in weights]))
    return out


def resize_rgba(width: int, height: int, rgba: bytes, new_width: int, new_height: int) -> bytes:
    """The RGBA8 image resampled to ``new_width`` x ``new_height`` (columns first, then rows)."""
    return resize((width, height), rgba, 4, (new_width, new_height))


def _f32_sum(terms: Sequence[Sequence[float]], weights: list[float]) -> array[float]:
    """sum(term * weight) element-wise, each product and partial sum rounded to ``f32``, in order.

    ``array("f", ...)`` rounds a whole sequence of doubles to ``f32`` at once;
    ``map`` keeps the per-sample work in C.
    """
    total = array("f", map(mul, terms[0], repeat(weights[0])))
    for term, weight in zip(terms[1:], weights[1:], strict=True):
        products = array("f", map(mul, term, repeat(weight)))
        total = array("f", map(add, total, products))
    return total


def _to_byte(value: float) -> int:
    """An f32 sample clamped to 0..255 and rounded half away from zero (non-negative here)."""
    return 0 if value <= 0.0 else 255 if value >= 255.0 else int(value + 0.5)


def resize(size: tuple[int, int], pixels: bytes, channels: int, new_size: tuple[int, int]) -> bytes:
    """An 8-bit image of ``channels`` interleaved samples a pixel, resampled; each channel on its own."""
    (width, height), (new_width, new_height) = size, new_size
    stride = width * channels
    rows = [pixels[y * stride : (y + 1) * stride] for y in range(height)]
    # Vertical pass: one f32 row per output row.
    columns = [
        _f32_sum(rows[top : top + len(weights)], weights) for top, weights in _weights(height, new_height)
    ]
    # Horizontal pass: every input column as the (row, channel) samples it holds.
    by_x = list(zip(*(row[c::channels] for row in columns for c in range(channels)), strict=True))
    total = _horizontal(by_x, _weights(width, new_width))
    # `total` runs (output column, row, channel); the output runs (row, column, channel).
    depth = len(by_x[0])
    out = bytearray(new_width * new_height * channels)
    out_stride = new_width * channels
    for y in range(new_height):
        for c in range(channels):
            samples = total[y * channels + c :: depth]
            out[y * out_stride + c : (y + 1) * out_stride : channels] = bytes(map(_to_byte, samples))
    return bytes(out)


def _horizontal(by_x: list[tuple[float, ...]], weights: list[tuple[int, list[float]]]) -> array[float]:
    """Every output column's weighted sum, all columns at once, one tap at a time.

    Tap k of every output column is one long product and one long sum, so the
    work stays in C.  A column with fewer taps gets weight 0 for the missing
    ones: adding the product 0.0 to an f32 sum of non-negative terms leaves it
    as it is, so each column is still its own sum, in its own order.
    """
    depth = len(by_x[0])
    last = len(by_x) - 1
    total: array[float] | None = None
    for tap in range(max(len(taps) for _, taps in weights)):
        samples = chain.from_iterable(by_x[min(left + tap, last)] for left, _ in weights)
        factors = chain.from_iterable(
            repeat(taps[tap] if tap < len(taps) else 0.0, depth) for _, taps in weights
        )
        products = array("f", map(mul, samples, factors))
        total = products if total is None else array("f", map(add, total, products))
    assert total is not None
    return total
