"""The first frame of a GIF as 0.169.0 decodes it (gif 0.14.1 under image 0.25.9).

The result is the logical screen as 8-bit RGBA: the first frame's pixels
at its offset, every other pixel (0, 0, 0, 0).  A pixel takes its colour
from the frame's local palette, else the global one, with alpha 0 if its
index is the one a graphics control extension marks transparent (the
colour is kept) and 255 otherwise; an index past the end of the palette
table leaves the pixel (0, 0, 0, 0).  Later frames are not read.

Files whose decoding the captures do not pin (a frame reaching outside the
screen, a frame without any palette, LZW data that ends early or names a
code not yet defined) are declined rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from codex_reference.errors import NotModelled

__all__ = ["GifImage", "decode_first_frame"]

_EXTENSION, _DESCRIPTOR = 0x21, 0x2C  # a trailer (0x3B) before any frame is declined like any other block
_GRAPHICS_CONTROL = 0xF9


@dataclass(frozen=True)
class GifImage:
    width: int
    height: int
    rgba: bytes


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def take(self, count: int) -> bytes:
        if self.pos + count > len(self.data):
            raise NotModelled("a GIF cut short is not modelled")
        piece = self.data[self.pos : self.pos + count]
        self.pos += count
        return piece

    def byte(self) -> int:
        return self.take(1)[0]

    def u16(self) -> int:
        return int.from_bytes(self.take(2), "little")

    def sub_blocks(self) -> bytes:
        out = bytearray()
        while size := self.byte():
            out += self.take(size)
        return bytes(out)


_MAX_MIN_CODE_SIZE = 9


def _lzw_decode(data: bytes, min_code_size: int, count: int) -> bytes:
    """The first ``count`` indices of a GIF LZW stream."""
    # Up to 9 captured (``view-image-gif-min-code-9``: codes start 10 bits wide);
    # a literal code above 255 names an index no byte holds, not captured.  At 1 the
    # table starts full (clear and end codes included, 4 entries of 2 bits): where the
    # first widening falls is not pinned (0.169.0 refused a 5x3 file written so).
    if not 2 <= min_code_size <= _MAX_MIN_CODE_SIZE:
        raise NotModelled(f"an LZW minimum code size of {min_code_size} is not modelled")
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    out = bytearray()
    acc, nbits, pos = 0, 0, 0

    def fresh() -> tuple[list[bytes], int, bytes]:
        """(table, code width, previous entry) at the start and after a clear code."""
        # The clear and end codes' entries are never read: both codes are handled first.
        return [bytes([i & 0xFF]) for i in range(clear)] + [b"", b""], min_code_size + 1, b""

    table, size, prev = fresh()
    while len(out) < count:
        while nbits < size:
            if pos >= len(data):
                raise NotModelled("LZW data that ends before the frame is full is not modelled")
            acc |= data[pos] << nbits
            nbits += 8
            pos += 1
        code = acc & ((1 << size) - 1)
        acc >>= size
        nbits -= size
        if code == clear:
            table, size, prev = fresh()
            continue
        if code == end:
            raise NotModelled("LZW data that ends before the frame is full is not modelled")
        if 256 <= code < clear:
            raise NotModelled("an LZW literal code above 255 is not modelled")
        if code < len(table):
            entry = table[code]
        elif code == len(table) and prev:
            entry = prev + prev[:1]
        else:
            raise NotModelled("LZW data naming an undefined code is not modelled")
        if prev and len(table) < 4096:
            table.append(prev + entry[:1])
            # Codes widen once the table fills the current width (at most 12 bits).
            if len(table) == (1 << size) and size < 12:
                size += 1
        out += entry
        prev = entry
    return bytes(out[:count])


def _deinterlace(rows: list[bytes]) -> list[bytes]:
    order = [y for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for y in range(start, len(rows), step)]
    placed: list[bytes] = [b""] * len(rows)
    for source, target in enumerate(order):
        placed[target] = rows[source]
    return placed


def _palette(reader: _Reader, flags: int) -> bytes | None:
    return reader.take(3 * (2 << (flags & 0x07))) if flags & 0x80 else None


def decode_first_frame(data: bytes) -> GifImage:
    reader = _Reader(data)
    if reader.take(6) not in (b"GIF87a", b"GIF89a"):
        raise NotModelled("a file without a GIF signature is not a GIF")
    width, height, flags = reader.u16(), reader.u16(), reader.byte()
    reader.take(2)  # background colour index, pixel aspect ratio: unused when decoding
    global_palette = _palette(reader, flags)
    transparent: int | None = None
    while True:
        block = reader.byte()
        if block == _EXTENSION:
            label = reader.byte()
            body = reader.sub_blocks()
            if label == _GRAPHICS_CONTROL and len(body) >= 4:
                transparent = body[3] if body[0] & 0x01 else None
            continue
        if block == _DESCRIPTOR:
            break
        raise NotModelled(f"a GIF without a frame, or with block 0x{block:02x}, is not modelled")
    left, top, frame_width, frame_height, frame_flags = (
        reader.u16(),
        reader.u16(),
        reader.u16(),
        reader.u16(),
        reader.byte(),
    )
    palette = _palette(reader, frame_flags) or global_palette
    if palette is None:
        raise NotModelled("a GIF frame without any palette is not modelled")
    if left + frame_width > width or top + frame_height > height or not frame_width or not frame_height:
        raise NotModelled("a GIF frame reaching outside the logical screen is not modelled")
    min_code_size = reader.byte()
    indices = _lzw_decode(reader.sub_blocks(), min_code_size, frame_width * frame_height)
    rows = [indices[y * frame_width : (y + 1) * frame_width] for y in range(frame_height)]
    if frame_flags & 0x40:
        rows = _deinterlace(rows)
    rgba = _screen((width, height), (left, top, frame_width), rows, palette, transparent)
    return GifImage(width, height, rgba)


def _screen(
    size: tuple[int, int],
    place: tuple[int, int, int],
    rows: list[bytes],
    palette: bytes,
    transparent: int | None,
) -> bytes:
    """The logical screen in RGBA with the frame's rows at (left, top); every other pixel 0.

    Each channel is one ``bytes.translate`` of the indices: a palette index
    past the table's end maps to (0, 0, 0, 0), as in the release.
    """
    (width, height), (left, top, frame_width) = size, place
    colours = len(palette) // 3
    tables = [
        bytes(palette[3 * i + channel] if i < colours else 0 for i in range(256)) for channel in range(3)
    ]
    tables.append(bytes(0 if i >= colours or i == transparent else 255 for i in range(256)))
    rgba = bytearray(width * height * 4)
    line = bytearray(frame_width * 4)
    for y, row in enumerate(rows):
        for channel, table in enumerate(tables):
            line[channel::4] = row.translate(table)
        offset = ((top + y) * width + left) * 4
        rgba[offset : offset + len(line)] = line
    return bytes(rgba)
