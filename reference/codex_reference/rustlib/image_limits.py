"""What decoding a file would allocate under image 0.25.9's default limits, read from its header alone.

``image::load_from_memory`` decodes under ``Limits::default()``: no limit
on width or height, and ``max_alloc`` of 512 MiB.  Right after the
decoder has read the header, ``ImageReader::decode`` reserves the decoded
image, ``width * height * bytes per pixel`` of the colour type the decoder
reports, and a file over the limit is a decoding error before any pixel is
read (captures ``view-image-gif-65535x2049``: 537,124,860 bytes, refused;
a 65535x2048 GIF, 536,862,720 bytes, is decoded; ``view-image-jpeg-65535x2731``
refused, 65535x2730 decoded).  The decoders under it add no limit that
bites first: the JPEG decoder (zune-jpeg 0.5.12) is given no maximum width
or height by image (a 16385x8 JPEG is decoded), and PNG's own limit is the
same ``max_alloc``.

The bytes per pixel are those of the colour type each decoder reports:
GIF is always RGBA8 (4); PNG is expanded (palette and low bit depths to 8
bits, a ``tRNS`` chunk to an alpha channel) and keeps 16-bit samples; a
one-component JPEG is L8 (1), any other RGB8 (3); WebP is RGBA8 with an
alpha channel, RGB8 without.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

__all__ = ["MAX_ALLOC", "Header", "gif_header", "jpeg_header", "png_header", "webp_header"]

MAX_ALLOC = 512 * 1024 * 1024

# JPEG start-of-frame markers (C0..CF but DHT C4, JPG C8 and DAC CC).
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
# PNG colour type -> (samples per pixel, allowed bit depths).
_PNG_TYPES = {
    0: (1, {1, 2, 4, 8, 16}),
    2: (3, {8, 16}),
    3: (3, {1, 2, 4, 8}),
    4: (2, {8, 16}),
    6: (4, {8, 16}),
}


@dataclass(frozen=True)
class Header:
    width: int
    height: int
    bytes_per_pixel: int
    # The decoder refuses the file from its header and chunk layout alone: a PNG colour
    # type and bit depth the format does not pair (capture ``view-image-png-bad-depth``:
    # RGB at 4 bits), a PNG without image data.
    refused: bool = False

    @property
    def decoded_bytes(self) -> int:
        return self.width * self.height * self.bytes_per_pixel

    @property
    def over_limit(self) -> bool:
        """The decoder refuses the file: the image would take more than ``max_alloc``."""
        return self.decoded_bytes > MAX_ALLOC


def gif_header(data: bytes) -> Header | None:
    """The logical screen, the image a GIF decodes to."""
    if len(data) < 10:
        return None
    width, height = struct.unpack("<HH", data[6:10])
    return Header(width, height, 4)


def png_header(data: bytes) -> Header | None:
    if len(data) < 33 or data[12:16] != b"IHDR":
        return None
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    samples, depths = _PNG_TYPES.get(colour, (0, set()))
    transparency, image_data = _png_chunks_before_data(data)
    # A colour type and bit depth the format does not pair; or no image data: the decoder
    # reads it right after the header, and a file ending first is an error however small
    # (capture ``view-image-png-header-alone``: the signature and an IHDR, nothing else).
    if depth not in depths or not image_data:
        return Header(width, height, 0, refused=True)
    # A tRNS chunk (it comes before the first IDAT) adds an alpha channel when expanded.
    if colour in (0, 2, 3) and transparency:
        samples += 1
    return Header(width, height, samples * (2 if depth == 16 else 1))


def _png_chunks_before_data(data: bytes) -> tuple[bool, bool]:
    """(a tRNS chunk comes before the image data, the file holds an IDAT chunk)."""
    pos, transparency = 8, False
    while pos + 8 <= len(data):
        (size,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            return transparency, True
        transparency = transparency or kind == b"tRNS"
        pos += 12 + size
    return transparency, False


def jpeg_header(data: bytes) -> Header | None:
    """The frame of the first start-of-frame segment; None when the segments before it are broken."""
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
            if pos + 10 > len(data):
                return None
            height, width, components = struct.unpack(">HHB", data[pos + 5 : pos + 10])
            return Header(width, height, 1 if components == 1 else 3)
        pos += 2 + length
    return None


def webp_header(data: bytes) -> Header | None:
    kind, body = data[12:16], data[20:]
    if kind == b"VP8L" and len(body) >= 5 and body[0] == 0x2F:
        bits = int.from_bytes(body[1:5], "little")
        alpha = bool(bits & (1 << 28))
        return Header((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, 4 if alpha else 3)
    if kind == b"VP8 " and len(body) >= 10 and body[3:6] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", body[6:10])
        return Header(width & 0x3FFF, height & 0x3FFF, 3)
    if kind == b"VP8X" and len(body) >= 10:
        alpha = bool(body[0] & 0x10)
        width = int.from_bytes(body[4:7], "little") + 1
        return Header(width, int.from_bytes(body[7:10], "little") + 1, 4 if alpha else 3)
    return None
