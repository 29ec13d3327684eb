"""What 0.169.0's view_image makes of a file's bytes (DISPATCH-IMAGE-1).

The release sniffs the format from the first bytes and decodes the image.
PNG, JPEG and WebP no larger than 2048x2048 are sent as they are, under
their own MIME type; a GIF that size is re-encoded as PNG (its first
frame, ``image_gif`` and ``image_png_write``).  Anything larger is resized to
fit 2048x2048 with a triangle filter (``image_resize``) and re-encoded:
GIF and 8-bit RGB/RGBA PNG as PNG, a baseline JPEG (decoded as zune-jpeg
does, ``image_jpeg_read``) as JPEG (``image_jpeg_write``) are modelled;
WebP, other PNGs and other JPEGs are declined.  Other formats (BMP included)
and bytes that are no image get ``None``: the release answers "invalid or
unsupported image data".

Only the dimensions of a passed-through file are read here; a file whose
header is damaged, which the release's full decode would reject, is
declined rather than guessed.
"""

from __future__ import annotations

import struct

from codex_reference.errors import NotModelled
from codex_reference.rustlib import (
    image_gif,
    image_jpeg_read,
    image_jpeg_write,
    image_png_read,
    image_png_write,
    image_resize,
)

__all__ = ["MAX_DIMENSION", "prompt_image"]

MAX_DIMENSION = 2048

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"
# JPEG start-of-frame markers (C0..CF but DHT C4, JPG C8 and DAC CC).
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) < 24 or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    pos = 2
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte
            pos += 1
            continue
        length = int.from_bytes(data[pos + 2 : pos + 4], "big")
        if marker in _SOF:
            if pos + 9 > len(data):
                return None
            height, width = struct.unpack(">HH", data[pos + 5 : pos + 9])
            return width, height
        pos += 2 + length
    return None


def _webp_size(data: bytes) -> tuple[int, int] | None:
    kind, body = data[12:16], data[20:]
    if kind == b"VP8L" and len(body) >= 5 and body[0] == 0x2F:
        bits = int.from_bytes(body[1:5], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if kind == b"VP8 " and len(body) >= 10 and body[3:6] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", body[6:10])
        return width & 0x3FFF, height & 0x3FFF
    if kind == b"VP8X" and len(body) >= 10:
        return int.from_bytes(body[4:7], "little") + 1, int.from_bytes(body[7:10], "little") + 1
    return None


def _fits(size: tuple[int, int]) -> bool:
    return size[0] <= MAX_DIMENSION and size[1] <= MAX_DIMENSION


def _fitted_png(width: int, height: int, rgba: bytes) -> bytes:
    """The PNG of an image, first resized to fit 2048x2048 (``image_resize``) if larger."""
    if not _fits((width, height)):
        fitted = image_resize.fit_dimensions(width, height, MAX_DIMENSION)
        rgba = image_resize.resize_rgba(width, height, rgba, *fitted)
        width, height = fitted
    return image_png_write.encode_rgba(width, height, rgba)


def _fitted_jpeg(data: bytes) -> bytes:
    """A JPEG larger than 2048x2048: decoded, resized in RGB and written as JPEG again."""
    image = image_jpeg_read.decode(data)
    fitted = image_resize.fit_dimensions(image.width, image.height, MAX_DIMENSION)
    rgb = image_resize.resize((image.width, image.height), image.rgb, 3, fitted)
    return image_jpeg_write.encode_rgb(*fitted, rgb)


def prompt_image(data: bytes) -> tuple[str, bytes] | None:
    """(MIME type, bytes) of the image the release sends, or None for no image it can decode."""
    if data.startswith((b"GIF87a", b"GIF89a")):
        image = image_gif.decode_first_frame(data)
        return "image/png", _fitted_png(image.width, image.height, image.rgba)
    if data.startswith(_PNG):
        mime, size = "image/png", _png_size(data)
    elif data.startswith(_JPEG):
        mime, size = "image/jpeg", _jpeg_size(data)
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        mime, size = "image/webp", _webp_size(data)
    else:
        return None
    if size is None:
        raise NotModelled(f"an {mime} file whose header gives no dimensions is not modelled")
    if _fits(size):
        return mime, data
    if mime == "image/jpeg":
        return mime, _fitted_jpeg(data)
    if mime != "image/png":
        raise NotModelled(f"{mime} files larger than 2048x2048 are resized and re-encoded: not modelled")
    return mime, _fitted_png(*image_png_read.read_rgba(data))
