"""Inline ``data:`` URLs of dynamic tool content items, and the PNG check.

Only what the captures show is modelled (DYN-OUT-IMAGE-1, DYN-OUT-AUDIO-1):
bad base64 and bytes of no image format are refused; a PNG up to 2048x2048
is passed on byte for byte; any other image (JPEG, GIF, WebP, larger
images the release resizes) is declined, never guessed.
"""

from __future__ import annotations

import base64
import binascii
import struct
import zlib

from codex_reference.errors import NotModelled

# Magic bytes of the formats the release's image decoder sniffs; bytes that
# start with none of them are no image.  Which of them it decodes beyond PNG
# is not captured.
_OTHER_IMAGE_MAGIC = (
    b"\xff\xd8\xff",  # JPEG
    b"GIF87a",
    b"GIF89a",
    b"RIFF",  # WebP (RIFF....WEBP)
    b"BM",  # BMP
    b"II*\x00",  # TIFF
    b"MM\x00*",
    b"\x00\x00\x01\x00",  # ICO
    b"qoif",
    b"#?RADIANCE",
    b"\x76\x2f\x31\x01",  # OpenEXR
    b"DDS ",
    b"farbfeld",
    b"P1",
    b"P2",
    b"P3",
    b"P4",
    b"P5",
    b"P6",
    b"P7",
)
_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_MAX_SIDE = 2048
# Samples per pixel by PNG colour type.
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def decode(url: str) -> tuple[str, bytes] | None:
    """(mime, bytes) of a base64 ``data:`` URL; None when it does not decode."""
    head, comma, payload = url.partition(",")
    if not comma or not head.startswith("data:") or not head.endswith(";base64"):
        raise NotModelled(f"a data URL other than `data:<mime>;base64,` is not captured: {head!r}")
    try:
        data = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        return None
    if base64.b64encode(data).decode() != payload:
        raise NotModelled("a base64 payload in other than canonical form is not captured")
    return head[len("data:") : -len(";base64")], data


def _png_is_whole(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG whose every chunk and pixel row checks out; else NotModelled."""
    position, chunks = len(_PNG_MAGIC), []
    while position + 12 <= len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length : position + 12 + length] or b"\0\0\0\0")
        if len(body) != length or zlib.crc32(kind + body) != crc:
            raise NotModelled("a damaged PNG is not captured")
        chunks.append((kind, body))
        position += 12 + length
        if kind == b"IEND":
            break
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND" or len(chunks[0][1]) != 13:
        raise NotModelled("a PNG without IHDR first and IEND last is not captured")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    if colour not in _CHANNELS or depth not in (1, 2, 4, 8, 16) or interlace != 0:
        raise NotModelled("this PNG colour type, depth or interlacing is not captured")
    try:
        pixels = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    except zlib.error as bad:
        raise NotModelled("a PNG whose image data does not inflate is not captured") from bad
    row = (width * _CHANNELS[colour] * depth + 7) // 8
    if len(pixels) != height * (1 + row) or width == 0 or height == 0:
        raise NotModelled("a PNG whose image data has the wrong size is not captured")
    return width, height


def image_url(data: bytes) -> str | None:
    """The URL the release sends for these image bytes; None when they are no image."""
    if data.startswith(_PNG_MAGIC):
        width, height = _png_is_whole(data)
        if width > _MAX_SIDE or height > _MAX_SIDE:
            raise NotModelled("a PNG the release resizes (a side past 2048) is not modelled here")
        # The bytes decide the type, not the URL's label (captured: image-mime-mismatch).
        return "data:image/png;base64," + base64.b64encode(data).decode()
    if any(data.startswith(magic) for magic in _OTHER_IMAGE_MAGIC):
        raise NotModelled("image formats other than PNG are not captured for dynamic tool outputs")
    return None
