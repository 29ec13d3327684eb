"""The PNG 0.169.0 writes for an image it re-encodes (DISPATCH-IMAGE-1).

image 0.25.9's ``PngEncoder::new`` asks png 0.18.0 for its "fast" setting
on 8-bit RGBA: every row gets the adaptive filter (of Sub, Up, Average and
Paeth the one whose bytes, read as signed, have the smallest absolute sum;
a tie goes to the later one, and None is never tried) and the filtered
rows go through fdeflate, one row per write.  If that stream is longer
than fdeflate's estimate of a stored stream, the image is written again
unfiltered (filter byte 0 on every row) in stored blocks.  The file is the
signature, ``IHDR``, one ``IDAT`` and ``IEND``: no other chunk.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator

from codex_reference.rustlib import image_deflate

__all__ = ["encode_rgba", "paeth"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_BPP = 4  # bytes per pixel of RGBA8, the distance the filters look back


def paeth(a: int, b: int, c: int) -> int:
    """PNG's Paeth predictor (filter type 4), for the writer and the reader."""
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


class _Lanes:
    """One row's bytes as lanes of a Python integer, so each filter is a few whole-row operations.

    The filters are byte-wise arithmetic modulo 256 (Paeth's comparisons
    need 10 bits: it works in 16-bit lanes); done lane-parallel on one
    integer they cost C loops over the row instead of Python steps per byte.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.high = int.from_bytes(b"\x80" * size, "little")
        self.low = int.from_bytes(b"\x7f" * size, "little")
        self.all = (1 << (8 * size)) - 1
        self.even = int.from_bytes(b"\xfe" * size, "little")
        self.bias = int.from_bytes(b"\x00\x04" * size, "little")  # 0x0400 in every 16-bit lane
        self.ones = int.from_bytes(b"\x01\x00" * size, "little")
        self.all16 = (1 << (16 * size)) - 1

    def minus(self, x: int, y: int) -> int:
        """x - y in every byte lane, modulo 256 (no borrow crosses a lane)."""
        return ((x | self.high) - (y & self.low)) ^ ((x ^ y ^ self.all) & self.high)

    def wide(self, value: int) -> int:
        spread = bytearray(2 * self.size)
        spread[0::2] = value.to_bytes(self.size, "little")
        return int.from_bytes(spread, "little")

    def narrow(self, value: int) -> int:
        return int.from_bytes(value.to_bytes(2 * self.size, "little")[0::2], "little")

    def _at_most(self, u: int, v: int) -> int:
        """0xFFFF in the 16-bit lanes where u <= v (values up to 510), else 0."""
        return (((v + self.bias - u) >> 10) & self.ones) * 0xFFFF

    def _distance(self, u: int, v: int) -> int:
        """|u - v| in every 16-bit lane (values up to 510)."""
        up, down = u + self.bias - v, v + self.bias - u
        keep = ((up >> 10) & self.ones) * 0xFFFF
        rest = self.all16 ^ keep
        return ((up & keep) - (self.bias & keep)) | ((down & rest) - (self.bias & rest))

    def paeth(self, a: int, b: int, c: int) -> int:
        """The Paeth predictor (a, b or c, nearest to a + b - c; ties to a, then b) in every lane."""
        a, b, c = self.wide(a), self.wide(b), self.wide(c)
        pa, pb, pc = self._distance(b, c), self._distance(a, c), self._distance(a + b, c + c)
        take_a = self._at_most(pa, pb) & self._at_most(pa, pc)
        take_b = (self.all16 ^ take_a) & self._at_most(pb, pc)
        take_c = self.all16 ^ take_a ^ take_b
        return self.narrow((a & take_a) | (b & take_b) | (c & take_c))


def _filtered_rows(row: bytes, prev: bytes, lanes: _Lanes) -> list[bytes]:
    """The row under Sub, Up, Average and Paeth (filter types 1 to 4), in that order."""
    x, b = int.from_bytes(row, "little"), int.from_bytes(prev, "little")
    shift = 8 * _BPP  # the pixel to the left is _BPP bytes back
    a, c = (x << shift) & lanes.all, (b << shift) & lanes.all
    average = (a & b) + (((a ^ b) & lanes.even) >> 1)
    predictors = (a, b, average, lanes.paeth(a, b, c))
    return [lanes.minus(x, predictor).to_bytes(lanes.size, "little") for predictor in predictors]


# A filtered byte's cost: its value read as signed, made absolute.
_COST = bytes(value if value < 128 else 256 - value for value in range(256))


def _score(data: bytes) -> int:
    return sum(data.translate(_COST))


def _adaptive_rows(rows: list[bytes]) -> Iterator[bytes]:
    lanes = _Lanes(len(rows[0]) if rows else 0)
    prev = bytes(lanes.size)
    for row in rows:
        best_kind, best_data, best_score = 0, b"", -1
        for kind, data in enumerate(_filtered_rows(row, prev, lanes), start=1):
            score = _score(data)
            if best_score < 0 or score <= best_score:
                best_kind, best_data, best_score = kind, data, score
        yield bytes([best_kind]) + best_data
        prev = row


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode_rgba(width: int, height: int, rgba: bytes) -> bytes:
    """The PNG file of an 8-bit RGBA image, byte for byte as 0.169.0 writes it."""
    stride = width * 4
    rows = [rgba[y * stride : (y + 1) * stride] for y in range(height)]
    compressed = image_deflate.fast(_adaptive_rows(rows))
    if len(compressed) > image_deflate.stored_size((stride + 1) * height):
        compressed = image_deflate.stored(b"".join(b"\x00" + row for row in rows))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", compressed) + _chunk(b"IEND", b"")
