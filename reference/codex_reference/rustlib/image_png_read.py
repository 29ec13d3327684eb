"""The pixels png 0.18.0 (under image 0.25.9) decodes from a plain PNG, as RGBA8 for resizing.

Only 8-bit RGB or RGBA, not interlaced.  Other PNGs (grey, palette, 16-bit,
interlaced, damaged) are declined: no capture pins what 0.169.0 makes of
them when it must resize them.
"""

from __future__ import annotations

import struct
import zlib

from codex_reference.errors import NotModelled
from codex_reference.rustlib.image_png_write import paeth

__all__ = ["read_rgba"]

_CHANNELS = {2: 3, 6: 4}  # colour type -> samples per pixel


def _unfilter(raw: bytes, stride: int, height: int, bpp: int) -> bytes:
    out = bytearray()
    prev = bytearray(stride)
    pos = 0
    for _ in range(height):
        kind, row = raw[pos], bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += 1 + stride
        if kind > 4 or len(row) != stride:
            raise NotModelled("a damaged PNG is not modelled")
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            predictor = (0, a, b, (a + b) >> 1, paeth(a, b, c))[kind]
            row[i] = (row[i] + predictor) & 0xFF
        out += row
        prev = row
    return bytes(out)


def read_rgba(data: bytes) -> tuple[int, int, bytes]:
    pos, idat, header = 8, bytearray(), b""
    while pos + 8 <= len(data):
        (size,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + size]
        if kind == b"IHDR":
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
    try:
        raw = zlib.decompress(bytes(idat))
    except zlib.error as exc:
        raise NotModelled("a damaged PNG is not modelled") from exc
    pixels = _unfilter(raw, width * channels, height, channels)
    if channels == 4:
        return width, height, pixels
    rgba = bytearray()
    for i in range(0, len(pixels), 3):
        rgba += pixels[i : i + 3] + b"\xff"
    return width, height, bytes(rgba)
