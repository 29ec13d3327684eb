"""Which image data 0.169.0 passes on, and as what.

0.169.0 decodes the image (the declared ``mimeType`` is not trusted: a PNG
declared as JPEG is sent as ``image/png``), and writes a data URL of the
original bytes when it could.  Only what the captures show is modelled: a
small, well-formed PNG passes through; data that is not an image is
"omitted".  Anything else (other formats, large images the release would
resize) is declined rather than guessed.
"""

from __future__ import annotations

import base64
import binascii
import struct
import zlib

from codex_reference.errors import NotModelled

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Images this small are never resized; larger ones are not modelled.
_MAX_MODELLED_SIDE = 512


class Undecodable(Exception):
    """The data is not an image the release can decode."""


def _png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    chunks: list[tuple[bytes, bytes]] = []
    offset = len(_PNG_SIGNATURE)
    while offset + 12 <= len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        if offset + 12 + length > len(data):
            raise Undecodable("PNG chunk cut short")
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length : offset + 12 + length])
        if len(body) != length or zlib.crc32(kind + body) != crc:
            raise Undecodable("bad PNG chunk")
        chunks.append((kind, body))
        offset += 12 + length
        if kind == b"IEND":
            return chunks
    raise Undecodable("PNG without IEND")


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
    width, height = struct.unpack(">II", chunks[0][1][:8])
    if max(width, height) > _MAX_MODELLED_SIDE:
        raise NotModelled("large images are resized by the release; not modelled")
    # Inflated no further than the largest image this size holds (8 bytes a pixel, a
    # filter byte a row): a small file cannot expand without bound.
    most = max((8 * width + 1) * height, 1)
    try:
        pixels = zlib.decompressobj().decompress(
            b"".join(body for kind, body in chunks if kind == b"IDAT"), most
        )
    except zlib.error:
        raise Undecodable("PNG data does not inflate") from None
    needed = _scanline_bytes(chunks[0][1])
    if needed is not None and len(pixels) < needed:
        # The release decodes every pixel (captured: image-png-idat-short).
        raise Undecodable("PNG data ends before its last row")
    return "data:image/png;base64," + encoded


# Samples a pixel of each PNG colour type holds.
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def _scanline_bytes(ihdr: bytes) -> int | None:
    """The bytes a non-interlaced image's rows take inflated, filter bytes included; None
    where that is not this simple sum (an interlaced image, or a colour type PNG has not)."""
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", ihdr)
    if interlace != 0 or colour not in _CHANNELS:
        return None
    row: int = (width * _CHANNELS[colour] * depth + 7) // 8
    return int(height) * (1 + row)
