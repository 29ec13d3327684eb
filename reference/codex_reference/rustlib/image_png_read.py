"""The pixels png 0.18.0 (under image 0.25.9) decodes from a plain PNG, as RGBA8 for resizing.

Only 8-bit RGB or RGBA, not interlaced.  Other PNGs (grey, palette, 16-bit,
interlaced, damaged) are declined: no capture pins what 0.169.0 makes of
them when it must resize them.
"""

from __future__ import annotations

import struct
import zlib

from codex_reference.errors import NotModelled

__all__ = ["read_rgba"]

_CHANNELS = {2: 3, 6: 4}  # colour type -> samples per pixel


def _paeth(a: int, b: int, c: int) -> int:
    """PNG's Paeth predictor (filter type 4): of a, b and c the one nearest a + b - c; ties to a, then b."""
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _plus(x: int, y: int, high: int, low: int) -> int:
    """x + y in every byte lane of two integers, modulo 256 (no carry crosses a lane)."""
    return ((x & low) + (y & low)) ^ ((x ^ y) & high)


def _sub_row(raw: bytes, bpp: int) -> bytes:
    """Undo Sub: each byte plus the decoded one ``bpp`` back, by prefix sums over lanes.

    Doubling the reach each step (bpp, 2bpp, 4bpp...) sums a whole row in
    log2(width) integer operations instead of a Python step per byte.
    """
    size = len(raw)
    high = int.from_bytes(b"\x80" * size, "little")
    low = int.from_bytes(b"\x7f" * size, "little")
    every = (1 << (8 * size)) - 1
    total = int.from_bytes(raw, "little")
    reach = bpp
    while reach < size:
        total = _plus(total, (total << (8 * reach)) & every, high, low)
        reach *= 2
    return total.to_bytes(size, "little")


def _up_row(raw: bytes, prev: bytes) -> bytes:
    size = len(raw)
    high = int.from_bytes(b"\x80" * size, "little")
    low = int.from_bytes(b"\x7f" * size, "little")
    total = _plus(int.from_bytes(raw, "little"), int.from_bytes(prev, "little"), high, low)
    return total.to_bytes(size, "little")


def _slow_row(kind: int, raw: bytes, prev: bytes, bpp: int) -> bytes:
    """Undo Average or Paeth, whose predictors read the bytes just decoded: one step per byte."""
    row = bytearray(raw)
    for i in range(len(row)):
        a = row[i - bpp] if i >= bpp else 0
        b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
        predictor = (a + b) >> 1 if kind == 3 else _paeth(a, b, c)
        row[i] = (row[i] + predictor) & 0xFF
    return bytes(row)


def _unfilter(raw: bytes, stride: int, height: int, bpp: int) -> bytes:
    if len(raw) < (stride + 1) * height:
        raise NotModelled("a damaged PNG is not modelled")
    out = bytearray()
    prev = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], raw[start + 1 : start + 1 + stride]
        if kind > 4:
            raise NotModelled("a damaged PNG is not modelled")
        if kind == 1:
            row = _sub_row(row, bpp)
        elif kind == 2:
            row = _up_row(row, prev)
        elif kind in (3, 4):
            row = _slow_row(kind, row, prev, bpp)
        out += row
        prev = row
    return bytes(out)


def read_rgba(data: bytes) -> tuple[int, int, bytes]:
    pos, idat, header = 8, bytearray(), b""
    while pos + 8 <= len(data):
        (size,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + size]
        if kind == b"IHDR":
            if header:
                # The size the model checked before decoding is the first header's.
                raise NotModelled("a PNG with a second IHDR is not modelled")
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    if len(header) != 13:
        raise NotModelled("a PNG without a valid IHDR is not modelled")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in _CHANNELS or interlace:
        raise NotModelled("resizing a PNG other than 8-bit RGB/RGBA, not interlaced, is not modelled")
    channels = _CHANNELS[colour]
    expected = (width * channels + 1) * height
    try:
        # Never inflates past what the image holds: a small file cannot expand without bound.
        raw = zlib.decompressobj().decompress(bytes(idat), expected)
    except zlib.error as exc:
        raise NotModelled("a damaged PNG is not modelled") from exc
    pixels = _unfilter(raw, width * channels, height, channels)
    if channels == 4:
        return width, height, pixels
    count = width * height
    rgba = bytearray(b"\xff" * (4 * count))  # alpha 255, the colours put in around it
    for channel in range(3):
        rgba[channel::4] = pixels[channel::3]
    return width, height, bytes(rgba)
