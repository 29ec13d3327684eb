"""Image files the ``view_image`` dispatch scenarios place in the run's cwd.

The scenarios (``fixtures/dispatch/_scenarios.json``) hold these bytes as
base64; they are made here, deterministically and without an image
library, so a reader can see what each file contains and re-make it:
``python -m codex_workshop.areas.dispatch.image_files NAME`` prints one as
base64, and a test checks the scenario files still equal them.  The GIF
writer is a plain LZW encoder (a decoder under test must not be checked
only against files it shaped itself: Pillow decodes these the same way).
"""

from __future__ import annotations

import base64
import random
import struct
import sys
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["FILES", "GifFrame", "bmp24", "gif", "jpeg_frame", "jpeg_grey", "png"]

Rgb = tuple[int, int, int]


@dataclass(frozen=True)
class GifFrame:
    width: int
    height: int
    indices: bytes  # one palette index per pixel, rows top to bottom (not interlaced)
    left: int = 0
    top: int = 0
    interlaced: bool = False
    transparent: int | None = None  # index marked transparent by a graphics control extension
    local_palette: Sequence[Rgb] | None = None
    delay: int = 0
    min_code_size: int | None = None  # LZW minimum code size; None: what the palette needs
    # True: once its table is full the encoder goes on with 12-bit codes and no
    # new entries instead of sending a clear code (a "deferred clear").
    deferred_clear: bool = False
    # False: the LZW data stops after the last pixel's code, with no end code.
    end_code: bool = True


def _palette_bits(count: int) -> int:
    """The GIF size field n (2**(n+1) entries) holding ``count`` colours."""
    bits = 0
    while (2 << bits) < count:
        bits += 1
    return bits


def _palette_bytes(colours: Sequence[Rgb], bits: int) -> bytes:
    padded = list(colours) + [(0, 0, 0)] * ((2 << bits) - len(colours))
    return b"".join(bytes(colour) for colour in padded)


