"""image 0.25.9's resize to fit 2048x2048 with its triangle filter, in f32 as the release computes it.

``DynamicImage::resize`` keeps the aspect ratio (new sides rounded from
``f64`` ratios, at least 1), then resamples the columns (a vertical pass
into an ``f32`` image) and then the rows, each output sample a normalised
triangle-weighted sum over the input samples within ``sratio`` of its
centre.  Every weight, sum and product is rounded to ``f32`` as the Rust
code does, and the result is clamped to 0..255 and rounded half away from
zero.

The arithmetic is numpy ``float32``, one whole-image operation per tap:
each element-wise ``+``, ``*``, ``-`` and ``/`` is the IEEE ``f32``
operation Rust performs, and the taps are added one after another (never
``np.sum``, whose pairwise order would round differently).  An output
sample with fewer taps than the widest gets weight 0 for the missing
ones: every product is non-negative, and adding ``+0.0`` to a
non-negative ``f32`` leaves it as it is, so each sample is still its own
sum in its own order.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

__all__ = ["fit_dimensions", "resize", "resize_rgba"]

_F32 = np.float32
_Samples = npt.NDArray[np.float32]


def fit_dimensions(width: int, height: int, limit: int) -> tuple[int, int]:
    """Each side times the smaller ratio, rounded half away from zero, at least 1."""
    ratio = min(limit / width, limit / height)
    return max(math.floor(width * ratio + 0.5), 1), max(math.floor(height * ratio + 0.5), 1)


def _weights(size: int, new_size: int) -> tuple[npt.NDArray[np.intp], _Samples]:
    """Per output index along one axis: its first input index, and its normalised weights
    (one column per tap, 0 past the index's own taps)."""
    ratio = _F32(size / new_size)
    # The crate's support is max(ratio, 1); images are only ever shrunk here (no side grows
    # when fitted into 2048x2048, and a side of 1 stays 1), so ratio >= 1 and it is the ratio.
    sratio = ratio
    centre = (np.arange(new_size, dtype=_F32) + _F32(0.5)) * ratio
    left = np.clip(np.floor(centre - sratio).astype(np.intp), 0, size - 1)
    # The image crate also keeps right >= left + 1; it never binds here: ceil(centre + sratio)
    # lies at least 2 * sratio >= 2 past floor(centre - sratio), and past 0 where left is clipped.
    right = np.minimum(np.ceil(centre + sratio).astype(np.intp), size)
    centre = centre - _F32(0.5)
    taps = np.arange(int((right - left).max()))
    inputs = left[:, None] + taps[None, :]
    x = np.abs((inputs.astype(_F32) - centre[:, None]) / sratio)
    weights: _Samples = np.where((x < _F32(1.0)) & (inputs < right[:, None]), _F32(1.0) - x, _F32(0.0))
    total = weights[:, 0].copy()
    for tap in taps[1:]:
        total = total + weights[:, tap]
    normalised: _Samples = weights / total[:, None]
    return left, normalised


def _resample(samples: _Samples, axis: int, new_size: int) -> _Samples:
    """``samples`` resampled along ``axis`` (0: columns, 1: rows), the taps added in order."""
    size = samples.shape[axis]
    left, weights = _weights(size, new_size)
    shape = [1] * samples.ndim
    shape[axis] = new_size
    total: _Samples | None = None
    for tap in range(weights.shape[1]):
        picked = np.take(samples, np.minimum(left + tap, size - 1), axis=axis)
        products = picked * weights[:, tap].reshape(shape)
        total = products if total is None else total + products
    assert total is not None
    return total


def resize_rgba(width: int, height: int, rgba: bytes, new_width: int, new_height: int) -> bytes:
    """The RGBA8 image resampled to ``new_width`` x ``new_height`` (columns first, then rows)."""
    return resize((width, height), rgba, 4, (new_width, new_height))


def resize(size: tuple[int, int], pixels: bytes, channels: int, new_size: tuple[int, int]) -> bytes:
    """An 8-bit image of ``channels`` interleaved samples a pixel, resampled; each channel on its own."""
    (width, height), (new_width, new_height) = size, new_size
    image = np.frombuffer(pixels, dtype=np.uint8).reshape(height, width, channels).astype(_F32)
    # Vertical pass into an f32 image, then the horizontal one.
    resampled = _resample(_resample(image, 0, new_height), 1, new_width)
    # Clamped, then rounded half away from zero: + 0.5 is exact in f64 for an f32 under 256.
    wide = resampled.astype(np.float64)
    rounded = np.where(wide <= 0.0, 0.0, np.where(wide >= 255.0, 255.0, np.floor(wide + 0.5)))
    return rounded.astype(np.uint8).tobytes()
