"""The PNG 0.169.0 writes for an image it re-encodes (DISPATCH-IMAGE-1).

image 0.25.9's ``PngEncoder::new`` asks png 0.18.0 for its "fast" setting
on 8-bit RGBA: every row gets the adaptive filter (of Sub, Up, Average and
Paeth the one whose bytes, read as signed, have the smallest absolute sum;
a tie goes to the later one, and None is never tried) and the filtered
rows go through fdeflate, one row per write.  If that stream is longer
than fdeflate's estimate of a stored stream, the image is written again
unfiltered (filter byte 0 on every row) in stored blocks.  The file is the
signature, ``IHDR``, one ``IDAT`` and ``IEND``: no other chunk.

The filters read the image's own bytes, never a filtered row, so all rows
are filtered and scored at once (numpy); the byte-by-byte writer they
replace is the oracle in reference/tests/test_image_png_oracle.py.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
import numpy.typing as npt

from codex_reference.rustlib import image_deflate

__all__ = ["encode_rgba"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_BPP = 4  # bytes per pixel of RGBA8, the distance the filters look back

# Bytes widened to int16, so that differences and Paeth's sums do not wrap.
_Bytes = npt.NDArray[np.int16]


def _filtered(rows: _Bytes) -> list[_Bytes]:
    """Every row under Sub, Up, Average and Paeth (filter types 1 to 4), in that order.

    The encoder filters the image's own bytes, so every row's filters are
    known at once: ``a`` is the byte a pixel back, ``b`` the one above,
    ``c`` the one above ``a``, zero off the image.
    """
    a, b, c = np.zeros_like(rows), np.zeros_like(rows), np.zeros_like(rows)
    b[1:] = rows[:-1]
    a[:, _BPP:], c[:, _BPP:] = rows[:, :-_BPP], b[:, :-_BPP]
    # Paeth: of a, b and c the one nearest a + b - c; ties to a, then b.
    pa, pb, pc = np.abs(b - c), np.abs(a - c), np.abs(a + b - 2 * c)
    paeth = np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))
    return [(rows - predictor) & 0xFF for predictor in (a, b, (a + b) >> 1, paeth)]


def _adaptive_rows(rows: _Bytes) -> list[bytes]:
    """Each row with its filter byte: of the four filters, the one whose bytes cost least (ties: later)."""
    filtered = np.stack(_filtered(rows))
    # A filtered byte's cost: its value read as signed (int8 wraps 128..255 to -128..-1), made absolute.
    scores = np.abs(filtered.astype(np.int8).astype(np.int64)).sum(axis=2)
    # argmin takes the first of equal scores: over the filters in reverse, that is the last.
    kinds = len(filtered) - np.argmin(scores[::-1], axis=0)
    chosen = filtered[kinds - 1, np.arange(rows.shape[0])]
    out = np.concatenate((kinds[:, None], chosen), axis=1).astype(np.uint8)
    return [row.tobytes() for row in out]


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode_rgba(width: int, height: int, rgba: bytes) -> bytes:
    """The PNG file of an 8-bit RGBA image, byte for byte as 0.169.0 writes it."""
    stride = width * 4
    rows = np.frombuffer(rgba, dtype=np.uint8).reshape(height, stride)
    compressed = image_deflate.fast(_adaptive_rows(rows.astype(np.int16)))
    if len(compressed) > image_deflate.stored_size((stride + 1) * height):
        unfiltered = np.concatenate((np.zeros((height, 1), dtype=np.uint8), rows), axis=1)
        compressed = image_deflate.stored(unfiltered.tobytes())
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", compressed) + _chunk(b"IEND", b"")
