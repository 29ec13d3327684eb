"""image 0.25.9's resize to fit 2048x2048 with its triangle filter, in f32 as the release computes it.

``DynamicImage::resize`` keeps the aspect ratio (new sides rounded from
``f64`` ratios, at least 1), then resamples the columns (a vertical pass
into an ``f32`` image) and then the rows, each output sample a normalised
triangle-weighted sum over the input samples within ``sratio`` of its
centre.  Every weight, sum and product is rounded to ``f32`` as the Rust
code does, and the result is clamped to 0..255 and rounded half away from
zero.

Each pass is computed one output line at a time over a whole line of
input: a tap's products are the input line times one weight, rounded to
``f32`` in bulk by ``array("f", ...)``, and added to the running sums,
rounded again.  An ``f32`` ``+ - * /`` is the ``f64`` operation on the
same operands rounded to ``f32`` (53 >= 2 x 24 + 2, so rounding twice
changes nothing), and the taps are added one after another in the
crate's order.  A sample's taps past its own (the crate stops at
``right``) and taps whose weight is 0 add ``+0.0`` to a non-negative sum,
which leaves it as it is, so only the taps of weight above 0 are added.
The horizontal pass runs as a vertical one on the transposed image.
"""

from __future__ import annotations

import math
import operator
from array import array
from itertools import repeat

from codex_reference.rustlib.floats import to_f32

__all__ = ["fit_dimensions", "resize", "resize_rgba"]


def fit_dimensions(width: int, height: int, limit: int) -> tuple[int, int]:
    """Each side times the smaller ratio, rounded half away from zero, at least 1."""
    ratio = min(limit / width, limit / height)
    return max(math.floor(width * ratio + 0.5), 1), max(math.floor(height * ratio + 0.5), 1)


def _weights(size: int, new_size: int) -> list[list[tuple[int, float]]]:
    """Per output index along one axis: its (input index, normalised weight) taps, weight above 0."""
    ratio = to_f32(size / new_size)
    # The crate's support is max(ratio, 1); images are only ever shrunk here (no side grows
    # when fitted into 2048x2048, and a side of 1 stays 1), so ratio >= 1 and it is the ratio.
    sratio = ratio
    out = []
    for index in range(new_size):
        centre = to_f32((index + 0.5) * ratio)  # index + 0.5 is exact in f32 below 2**23
        left = min(max(math.floor(to_f32(centre - sratio)), 0), size - 1)
        # The image crate also keeps right >= left + 1; it never binds here: ceil(centre + sratio)
        # lies at least 2 * sratio >= 2 past floor(centre - sratio), and past 0 where left is clipped.
        right = min(math.ceil(to_f32(centre + sratio)), size)
        centre = to_f32(centre - 0.5)
        weights, total = [], 0.0
        for i in range(left, right):
            x = abs(to_f32(to_f32(i - centre) / sratio))
            weight = to_f32(1.0 - x) if x < 1.0 else 0.0
            weights.append((i, weight))
            total = to_f32(total + weight)
        out.append([(i, to_f32(weight / total)) for i, weight in weights if weight > 0.0])
    return out


def _resample_lines(lines: list[array[float]], new_size: int) -> list[array[float]]:
    """``lines`` (an image's rows, each a line of f32 samples) resampled to ``new_size`` rows."""
    out = []
    for taps in _weights(len(lines), new_size):
        total: array[float] | None = None
        for index, weight in taps:
            line = lines[index]
            # A weight of 1 (a ratio of 1: the only tap) leaves every sample as it is.
            products = line if weight == 1.0 else array("f", map(operator.mul, line, repeat(weight)))
            total = products if total is None else array("f", map(operator.add, total, products))
        assert total is not None  # every output has a tap of weight above 0: the one nearest its centre
        out.append(total)
    return out


def _transposed(lines: list[array[float]], channels: int) -> list[array[float]]:
    """Rows of pixels (``channels`` samples each) -> columns of pixels, as rows."""
    height, width = len(lines), len(lines[0]) // channels
    flat = array("f")
    for line in lines:
        flat += line
    stride = width * channels
    columns = []
    for x in range(width):
        column = array("f", [0.0]) * (height * channels)
        for channel in range(channels):
            column[channel::channels] = flat[x * channels + channel :: stride]
        columns.append(column)
    return columns


def resize_rgba(width: int, height: int, rgba: bytes, new_width: int, new_height: int) -> bytes:
    """The RGBA8 image resampled to ``new_width`` x ``new_height`` (columns first, then rows)."""
    return resize((width, height), rgba, 4, (new_width, new_height))


def _to_bytes(samples: array[float]) -> bytes:
    """Each sample clamped to 0..255, then rounded half away from zero.

    The samples are sums of non-negative products, so the lower clamp never
    binds and ``int(v + 0.5)`` is ``floor(v + 0.5)`` (+ 0.5 is exact in f64
    for an f32 under 256).  Nor does the upper one: a sample is a weighted
    sum of samples of at most 255 whose weights add up to 1 give or take a
    few f32 roundings, far below 255.5, so the rounding gives at most 255
    (and ``bytes`` would refuse anything larger rather than wrap it).
    """
    return bytes(map(int, map(operator.add, samples, repeat(0.5))))


def resize(size: tuple[int, int], pixels: bytes, channels: int, new_size: tuple[int, int]) -> bytes:
    """An 8-bit image of ``channels`` interleaved samples a pixel, resampled; each channel on its own."""
    (width, height), (new_width, new_height) = size, new_size
    stride = width * channels
    # (array("f", some_bytes) would read the bytes as machine floats: the samples go in one by one.)
    samples = array("f", iter(pixels))
    rows = [samples[y * stride : (y + 1) * stride] for y in range(height)]
    # Vertical pass into an f32 image, then the horizontal one (on the columns, as rows).
    columns = _resample_lines(_transposed(_resample_lines(rows, new_height), channels), new_width)
    return b"".join(map(_to_bytes, _transposed(columns, channels)))
