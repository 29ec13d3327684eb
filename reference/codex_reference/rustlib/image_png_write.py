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


def _filtered(kind: int, row: bytes, prev: bytes) -> bytes:
    out = bytearray(len(row))
    for i, x in enumerate(row):
        a = row[i - _BPP] if i >= _BPP else 0
        b = prev[i]
        c = prev[i - _BPP] if i >= _BPP else 0
        predictor = (a, b, (a + b) >> 1, paeth(a, b, c))[kind - 1]
        out[i] = (x - predictor) & 0xFF
    return bytes(out)


def _score(data: bytes) -> int:
    return sum(byte if byte < 128 else 256 - byte for byte in data)


def _adaptive_rows(rows: list[bytes]) -> Iterator[bytes]:
    prev = bytes(len(rows[0])) if rows else b""
    for row in rows:
        best_kind, best_data, best_score = 0, b"", -1
        for kind in (1, 2, 3, 4):
            data = _filtered(kind, row, prev)
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