def _lzw(indices: bytes, min_code_size: int, *, deferred_clear: bool = False, end_code: bool = True) -> bytes:
    """GIF LZW: variable-width codes, LSB first, a clear code when the table is full
    (or, with ``deferred_clear``, none: the full table is used as it is to the end)."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    out, acc, nbits = bytearray(), 0, 0

    def emit(code: int, size: int) -> None:
        nonlocal acc, nbits
        acc |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8

    size = min_code_size + 1
    table: dict[tuple[int, int], int] = {}
    next_code = end + 1
    emit(clear, size)
    prefix = -1
    for value in indices:
        if prefix < 0:
            prefix = value
            continue
        known = table.get((prefix, value))
        if known is not None:
            prefix = known
            continue
        emit(prefix, size)
        if next_code == 4096:  # only with deferred_clear: the table stays as it is
            prefix = value
            continue
        table[(prefix, value)] = next_code
        next_code += 1
        # The decoder adds each entry one code later, so it widens when it
        # has assigned 2**size entries; the encoder is one entry ahead.
        if next_code > (1 << size) and size < 12:
            size += 1
        if next_code == 4096 and not deferred_clear:
            emit(clear, size)
            table.clear()
            next_code, size = end + 1, min_code_size + 1
        prefix = value
    if prefix >= 0:
        emit(prefix, size)
    if end_code:
        emit(end, size)
    if nbits:
        out.append(acc & 0xFF)
    return bytes(out)


def _sub_blocks(data: bytes) -> bytes:
    pieces = [bytes([len(data[i : i + 255])]) + data[i : i + 255] for i in range(0, len(data), 255)]
    return b"".join(pieces) + b"\x00"


def _interlace_order(height: int) -> list[int]:
    return [row for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for row in range(start, height, step)]


def gif(
    width: int,
    height: int,
    palette: Sequence[Rgb] | None,
    frames: Sequence[GifFrame],
    *,
    version: bytes = b"GIF89a",
) -> bytes:
    """A GIF file: logical screen, optional global palette, frames in order."""
    flags = 0
    table = b""
    if palette is not None:
        bits = _palette_bits(len(palette))
        flags = 0x80 | (bits << 4) | bits
        table = _palette_bytes(palette, bits)
    data = bytearray(version + struct.pack("<HHBBB", width, height, flags, 0, 0) + table)
    for frame in frames:
        if frame.transparent is not None or frame.delay:
            transparent = frame.transparent if frame.transparent is not None else 0
            packed = 0x01 if frame.transparent is not None else 0x00
            data += b"\x21\xf9\x04" + struct.pack("<BHB", packed, frame.delay, transparent) + b"\x00"
        colours = frame.local_palette if frame.local_palette is not None else palette or []
        local_flags = 0x40 if frame.interlaced else 0
        local_table = b""
        if frame.local_palette is not None:
            bits = _palette_bits(len(frame.local_palette))
            local_flags |= 0x80 | bits
            local_table = _palette_bytes(frame.local_palette, bits)
        data += b"\x2c" + struct.pack("<HHHHB", frame.left, frame.top, frame.width, frame.height, local_flags)
        data += local_table
        rows = [frame.indices[y * frame.width : (y + 1) * frame.width] for y in range(frame.height)]
        if frame.interlaced:
            rows = [rows[y] for y in _interlace_order(frame.height)]
        min_code_size = frame.min_code_size or max(2, _palette_bits(max(len(colours), 2)) + 1)
        lzw = _lzw(
            b"".join(rows), min_code_size, deferred_clear=frame.deferred_clear, end_code=frame.end_code
        )
        data += bytes([min_code_size]) + _sub_blocks(lzw)
    data += b"\x3b"
    return bytes(data)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(
    width: int, height: int, colour_type: int, bit_depth: int, rows: Sequence[bytes], *, plte: bytes = b""
) -> bytes:
    """A PNG file (filter None on every row, zlib level 9)."""
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    chunks = _chunk(b"IHDR", header) + (_chunk(b"PLTE", plte) if plte else b"")
    return b"\x89PNG\r\n\x1a\n" + chunks + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b"")


def _segment(marker: int, body: bytes) -> bytes:
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def jpeg_frame(width: int, height: int, components: int = 3) -> bytes:
    """A baseline JPEG of ``components`` (1 or 3) whose frame header claims ``width`` x ``height``.

    Its scan holds a single grey MCU (one-code Huffman tables: DC difference 0,
    then end of block), whatever the size claims: for files a decoder must
    judge by their header alone.
    """
    one_code = bytes([1] + [0] * 15) + b"\x00"  # one code of length 1, for symbol 0
    idents = range(1, components + 1)
    frame_components = b"".join(bytes([ident, 0x11, 0]) for ident in idents)
    scan_components = b"".join(bytes([ident, 0x00]) for ident in idents)
    # One block of two 0 bits per component, padded with ones.
    scan = b"\x03" if components == 3 else b"\x3f"
    return (
        b"\xff\xd8"
        + _segment(0xDB, b"\x00" + bytes([1] * 64))
        + _segment(0xC0, b"\x08" + struct.pack(">HH", height, width) + bytes([components]) + frame_components)
        + _segment(0xC4, b"\x00" + one_code)
        + _segment(0xC4, b"\x10" + one_code)
        + _segment(0xDA, bytes([components]) + scan_components + b"\x00\x3f\x00")
        + scan
        + b"\xff\xd9"
    )


def _jpeg_long_app_segment() -> bytes:
    # An APP1 segment of 300 bytes before the frame: its length needs both bytes of the field.
    grey = jpeg_grey(8, 8)
    return grey[:2] + _segment(0xE1, b"codex-conformance\x00" + bytes(282)) + grey[2:]


def bmp24(width: int, height: int, pixel: Callable[[int, int], Rgb]) -> bytes:
    """A bottom-up 24-bit BMP (BITMAPINFOHEADER)."""
    stride = (width * 3 + 3) & ~3
    body = bytearray()
    for y in reversed(range(height)):
        row = b"".join(bytes(reversed(pixel(x, y))) for x in range(width))
        body += row + b"\x00" * (stride - len(row))
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(body), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info) + len(body), 0, 0, 14 + len(info)) + info + bytes(body)


def _grid(width: int, height: int, index: Callable[[int, int], int]) -> bytes:
    return bytes(index(x, y) for y in range(height) for x in range(width))


_RAMP: list[Rgb] = [(i, (i * 7) % 256, 255 - i) for i in range(256)]


def _noise_gif() -> bytes:
    # 130x130 of random indices: RGBA rows no filter can shrink, 67,730 raw bytes.
    rng = random.Random(20260101)
    indices = bytes(rng.randrange(256) for _ in range(130 * 130))
    return gif(130, 130, _RAMP, [GifFrame(130, 130, indices)])


def _deferred_clear_gif() -> bytes:
    # The same noise, its LZW table filled to 4,096 entries and then used without a clear code.
    rng = random.Random(20260101)
    indices = bytes(rng.randrange(256) for _ in range(130 * 130))
    return gif(130, 130, _RAMP, [GifFrame(130, 130, indices, deferred_clear=True)])


def _pattern_gif() -> bytes:
    # 300x300 of flat bands, gradients and a checkerboard: rows that pick each filter.
    def index(x: int, y: int) -> int:
        if y < 60:
            return 10
        if y < 120:
            return x % 256
        if y < 180:
            return (x + y) % 256
        if y < 240:
            return 200 if (x // 5 + y // 5) % 2 else 30
        return (x * y) % 251

    return gif(300, 300, _RAMP, [GifFrame(300, 300, _grid(300, 300, index))])


def _transparent_gif() -> bytes:
    palette = [(200, 30, 40), (0, 128, 255), (17, 34, 51), (250, 250, 0)]
    indices = _grid(5, 4, lambda x, y: (x + y) % 4)
    return gif(5, 4, palette, [GifFrame(5, 4, indices, transparent=2)])


def _animated_gif() -> bytes:
    palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    first = GifFrame(6, 4, _grid(6, 4, lambda x, y: (x // 2) % 4), delay=10)
    second = GifFrame(6, 4, _grid(6, 4, lambda x, y: 3 - (y % 4)), delay=10)
    return gif(6, 4, palette, [first, second])


def _offset_frame_gif() -> bytes:
    # A 4x3 frame with its own palette at (2, 1) of an 8x6 screen.
    local = [(9, 8, 7), (70, 80, 90), (255, 128, 0), (1, 2, 3)]
    frame = GifFrame(4, 3, _grid(4, 3, lambda x, y: (x + 2 * y) % 4), left=2, top=1, local_palette=local)
    return gif(8, 6, [(255, 255, 255), (0, 0, 0)], [frame])


def _interlaced_gif() -> bytes:
    palette = [(i * 20, 255 - i * 20, 100) for i in range(12)]
    indices = _grid(3, 11, lambda x, y: y if x != 1 else 11 - y)
    return gif(3, 11, palette, [GifFrame(3, 11, indices, interlaced=True)])


def _short_palette_gif() -> bytes:
    # A 3-colour palette (written as 4 entries, the smallest table) and index 5
    # beyond it: a minimum code size of 3 lets the LZW data name indices 0..7.
    palette = [(10, 20, 30), (40, 50, 60), (70, 80, 90)]
    frame = GifFrame(4, 2, bytes([0, 1, 2, 3, 5, 0, 1, 5]), min_code_size=3)
    return gif(4, 2, palette, [frame])


def _gif87a() -> bytes:
    palette = [(0, 0, 0), (255, 255, 255)]
    return gif(3, 2, palette, [GifFrame(3, 2, bytes([0, 1, 0, 1, 0, 1]))], version=b"GIF87a")


def _wide_gif() -> bytes:
    return gif(
        2100, 2, [(0, 0, 0), (90, 90, 90)], [GifFrame(2100, 2, _grid(2100, 2, lambda x, y: (x // 7) % 2))]
    )


def _tall_gif() -> bytes:
    # 20x3000: resized to 14x2048, both passes averaging several rows or columns.
    return gif(20, 3000, _RAMP, [GifFrame(20, 3000, _grid(20, 3000, lambda x, y: (y // 3 + 9 * x) % 256))])


def _wide_rgba_png() -> bytes:
    # 2500x30 RGBA of stripes and ramps with varying alpha: resized to 2048x25.
    def pixel(x: int, y: int) -> bytes:
        blue = 200 if (x // 9 + y // 4) % 2 else 40
        return bytes([x % 256, (x // 3 + 5 * y) % 256, blue, 255 - (x // 10) % 128])

    return png(2500, 30, 6, 8, [b"".join(pixel(x, y) for x in range(2500)) for y in range(30)])


def _gray_png() -> bytes:
    return png(5, 3, 0, 8, [bytes((x * 50 + y * 10) % 256 for x in range(5)) for y in range(3)])


def _rgb16_png() -> bytes:
    rows = [
        b"".join(struct.pack(">HHH", x * 4000, y * 9000, 65535 - x * 300) for x in range(4)) for y in range(3)
    ]
    return png(4, 3, 2, 16, rows)


def _palette_png() -> bytes:
    return png(
        4, 2, 3, 8, [bytes([0, 1, 2, 1]), bytes([2, 2, 0, 0])], plte=bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])
    )


def _solid_png(width: int, height: int) -> Callable[[], bytes]:
    return lambda: png(width, height, 2, 8, [bytes([30, 60, 90]) * width] * height)


def _huge_screen_gif() -> bytes:
    # A 1x1 frame on a 4096x65535 screen: 1,073,725,440 bytes of RGBA to decode.
    return gif(4096, 65535, [(0, 0, 0), (255, 255, 255)], [GifFrame(1, 1, b"\x01")])


def _just_over_gif() -> bytes:
    # 65535x2049 RGBA is 537,124,860 bytes, just over image's 512 MiB (65535x2048 is under).
    return gif(65535, 2049, [(0, 0, 0), (255, 255, 255)], [GifFrame(1, 1, b"\x01")])


def _huge_png() -> bytes:
    # A header claiming 65535x65535 RGBA, then one short row of data.
    return png(65535, 65535, 6, 8, [bytes(16)])


def _small_bmp() -> bytes:
    return bmp24(3, 2, lambda x, y: (x * 80, y * 120, 200))


def _png_filtered(
    width: int, height: int, colour_type: int, rows: Sequence[bytes], filters: Sequence[int]
) -> bytes:
    """An 8-bit PNG whose rows use the given filters (1 Sub, 2 Up, 3 Average, 4 Paeth), zlib level 9."""
    bpp = {0: 1, 2: 3, 6: 4}[colour_type]
    raw = bytearray()
    prev = bytes(len(rows[0]))
    for row, kind in zip(rows, filters, strict=True):
        out = bytearray()
        for i, value in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                predictor = a
            elif kind == 2:
                predictor = b
            elif kind == 3:
                predictor = (a + b) // 2
            else:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            out.append((value - predictor) & 0xFF)
        raw += bytes([kind]) + out
        prev = row
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + _chunk(b"IEND", b"")
    )


def _noisy_rgb_rows(width: int, height: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    return [
        bytes((x * (y + 3) + rng.randrange(0, 40)) % 256 for x in range(width * 3)) for y in range(height)
    ]


def _filters_png() -> bytes:
    # 2100x8 RGB: wider than 2048, so decoded (every filter undone) and resized.
    return _png_filtered(2100, 8, 2, _noisy_rgb_rows(2100, 8, 1), [1, 2, 3, 4, 4, 3, 2, 1])


def _filters_rgba_png() -> bytes:
    rows = _noisy_rgb_rows(2100, 4, 2)
    rgba = [b"".join(row[i : i + 3] + bytes([(i * 7) % 256]) for i in range(0, len(row), 3)) for row in rows]
    return _png_filtered(2100, 4, 6, rgba, [4, 3, 2, 1])


def _bad_depth_png() -> bytes:
    # Colour type 2 (RGB) at bit depth 4: a pair the format does not allow.
    header = struct.pack(">IIBBBBB", 2, 2, 4, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\x00\x00" * 2, 9))
        + _chunk(b"IEND", b"")
    )


def _zero_runs_gif() -> bytes:
    # 300x12 noise with gaps of 5 to 10 transparent pixels (RGBA 0,0,0,0):
    # the PNG written back holds zero runs of many lengths.
    rng = random.Random(270)
    palette = [(0, 0, 0)] + [
        (rng.randrange(1, 256), rng.randrange(1, 256), rng.randrange(1, 256)) for _ in range(255)
    ]
    width, height = 300, 12
    indices = bytearray()
    for _ in range(height):
        x = 0
        while x < width:
            gap = rng.randrange(5, 11)
            noise = rng.randrange(3, 12)
            for _ in range(noise):
                if x < width:
                    indices.append(rng.randrange(1, 256))
                    x += 1
            for _ in range(gap):
                if x < width:
                    indices.append(0)
                    x += 1
    return gif(width, height, palette, [GifFrame(width, height, bytes(indices), transparent=0)])


def _min_code_9_gif() -> bytes:
    palette = [(i, 255 - i, (i * 3) % 256) for i in range(4)]
    return gif(5, 4, palette, [GifFrame(5, 4, _grid(5, 4, lambda x, y: (x + y) % 4), min_code_size=9)])


def _short_frame_gif() -> bytes:
    # A 4x2 frame at the top of a 4x5 screen: the last three rows lie outside it.
    palette = [(200, 10, 10), (10, 200, 10), (10, 10, 200), (250, 250, 250)]
    return gif(4, 5, palette, [GifFrame(4, 2, _grid(4, 2, lambda x, y: (x + 2 * y) % 4))])


class _Bits:
    """JPEG entropy-coded bits, most significant first, a zero byte after every FF."""

    def __init__(self) -> None:
        self.acc, self.count, self.out = 0, 0, bytearray()

    def put(self, code: int, length: int) -> None:
        for i in reversed(range(length)):
            self.acc = (self.acc << 1) | ((code >> i) & 1)
            self.count += 1
            if self.count == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0)
                self.acc, self.count = 0, 0

    def done(self) -> bytes:
        if self.count:
            self.put((1 << (8 - self.count)) - 1, 8 - self.count)
        return bytes(self.out)


def jpeg_grey(
    width: int,
    height: int,
    *,
    first: int = 0,
    eob_ends_in_one: bool = False,
    all_ones_code: bool = False,
    extra_dc_symbol: int | None = None,
    dc_quant: int = 2,
    seed: int = 16,
) -> bytes:
    """A baseline one-component JPEG with every block coded: a DC difference, then end of block.

    The DC table gives categories 1..11 codes of 1 to 11 bits and category 0
    (difference 0) a 16-bit code; every third block repeats the DC, the
    others step by a seeded choice, so short codes and the 16-bit one are read.
    ``first`` is the first block's difference.  The AC table codes end of
    block as ``0``; with ``eob_ends_in_one`` as ``001`` (of three 3-bit codes,
    the others for unused symbols); with ``all_ones_code`` as ``0`` beside an
    unused symbol coded ``1``, a code of all one bits.  ``extra_dc_symbol``
    is listed in the DC table after 0, with a 16-bit code no block uses.
    ``dc_quant`` is the DC quantizer (every other one is 2).
    """
    counts = [1] * 11 + [0] * 4 + [1]
    symbols = [*range(1, 12), 0]
    codes = _canonical_codes(counts, symbols)
    bits = _Bits()
    rng = random.Random(seed)
    for block in range(((width + 7) // 8) * ((height + 7) // 8)):
        diff = 0 if block % 3 == 0 else rng.choice([5, -5, 12, -12, 40, -40, 3, -3])
        if block == 0:
            diff = first
        if diff == 0:
            bits.put(*codes[0])
        else:
            category = abs(diff).bit_length()
            bits.put(*codes[category])
            bits.put(diff if diff > 0 else diff + (1 << category) - 1, category)
        bits.put(*((1, 3) if eob_ends_in_one else (0, 1)))  # end of block
    if eob_ends_in_one:
        ac_table = bytes([0, 0, 3] + [0] * 13) + b"\x01\x00\x02"
    elif all_ones_code:
        ac_table = bytes([2] + [0] * 15) + b"\x00\x01"
    else:
        ac_table = bytes([1] + [0] * 15) + b"\x00"
    if extra_dc_symbol is not None:
        counts[-1] += 1
        symbols.append(extra_dc_symbol)
    return (
        b"\xff\xd8"
        + _segment(0xDB, b"\x00" + bytes([dc_quant] + [2] * 63))
        + _segment(0xC0, b"\x08" + struct.pack(">HH", height, width) + b"\x01\x01\x11\x00")
        + _segment(0xC4, b"\x00" + bytes(counts) + bytes(symbols))
        + _segment(0xC4, b"\x10" + ac_table)
        + _segment(0xDA, b"\x01\x01\x00\x00\x3f\x00")
        + bits.done()
        + b"\xff\xd9"
    )


def _jpeg_junk_markers() -> bytes:
    # Before an SOF15 frame over the limit: segments of markers that are no
    # frame (BF, DHT C4, JPG C8, DAC CC, RST0 D0) whose bodies read as a
    # 16x16 frame to a header reader that took them for one.
    small = b"\x08" + struct.pack(">HH", 16, 16) + b"\x01\x01\x11\x00"
    junk = b"".join(_segment(marker, small) for marker in (0xBF, 0xC4, 0xC8, 0xCC, 0xD0))
    over = jpeg_frame(65535, 8193, components=1)
    sof = over.index(b"\xff\xc0")
    return b"\xff\xd8" + junk + over[2:sof] + b"\xff\xcf" + over[sof + 2 :]


def _gif_no_trailer() -> bytes:
    # A 4x3 GIF whose last byte is the frame's block terminator: no 0x3B trailer.
    palette = [(250, 0, 0), (0, 250, 0), (0, 0, 250), (250, 250, 250)]
    return gif(4, 3, palette, [GifFrame(4, 3, _grid(4, 3, lambda x, y: (x + y) % 4))])[:-1]


def _gif_no_end_code() -> bytes:
    # 5x4: the LZW data stops right after the last pixel's code, which ends on a byte boundary.
    palette = [(240, 10, 10), (10, 240, 10), (10, 10, 240), (240, 240, 240)]
    indices = _grid(5, 4, lambda x, y: (x * 3 + y * 5 + x * y) % 4)
    return gif(5, 4, palette, [GifFrame(5, 4, indices, end_code=False)])


def _gif_interlaced_tall() -> bytes:
    # 3x20 interlaced: every pass holds two or more rows (0, 8, 16 | 4, 12 | 2, 6, 10... | 1, 3...).
    palette = [(i * 12, 255 - i * 12, (i * 50) % 256) for i in range(20)]
    indices = _grid(3, 20, lambda x, y: y if x != 2 else 19 - y)
    return gif(3, 20, palette, [GifFrame(3, 20, indices, interlaced=True)])


def _gif_local_palette_only() -> bytes:
    # No global palette, its flags byte still giving a colour resolution and a size (0x71);
    # the frame brings its own 4-colour palette.
    local = [(5, 50, 150), (250, 120, 0), (0, 0, 0), (90, 255, 90)]
    frame = GifFrame(4, 3, _grid(4, 3, lambda x, y: (x + 3 * y) % 4), local_palette=local)
    data = bytearray(gif(4, 3, None, [frame]))
    data[10] = 0x71
    return bytes(data)


def _gif_unused_size_bits() -> bytes:
    # A global palette; the frame's flags give a local size (7) and the sort bit but no local table (0x27).
    palette = [(200, 0, 90), (0, 200, 90), (90, 0, 200), (255, 255, 255)]
    data = bytearray(gif(4, 3, palette, [GifFrame(4, 3, _grid(4, 3, lambda x, y: (2 * x + y) % 4))]))
    descriptor = data.index(b"\x2c", 13 + 3 * 4)
    data[descriptor + 9] = 0x27
    return bytes(data)


def _gif_thin() -> bytes:
    # 1x4200: fitted into 2048x2048 its width rounds to 0 (0.49), kept at 1.
    return gif(1, 4200, _RAMP, [GifFrame(1, 4200, _grid(1, 4200, lambda x, y: (y // 5 * 37) % 256))])


def _gif_raw_65535() -> bytes:
    # 64x255: the PNG written back has 255 rows of 1 + 256 bytes, 65,535 in all (one full stored block).
    return gif(64, 255, _RAMP, [GifFrame(64, 255, _grid(64, 255, lambda x, y: (x // 8 + y // 16) % 4))])


def _gif_long_zero_runs() -> bytes:
    # A 40x4 frame of noise (no zero sample in its palette) at (65, 2) of a 235x8 screen: the
    # PNG written back holds zero runs longer than one 258-byte copy: 260 bytes left of the
    # frame, 520 right of it, 940 in the rows above and below.
    rng = random.Random(258)
    palette = [(1 + i % 255, 1 + (i * 7) % 255, 1 + (255 - i) % 255) for i in range(256)]
    indices = bytes(rng.randrange(256) for _ in range(40 * 4))
    return gif(235, 8, palette, [GifFrame(40, 4, indices, left=65, top=2)])


def _gif_every_zero_run() -> bytes:
    # 256 wide, a fully transparent row above each row of runs, so each of those rows is
    # written with filter Up, unchanged: its zero runs are transparent pixels (4 zero bytes
    # each, index 0) plus 0 to 3 leading zeros of the opaque pixel after them.  The runs take
    # every length from 5 to 262 bytes, one after another.
    palette = [(0, 0, 0), (0, 0, 0), (0, 0, 9), (0, 9, 9), (9, 9, 9)]  # index 1 + e: e zeros lead
    width = 256
    rows: list[list[int]] = []
    row: list[int] = [4]
    for length in range(5, 263):
        pixels, lead = divmod(length, 4)
        if len(row) + pixels + 1 > width:
            rows.append(row + [0] * (width - len(row)))
            row = [4]
        row += [0] * pixels + [1 + (3 - lead) if lead else 4]
    rows.append(row + [0] * (width - len(row)))
    indices = b"".join(bytes(width) + bytes(r) for r in rows)
    return gif(width, 2 * len(rows), palette, [GifFrame(width, 2 * len(rows), indices, transparent=0)])


def _png_claiming(
    width: int, height: int, colour_type: int, bit_depth: int, *, trns: bool = False
) -> Callable[[], bytes]:
    """A PNG whose header claims ``width`` x ``height`` (an optional tRNS, then one short IDAT)."""

    def make() -> bytes:
        header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
        plte = _chunk(b"PLTE", bytes([0, 0, 0, 255, 255, 255])) if colour_type == 3 else b""
        alpha = _chunk(b"tRNS", b"\x00\x00" if colour_type == 0 else b"\x00") if trns else b""
        return (
            b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", header)
            + plte
            + alpha
            + _chunk(b"IDAT", zlib.compress(bytes(16), 9))
            + _chunk(b"IEND", b"")
        )

    return make


def _png_depth(colour_type: int, bit_depth: int) -> Callable[[], bytes]:
    """A 3x2 PNG of the colour type and bit depth (filter None, every sample's bits set in turn)."""

    def make() -> bytes:
        samples = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
        row_bytes = (3 * samples * bit_depth + 7) // 8
        rows = [bytes((17 * i + 90 * y) % 256 for i in range(row_bytes)) for y in range(2)]
        if colour_type == 3:
            # Indices within a 2**depth palette (at most 256 entries).
            colours = min(1 << bit_depth, 256)
            plte = b"".join(bytes([(37 * i) % 256, (91 * i) % 256, (13 * i) % 256]) for i in range(colours))
            return png(3, 2, 3, bit_depth, rows, plte=plte)
        return png(3, 2, colour_type, bit_depth, rows)

    return make


def _png_colour_type(colour_type: int) -> Callable[[], bytes]:
    """A 3x2 PNG of 8-bit samples whose header names a colour type the format does not define."""
    return lambda: png(3, 2, colour_type, 8, [bytes([10, 20, 30]), bytes([40, 50, 60])])


def _png_header_alone() -> bytes:
    # The signature and an IHDR (2x2 RGB), nothing after: 33 bytes.
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))


