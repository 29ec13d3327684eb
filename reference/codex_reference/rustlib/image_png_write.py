"""The PNG 0.169.0 writes for an image it re-encodes (DISPATCH-IMAGE-1).

image 0.25.9's ``PngEncoder::new`` asks png 0.18.0 for its "fast" setting
on 8-bit RGBA: every row gets the adaptive filter (of Sub, Up, Average and
Paeth the one whose bytes, read as signed, have the smallest absolute sum;
a tie goes to the later one, and None is never tried) and the filtered
rows go through fdeflate, one row per write.  If that stream is longer
than fdeflate's estimate of a stored stream, the image is written again
unfiltered (filter byte 0 on every row) in stored blocks.  The file is the
signature, ``IHDR``, one ``IDAT`` and ``IEND``: no other chunk.

0.171.0's encoder (``adaptive_rows_up_for_repeats``) differs in one choice:
a row whose Up bytes are all zero (it repeats the row above; the first row:
it is all zero) gets Up, where 0.169.0's adaptive choice took the later
filter of a tie (Paeth, which is also all zero there); every other row is
chosen as before (captured: dispatch/0.171.0/view-image-png-2049x4,
dispatch/0.171.0/view-image-gif-offset-frame).  The deflate stream of the
chosen rows is unchanged.

The filters read the image's own bytes, never a filtered row, so every
row's four filters are computed at once, on the whole image in 16-bit
lanes (``int_lanes``); the byte-by-byte writer they replace is the oracle
in reference/tests/test_image_png_oracle.py.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

from codex_reference.rustlib import image_deflate
from codex_reference.rustlib.int_lanes import Lanes

__all__ = ["RowFilters", "adaptive_rows", "adaptive_rows_up_for_repeats", "encode_rgba"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_BPP = 4  # bytes per pixel of RGBA8, the distance the filters look back
# A filtered byte's cost: its value read as signed (128..255 as -128..-1), made absolute.
_COST = bytes(value if value < 128 else 256 - value for value in range(256))
_UP = 2  # the Up filter's type byte

# The image's bytes and its stride -> each row with its filter byte (the edition's choice).
RowFilters = Callable[[bytes, int], list[bytes]]


def _shifted(image: bytes, stride: int, back: int) -> bytes:
    """Each byte of every row replaced by the one ``back`` (at most a row) before it in the row,
    0 off the row."""
    moved = bytearray(bytes(back) + image[:-back])
    for lane in range(back):  # the first ``back`` bytes of every row
        moved[lane::stride] = bytes(len(image) // stride)
    return bytes(moved)


def _filtered(image: bytes, stride: int) -> list[bytes]:
    """The whole image under Sub, Up, Average and Paeth (filter types 1 to 4), in that order.

    ``a`` is the byte a pixel back, ``b`` the one above, ``c`` the one above
    ``a``, zero off the image.  In 16-bit lanes nothing a filter computes
    (at most 1022) reaches a lane's top bit, so lanes never interfere.
    """
    lanes = Lanes(len(image), 16)
    above = bytes(stride) + image[:-stride]
    x, a, b = (lanes.of_bytes(data) for data in (image, _shifted(image, stride, _BPP), above))
    c = lanes.of_bytes(_shifted(above, stride, _BPP))
    byte = lanes.fill(0xFF)
    # Paeth: of a, b and c the one nearest p = a + b - c; ties to a, then b.
    pa = _absolute(lanes, b + lanes.fill(256) - c, 8)  # |p - a| = |b - c|
    pb = _absolute(lanes, a + lanes.fill(256) - c, 8)  # |p - b| = |a - c|
    pc = _absolute(lanes, a + b + lanes.fill(512) - 2 * c, 9)  # |p - c|
    to_a = lanes.at_least(pb, pa) & lanes.at_least(pc, pa)
    paeth = lanes.select(to_a, a, lanes.select(lanes.at_least(pc, pb), b, c))
    # (a + b) >> 1 keeps each lane's own bits: the bit shifted in from the lane above is masked off.
    average = ((a + b) >> 1) & byte
    return [lanes.to_bytes((x + lanes.fill(256) - predictor) & byte) for predictor in (a, b, average, paeth)]


def _absolute(lanes: Lanes, offset: int, bit: int) -> int:
    """|v| in every lane, from lanes holding ``v + 2 ** bit`` (``0 < v + 2 ** bit < 2 ** (bit + 1)``)."""
    below = (~offset >> bit) & lanes.ones  # 1 where v < 0: the lane's bit ``bit`` is clear
    low = offset & lanes.fill((1 << bit) - 1)  # v where v >= 0, else 2 ** bit + v (at least 1)
    # Where v < 0: 2 ** bit - low, which is (low with its ``bit`` bits flipped) + 1.
    return (low ^ below * ((1 << bit) - 1)) + below


def _least_cost(filtered: list[bytes], start: int, stride: int) -> int:
    """Of the four filters, the one whose bytes of the row at ``start`` cost least (ties: the later)."""
    best_kind, best_cost = 0, 0
    for kind, data in enumerate(filtered, start=1):
        cost = sum(data[start : start + stride].translate(_COST))
        if not best_kind or cost <= best_cost:
            best_kind, best_cost = kind, cost
    return best_kind


def _rows(image: bytes, stride: int, up_for_repeats: bool) -> list[bytes]:
    filtered = _filtered(image, stride)
    rows = []
    for start in range(0, len(image), stride):
        up_row = filtered[_UP - 1][start : start + stride]
        kind = _UP if up_for_repeats and not up_row.strip(b"\x00") else _least_cost(filtered, start, stride)
        rows.append(bytes([kind]) + filtered[kind - 1][start : start + stride])
    return rows


def adaptive_rows(image: bytes, stride: int) -> list[bytes]:
    """0.169.0: each row under the filter whose bytes cost least (ties: the later)."""
    return _rows(image, stride, up_for_repeats=False)


def adaptive_rows_up_for_repeats(image: bytes, stride: int) -> list[bytes]:
    """0.171.0: a row whose Up bytes are all zero under Up, every other row as ``adaptive_rows``."""
    return _rows(image, stride, up_for_repeats=True)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode_rgba(width: int, height: int, rgba: bytes, rows: RowFilters = adaptive_rows) -> bytes:
    """The PNG file of an 8-bit RGBA image, byte for byte as the release whose ``rows`` it is writes it."""
    stride = width * 4
    compressed = image_deflate.fast(rows(rgba, stride))
    if len(compressed) > image_deflate.stored_size((stride + 1) * height):
        unfiltered = b"".join(b"\x00" + rgba[start : start + stride] for start in range(0, len(rgba), stride))
        compressed = image_deflate.stored(unfiltered)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", compressed) + _chunk(b"IEND", b"")
