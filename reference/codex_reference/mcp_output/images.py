"""Which image data 0.169.0 passes on, and as what.

0.169.0 decodes the image (the declared ``mimeType`` is not trusted: a PNG
declared as JPEG is sent as ``image/png``), and writes a data URL of the
original bytes when it could.  Only what the captures show is modelled: a
small, well-formed PNG passes through; data that is not an image is
"omitted".  Anything else (other formats, large images the release would
resize) is declined rather than guessed.

What a PNG needs, as captured (the ``image-png-*`` cases): sound chunks with
right CRCs up to IEND, whose own CRC is never read (``iend-bad-crc``,
``iend-without-crc``; bytes after it are ignored); an IHDR first, of a
colour type and bit depth PNG defines, compression and filter method 0,
interlace method 0 or 1, neither side zero; a PLTE for a palette image;
IDAT data (over one or more chunks) that inflates to every row of every
pass.
"""

from __future__ import annotations

import base64
import binascii
import struct
import zlib

from codex_reference.errors import NotModelled

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Images this small are never resized; larger ones are not modelled
# (captured: image-png-grey-512x1).
_MAX_MODELLED_SIDE = 512
# Each colour type PNG defines: its samples a pixel, and the bit depths it allows
# (captured: image-png-colour-type-5, image-png-rgb-1bit).
_COLOUR_TYPES = {
    0: (1, frozenset({1, 2, 4, 8, 16})),
    2: (3, frozenset({8, 16})),
    3: (1, frozenset({1, 2, 4, 8})),
    4: (2, frozenset({8, 16})),
    6: (4, frozenset({8, 16})),
}
_PALETTE = 3
# The passes of each interlace method: first column, first row, column step, row step.
_PASSES = {
    0: ((0, 0, 1, 1),),
    1: ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)),
}


class Undecodable(Exception):
    """The data is not an image the release can decode."""


def _png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """The chunks before IEND, each checked against its CRC."""
    chunks: list[tuple[bytes, bytes]] = []
    offset = len(_PNG_SIGNATURE)
    while data[offset + 4 : offset + 8] != b"IEND":
        if offset + 12 > len(data):
            raise Undecodable("PNG without IEND")
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        if offset + 12 + length > len(data):
            raise Undecodable("PNG chunk cut short")
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise Undecodable("bad PNG chunk")
        chunks.append((kind, body))
        offset += 12 + length
    return chunks


def data_url(encoded: str) -> str:
    """The ``image_url`` 0.169.0 sends for base64 ``encoded``; ``Undecodable`` if none."""
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise Undecodable("not base64") from None
    if not data.startswith(_PNG_SIGNATURE):
        raise NotModelled("only PNG images are modelled for mcp.call_output")
    chunks = _png_chunks(data)
    if not chunks or chunks[0][0] != b"IHDR" or len(chunks[0][1]) != 13:
        raise Undecodable("PNG without IHDR")
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    samples, depths = _COLOUR_TYPES.get(colour, (0, frozenset()))
    if depth not in depths or compression or filtering or interlace not in _PASSES or not width or not height:
        raise Undecodable("an IHDR PNG does not define")
    if max(width, height) > _MAX_MODELLED_SIDE:
        raise NotModelled("large images are resized by the release; not modelled")
    if colour == _PALETTE and all(kind != b"PLTE" for kind, _ in chunks):
        raise Undecodable("a palette image without a PLTE")
    needed = sum(
        rows * (1 + (columns * samples * depth + 7) // 8)
        for columns, rows in _pass_sizes(width, height, _PASSES[interlace])
    )
    try:
        # Inflated no further than the image needs: a small file cannot expand without bound.
        pixels = zlib.decompressobj().decompress(
            b"".join(body for kind, body in chunks if kind == b"IDAT"), needed
        )
    except zlib.error:
        raise Undecodable("PNG data does not inflate") from None
    if len(pixels) < needed:
        # The release decodes every pixel (captured: image-png-idat-short).
        raise Undecodable("PNG data ends before its last row")
    return "data:image/png;base64," + encoded


def _pass_sizes(
    width: int, height: int, passes: tuple[tuple[int, int, int, int], ...]
) -> list[tuple[int, int]]:
    """The columns and rows of each pass that has pixels."""
    sizes = [
        ((width - column + column_step - 1) // column_step, (height - row + row_step - 1) // row_step)
        for column, row, column_step, row_step in passes
    ]
    return [(columns, rows) for columns, rows in sizes if columns and rows]