def _canonical_codes(counts: Sequence[int], symbols: Sequence[int]) -> dict[int, tuple[int, int]]:
    codes: dict[int, tuple[int, int]] = {}
    code, index = 0, 0
    for length, count in enumerate(counts, start=1):
        for _ in range(count):
            codes[symbols[index]] = (code, length)
            code += 1
            index += 1
        code <<= 1
    return codes


def jpeg_grey_ac(
    width: int, height: int, *, frame: int = 0xC0, ident: int = 1, sampling: int = 0x11
) -> bytes:
    """A one-component JPEG whose blocks hold AC coefficients, its tables laid out unusually.

    One DQT of 16-bit precision (a quantizer of 260 at the last zigzag
    position), one DHT segment holding both tables, a DRI of interval 0,
    and blocks that use runs, ZRLs and a coefficient at zigzag position 63
    (no end of block after it); the scan ends with fill bytes (FF FF)
    before EOI.  ``frame``, ``ident`` and ``sampling`` set the frame
    marker, the component's id and its sampling factors.
    """
    dc_counts = [1] * 11 + [0] * 4 + [1]
    dc_symbols = [*range(1, 12), 0]
    ac_counts = [0, 2, 2, 2, 3] + [0] * 11
    ac_symbols = [0x00, 0x01, 0xF0, 0x02, 0x11, 0x21, 0x03, 0x05, 0xE1]
    dc_codes = _canonical_codes(dc_counts, dc_symbols)
    ac_codes = _canonical_codes(ac_counts, ac_symbols)
    bits = _Bits()

    def magnitude(value: int) -> tuple[int, int]:
        size = abs(value).bit_length()
        return (value if value > 0 else value + (1 << size) - 1), size

    def ac(run: int, value: int) -> None:
        bits_value, size = magnitude(value)
        bits.put(*ac_codes[(run << 4) | size])
        bits.put(bits_value, size)

    rng = random.Random(1963)
    for block in range(((width + 7) // 8) * ((height + 7) // 8)):
        diff = rng.choice([0, 3, -3, 6, -6, 20, -20])
        if diff == 0:
            bits.put(*dc_codes[0])
        else:
            value, size = magnitude(diff)
            bits.put(*dc_codes[size])
            bits.put(value, size)
        pattern = block % 4
        if pattern == 0:  # k=1 and k=2, then end of block
            ac(0, rng.choice([1, -1]))
            ac(0, rng.choice([3, -3, 2]))
            bits.put(*ac_codes[0x00])
        elif pattern == 1:  # a ZRL, then k=18 after a run of one, k=21 and k=22
            bits.put(*ac_codes[0xF0])
            ac(1, rng.choice([1, -1]))
            ac(2, rng.choice([1, -1]))
            ac(0, rng.choice([5, -5, 20, -20]))
            bits.put(*ac_codes[0x00])
        elif pattern == 2:  # three ZRLs, then a run of 14 to the last position: no end of block
            ac(0, rng.choice([1, -1]))
            for _ in range(3):
                bits.put(*ac_codes[0xF0])
            ac(14, rng.choice([1, -1]))
        else:
            bits.put(*ac_codes[0x00])
    zigzag_quant = [8] + [3 + (i * 5) % 11 for i in range(1, 63)] + [260]
    dqt = b"\x10" + b"".join(struct.pack(">H", value) for value in zigzag_quant)
    dht = b"\x00" + bytes(dc_counts) + bytes(dc_symbols) + b"\x10" + bytes(ac_counts) + bytes(ac_symbols)
    return (
        b"\xff\xd8"
        + _segment(0xDB, dqt)
        + _segment(0xDD, b"\x00\x00")
        + _segment(frame, b"\x08" + struct.pack(">HH", height, width) + bytes([1, ident, sampling, 0]))
        + _segment(0xC4, dht)
        + _segment(0xDA, bytes([1, ident, 0x00, 0x00, 0x3F, 0x00]))
        + bits.done()
        + b"\xff\xff\xff\xd9"
    )


def _jpeg_grey_ends_in_ff() -> bytes:
    # The file of jpeg-grey-2049x8 cut one byte short: its last byte is the 0xFF of a lost EOI.
    return jpeg_grey(2049, 8)[:-1]


def _gif_fast_as_long_as_stored() -> bytes:
    # 16x16 noise with 71 transparent pixels (RGBA 0,0,0,0) spread by a stride of 37: the PNG
    # written back compresses to 1,051 bytes, exactly fdeflate's estimate of the stored stream.
    rng = random.Random(74)
    palette = [(0, 0, 0)] + [
        (rng.randrange(1, 256), rng.randrange(1, 256), rng.randrange(1, 256)) for _ in range(255)
    ]
    noise = [rng.randrange(1, 256) for _ in range(16 * 16)]
    indices = bytes(0 if (i * 37) % 256 < 71 else noise[i] for i in range(16 * 16))
    return gif(16, 16, palette, [GifFrame(16, 16, indices, transparent=0)])


def _jpeg_grey_stuffed_end() -> bytes:
    # A grey 2049x8 JPEG whose scan starts with a 0 bit (a first difference of +1), whose end of
    # block is the code 001, and whose last scan byte is a stuffed 0xFF (FF 00) holding the last
    # end of block's final bit: the file stops there, without EOI.
    data = jpeg_grey(2049, 8, first=1, eob_ends_in_one=True, seed=17)
    assert data.endswith(b"\xff\x00\xff\xd9")
    return data[:-2]


def _jpeg_grey_fill_before_stuffed() -> bytes:
    # The JPEG of jpeg-grey-stuffed-end with its EOI, and a fill byte 0xFF put before a stuffed
    # FF 00 inside the scan (FF FF 00): the fill byte is skipped, the stuffed byte kept.
    data = jpeg_grey(2049, 8, first=1, eob_ends_in_one=True, seed=17)
    stuffed = data.rindex(b"\xff\x00", 0, len(data) - 4)
    return data[:stuffed] + b"\xff" + data[stuffed:]


def _jpeg_grey_restart_after_scan() -> bytes:
    # The JPEG of jpeg-grey-2049x8 with a restart marker (RST0, FF D0) between its scan and EOI.
    data = jpeg_grey(2049, 8)
    return data[:-2] + b"\xff\xd0" + data[-2:]


def _jpeg_grey_with_segments(
    *segments: tuple[int, bytes], width: int = 2049, height: int = 8
) -> Callable[[], bytes]:
    """The file of ``jpeg_grey(width, height)`` with more segments (marker, body) after SOI."""

    def make() -> bytes:
        grey = jpeg_grey(width, height)
        return grey[:2] + b"".join(_segment(marker, body) for marker, body in segments) + grey[2:]

    return make


def _jpeg_grey_fill_between_segments() -> bytes:
    # The file of jpeg-grey-2049x8 with two fill bytes (FF FF) before its frame header.
    grey = jpeg_grey(2049, 8)
    frame = grey.index(b"\xff\xc0")
    return grey[:frame] + b"\xff\xff" + grey[frame:]


# name -> (file name in the run's cwd, maker)
FILES: dict[str, tuple[str, Callable[[], bytes]]] = {
    "gif-noise-130": ("noise.gif", _noise_gif),
    "gif-pattern-300": ("pattern.gif", _pattern_gif),
    "gif-noise-130-deferred-clear": ("deferred.gif", _deferred_clear_gif),
    "gif-transparent": ("transparent.gif", _transparent_gif),
    "gif-animated": ("animated.gif", _animated_gif),
    "gif-offset-frame": ("offset.gif", _offset_frame_gif),
    "gif-interlaced": ("interlaced.gif", _interlaced_gif),
    "gif-index-beyond-palette": ("short.gif", _short_palette_gif),
    "gif87a": ("old.gif", _gif87a),
    "gif-wide-2100": ("wide.gif", _wide_gif),
    "gif-tall-3000": ("tall.gif", _tall_gif),
    "png-gray8": ("gray.png", _gray_png),
    "png-rgb16": ("rgb16.png", _rgb16_png),
    "png-palette": ("palette.png", _palette_png),
    "png-1000x800": ("tall.png", _solid_png(1000, 800)),
    "png-2049x4": ("wide.png", _solid_png(2049, 4)),
    "png-rgba-2500x30": ("ramps.png", _wide_rgba_png),
    "bmp-24": ("small.bmp", _small_bmp),
    "gif-4096x65535": ("screen.gif", _huge_screen_gif),
    "gif-65535x2049": ("screen.gif", _just_over_gif),
    "png-65535x65535": ("huge.png", _huge_png),
    "jpeg-65535x2731": ("frame.jpg", lambda: jpeg_frame(65535, 2731)),
    "jpeg-grey-65535x8193": ("frame.jpg", lambda: jpeg_frame(65535, 8193, components=1)),
    "jpeg-app-segment-300": ("app.jpg", _jpeg_long_app_segment),
    "png-1600x1600": ("square.png", _solid_png(1600, 1600)),
    "png-filters-2100x8": ("filters.png", _filters_png),
    "png-filters-rgba-2100x4": ("filters-rgba.png", _filters_rgba_png),
    "gif-zero-runs": ("runs.gif", _zero_runs_gif),
    "gif-min-code-9": ("min9.gif", _min_code_9_gif),
    "gif-frame-short": ("short-frame.gif", _short_frame_gif),
    "png-bad-depth": ("bad.png", _bad_depth_png),
    "jpeg-grey-2048x8": ("grey2048.jpg", lambda: jpeg_grey(2048, 8)),
    "jpeg-grey-2049x8": ("grey2049.jpg", lambda: jpeg_grey(2049, 8)),
    "jpeg-huffman-16bit": ("huff16.jpg", lambda: jpeg_grey(2056, 16)),
    "gif-no-trailer": ("no-trailer.gif", _gif_no_trailer),
    "gif-no-end-code": ("no-end.gif", _gif_no_end_code),
    "gif-interlaced-3x20": ("interlaced.gif", _gif_interlaced_tall),
    "gif-local-palette-only": ("local.gif", _gif_local_palette_only),
    "gif-unused-size-bits": ("size-bits.gif", _gif_unused_size_bits),
    "jpeg-grey-ac-2064x16": ("ac.jpg", lambda: jpeg_grey_ac(2064, 16)),
    "jpeg-grey-sof1-2064x16": (
        "sof1.jpg",
        lambda: jpeg_grey_ac(2064, 16, frame=0xC1, ident=7, sampling=0x22),
    ),
    "gif-1x4200": ("thin.gif", _gif_thin),
    "gif-64x255": ("raw65535.gif", _gif_raw_65535),
    "gif-long-zero-runs": ("long-runs.gif", _gif_long_zero_runs),
    "gif-every-zero-run": ("every-run.gif", _gif_every_zero_run),
    "jpeg-junk-markers": ("junk.jpg", _jpeg_junk_markers),
    "png-header-alone": ("header.png", _png_header_alone),
    "png-grey8-65535x8193": ("claim.png", _png_claiming(65535, 8193, 0, 8)),
    "png-grey16-65535x4097": ("claim.png", _png_claiming(65535, 4097, 0, 16)),
    "png-grey8-trns-65535x4097": ("claim.png", _png_claiming(65535, 4097, 0, 8, trns=True)),
    "png-rgb8-65535x2731": ("claim.png", _png_claiming(65535, 2731, 2, 8)),
    "png-rgb16-65535x1366": ("claim.png", _png_claiming(65535, 1366, 2, 16)),
    "png-palette-65535x2731": ("claim.png", _png_claiming(65535, 2731, 3, 8)),
    "png-palette-trns-65535x2049": ("claim.png", _png_claiming(65535, 2049, 3, 8, trns=True)),
    "png-grey-alpha8-65535x4097": ("claim.png", _png_claiming(65535, 4097, 4, 8)),
    "png-grey-alpha16-65535x2049": ("claim.png", _png_claiming(65535, 2049, 4, 16)),
    "png-rgba8-65535x2049": ("claim.png", _png_claiming(65535, 2049, 6, 8)),
    "png-rgba16-65535x1025": ("claim.png", _png_claiming(65535, 1025, 6, 16)),
    "png-grey-depth-1": ("depth.png", _png_depth(0, 1)),
    "png-grey-depth-2": ("depth.png", _png_depth(0, 2)),
    "png-grey-depth-4": ("depth.png", _png_depth(0, 4)),
    "png-grey-depth-16": ("depth.png", _png_depth(0, 16)),
    "png-grey-depth-0": ("depth.png", _png_depth(0, 0)),
    "png-grey-depth-3": ("depth.png", _png_depth(0, 3)),
    "png-grey-depth-5": ("depth.png", _png_depth(0, 5)),
    "png-grey-depth-7": ("depth.png", _png_depth(0, 7)),
    "png-grey-depth-9": ("depth.png", _png_depth(0, 9)),
    "png-grey-depth-15": ("depth.png", _png_depth(0, 15)),
    "png-grey-depth-17": ("depth.png", _png_depth(0, 17)),
    "png-rgb-depth-7": ("depth.png", _png_depth(2, 7)),
    "png-rgb-depth-9": ("depth.png", _png_depth(2, 9)),
    "png-rgb-depth-15": ("depth.png", _png_depth(2, 15)),
    "png-rgb-depth-17": ("depth.png", _png_depth(2, 17)),
    "png-palette-depth-1": ("depth.png", _png_depth(3, 1)),
    "png-palette-depth-2": ("depth.png", _png_depth(3, 2)),
    "png-palette-depth-4": ("depth.png", _png_depth(3, 4)),
    "png-palette-depth-0": ("depth.png", _png_depth(3, 0)),
    "png-palette-depth-3": ("depth.png", _png_depth(3, 3)),
    "png-palette-depth-5": ("depth.png", _png_depth(3, 5)),
    "png-palette-depth-7": ("depth.png", _png_depth(3, 7)),
    "png-palette-depth-9": ("depth.png", _png_depth(3, 9)),
    "png-palette-depth-16": ("depth.png", _png_depth(3, 16)),
    "png-grey-alpha-depth-8": ("depth.png", _png_depth(4, 8)),
    "png-grey-alpha-depth-16": ("depth.png", _png_depth(4, 16)),
    "png-grey-alpha-depth-7": ("depth.png", _png_depth(4, 7)),
    "png-grey-alpha-depth-9": ("depth.png", _png_depth(4, 9)),
    "png-grey-alpha-depth-15": ("depth.png", _png_depth(4, 15)),
    "png-grey-alpha-depth-17": ("depth.png", _png_depth(4, 17)),
    "png-rgba-depth-16": ("depth.png", _png_depth(6, 16)),
    "png-rgba-depth-7": ("depth.png", _png_depth(6, 7)),
    "png-rgba-depth-9": ("depth.png", _png_depth(6, 9)),
    "png-rgba-depth-15": ("depth.png", _png_depth(6, 15)),
    "png-colour-type-1": ("colour.png", _png_colour_type(1)),
    "png-colour-type-5": ("colour.png", _png_colour_type(5)),
    "png-colour-type-7": ("colour.png", _png_colour_type(7)),
    "jpeg-grey-ends-in-ff": ("cut.jpg", _jpeg_grey_ends_in_ff),
    # A comment (COM) whose text starts "Adobe": only an APP14 segment starting so is an
    # Adobe colour-transform marker.
    "jpeg-grey-adobe-comment": (
        "comment.jpg",
        _jpeg_grey_with_segments((0xFE, b"Adobe Photoshop, no APP14")),
    ),
    "gif-fast-as-long-as-stored": ("tie.gif", _gif_fast_as_long_as_stored),
    "jpeg-grey-stuffed-end": ("stuffed.jpg", _jpeg_grey_stuffed_end),
    "jpeg-huffman-all-ones": ("all-ones.jpg", lambda: jpeg_grey(2049, 8, all_ones_code=True)),
    "jpeg-grey-fill-before-stuffed": ("fill.jpg", _jpeg_grey_fill_before_stuffed),
    "jpeg-grey-restart-after-scan": ("restart.jpg", _jpeg_grey_restart_after_scan),
    # An APP13 (ED) and an APP15 (EF) whose bodies start "Adobe": neither is the APP14 (EE) one.
    "jpeg-grey-adobe-app13-app15": (
        "app13.jpg",
        _jpeg_grey_with_segments((0xED, b"Adobe_CM\x00"), (0xEF, b"Adobe\x00\x64\x00\x00\x00\x00\x01")),
    ),
    "jpeg-huffman-all-ones-8x8": ("all-ones.jpg", lambda: jpeg_grey(8, 8, all_ones_code=True)),
    # An 8x8 grey JPEG with an APP14 Adobe segment (transform 0): small, sent as it is.
    "jpeg-grey-adobe-8x8": (
        "adobe.jpg",
        _jpeg_grey_with_segments((0xEE, b"Adobe\x00\x64\x00\x00\x00\x00\x00"), width=8, height=8),
    ),
    "jpeg-grey-dri-5-bytes": ("dri5.jpg", _jpeg_grey_with_segments((0xDD, b"\x00\x00\x01"))),
    "jpeg-grey-dri-3-bytes": ("dri3.jpg", _jpeg_grey_with_segments((0xDD, b"\x00"))),
    "jpeg-dc-symbol-16": ("dc16.jpg", lambda: jpeg_grey(2049, 8, extra_dc_symbol=16)),
    "jpeg-dc-symbol-15": ("dc15.jpg", lambda: jpeg_grey(2049, 8, extra_dc_symbol=15)),
    "jpeg-grey-dc-quant-50": ("dcq50.jpg", lambda: jpeg_grey(2049, 8, dc_quant=50)),
    "jpeg-grey-dc-quant-3": ("dcq3.jpg", lambda: jpeg_grey(2049, 8, first=1, dc_quant=3)),
    "jpeg-grey-fill-between-segments": ("fill2.jpg", _jpeg_grey_fill_between_segments),
    "jpeg-grey-rst0-segment": (
        "rst0.jpg",
        _jpeg_grey_with_segments((0xD0, b"\x08\x00\x10\x00\x10\x01\x01\x11\x00")),
    ),
}


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1 or argv[0] not in FILES:
        print(
            f"usage: python -m codex_workshop.areas.dispatch.image_files {{{','.join(FILES)}}}",
            file=sys.stderr,
        )
        return 2
    print(base64.b64encode(FILES[argv[0]][1]()).decode("ascii"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
