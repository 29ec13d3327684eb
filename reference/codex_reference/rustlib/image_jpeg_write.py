"""image 0.25.9's baseline JPEG encoder, as 0.169.0 calls it on a resized JPEG (DISPATCH-IMAGE-1).

The release hands the resized ``DynamicImage`` to
``JpegEncoder::new_with_quality(_, 85).encode_image``; its pixels are read
as RGBA, so every image (a greyscale one too) is written with three
components, all sampled 1x1 (4:4:4).  The layout is SOI, a JFIF APP0
(version 1.2, aspect ratio 1:1), SOF0 *before* the two DQTs, the four
standard Huffman tables of the JPEG specification (annex K), one
interleaved scan, and EOI.

Each 8x8 block (edge blocks repeat the last column and row) goes through
a fixed-point RGB to YCbCr conversion, the integer forward DCT the
encoder took from libjpeg's ``jfdctint.c`` (with one quirk kept: the
column pass rounds its odd outputs with the row pass's constant), a
truncating division by 8 and a division by the quantizer rounded half
away from zero.  The entropy coder stuffs a zero after every 0xFF and
pads the last byte with one bits.

The colour conversion and the DCT run on all the blocks at once, one
integer lane per block (``int_lanes``; its shift floors as the encoder's
``>>`` on i32 does); quantization is a comprehension per coefficient
position, and the entropy coder writes each block's codes as text that
``image_bits`` packs in one go.  reference/tests/test_image_jpeg_oracle.py
holds a block-at-a-time encoder and checks the two agree.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from itertools import compress, repeat

from codex_reference.rustlib import image_bits
from codex_reference.rustlib.int_lanes import Lanes

__all__ = ["QUALITY", "encode_rgb", "quant_tables"]

QUALITY = 85


def _table(text: str) -> tuple[int, ...]:
    return tuple(int(value) for value in text.split())


# Annex K tables, natural (row-major) order.
_LUMA_Q = _table(
    """
     16  11  10  16  24  40  51  61
     12  12  14  19  26  58  60  55
     14  13  16  24  40  57  69  56
     14  17  22  29  51  87  80  62
     18  22  37  56  68 109 103  77
     24  35  55  64  81 104 113  92
     49  64  78  87 103 121 120 101
     72  92  95  98 112 100 103  99
    """
)
_CHROMA_Q = _table(
    """
     17  18  24  47  99  99  99  99
     18  21  26  66  99  99  99  99
     24  26  56  99  99  99  99  99
     47  66  99  99  99  99  99  99
     99  99  99  99  99  99  99  99
     99  99  99  99  99  99  99  99
     99  99  99  99  99  99  99  99
     99  99  99  99  99  99  99  99
    """
)

# Natural index of each zigzag position.
ZIGZAG = _table(
    """
      0   1   8  16   9   2   3  10
     17  24  32  25  18  11   4   5
     12  19  26  33  40  48  41  34
     27  20  13   6   7  14  21  28
     35  42  49  56  57  50  43  36
     29  22  15  23  30  37  44  51
     58  59  52  45  38  31  39  46
     53  60  61  54  47  55  62  63
    """
)

_AC_LUMA_VALUES = bytes.fromhex(
    "01020300041105122131410613516107227114328191a1082342b1c11552d1f0"
    "2433627282090a161718191a25262728292a3435363738393a43444546474849"
    "4a535455565758595a636465666768696a737475767778797a83848586878889"
    "8a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5"
    "c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8"
    "f9fa"
)
_AC_CHROMA_VALUES = bytes.fromhex(
    "000102031104052131061241510761711322328108144291a1b1c109233352f0"
    "156272d10a162434e125f11718191a262728292a35363738393a434445464748"
    "494a535455565758595a636465666768696a737475767778797a828384858687"
    "88898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3"
    "c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8"
    "f9fa"
)

# (class/destination byte, 16 code counts, symbols) as the DHT segments carry them.
HUFFMAN_TABLES = (
    (0x00, bytes([0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]), bytes(range(12))),
    (0x10, bytes([0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D]), _AC_LUMA_VALUES),
    (0x01, bytes([0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]), bytes(range(12))),
    (0x11, bytes([0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77]), _AC_CHROMA_VALUES),
)


def quant_tables(quality: int) -> tuple[list[int], list[int]]:
    """The luma and chroma quantizers (natural order) the encoder derives from ``quality``, 50 to 100.

    The release asks for 85 (``QUALITY``); the kit's tests and broken
    adapters ask for others of that range, where the encoder's formula is a
    scale of 200 - 2 x quality per cent and no quantizer exceeds the
    table's own (at most 121), so only the clamp to 1 can bind (from 98 up).
    Below 50 the encoder scales by 5000 / quality and clamps to 255: never
    asked for, so not written here.
    """
    scale = 200 - quality * 2
    return tuple(  # type: ignore[return-value]
        [max((value * scale + 50) // 100, 1) for value in table] for table in (_LUMA_Q, _CHROMA_Q)
    )


def huffman_codes(counts: bytes, symbols: bytes) -> dict[int, tuple[int, int]]:
    """Canonical codes: symbol -> (code, length)."""
    codes, code, index = {}, 0, 0
    for length, count in enumerate(counts, start=1):
        for _ in range(count):
            codes[symbols[index]] = (code, length)
            code += 1
            index += 1
        code <<= 1
    return codes


def _ycbcr(lanes: Lanes, rgb: bytes) -> list[bytes]:
    """RGB samples -> the Y, Cb and Cr planes: 16-bit fixed point, BT.601 full range, "+0.5" as 2**15 - 1.

    In 32-bit lanes: every sum below is positive (the offsets outweigh the
    negative terms) and under 2**25, so a plain shift and mask floors it.
    """
    r, g, b = (lanes.of_bytes(rgb[channel::3]) for channel in range(3))
    low = lanes.fill(0xFFFF)
    y = ((19595 * r + 38469 * g + 7471 * b + lanes.fill(32767)) >> 16) & low
    cb = ((-11059 * r - 21709 * g + 32768 * b + lanes.fill(8421375)) >> 16) & low
    cr = ((32768 * r - 27439 * g - 5329 * b + lanes.fill(8421375)) >> 16) & low
    return [lanes.to_bytes(plane) for plane in (y, cb, cr)]


# The DCT's lanes: 64 bits, biased by 2**62 where shifted (no value it computes nears 2**40).
_WIDTH, _BIAS = 64, 1 << 62


def _fdct(lanes: Lanes, samples: list[int]) -> list[int]:
    """libjpeg's islow forward DCT (13-bit constants, 2 pass bits) of 64 sample lanes (natural order,
    one lane per block) -> 64 coefficient lanes, scaled by 8.  Rows first, then columns."""
    rows = [_row_pass(lanes, samples[8 * y : 8 * y + 8]) for y in range(8)]
    columns = [_column_pass(lanes, [rows[y][x] for y in range(8)]) for x in range(8)]
    return [columns[x][y] for y in range(8) for x in range(8)]


def _row_pass(lanes: Lanes, s: list[int]) -> list[int]:
    t0, t1, t2, t3 = s[0] + s[7], s[1] + s[6], s[2] + s[5], s[3] + s[4]
    t10, t12, t11, t13 = t0 + t3, t0 - t3, t1 + t2, t1 - t2
    out = [0] * 8
    out[0] = (t10 + t11 - lanes.fill(1024)) * 4  # the level shift by 128, eight samples
    out[4] = (t10 - t11) * 4
    z1 = (t12 + t13) * 4433 + lanes.fill(1024)
    out[2] = lanes.shift(z1 + t12 * 6270, 11, _BIAS)
    out[6] = lanes.shift(z1 - t13 * 15137, 11, _BIAS)
    out[1], out[3], out[5], out[7] = _odd(
        lanes, (s[0] - s[7], s[1] - s[6], s[2] - s[5], s[3] - s[4]), fudge=1024, shift=11
    )
    return out


def _column_pass(lanes: Lanes, c: list[int]) -> list[int]:
    t0, t1, t2, t3 = c[0] + c[7], c[1] + c[6], c[2] + c[5], c[3] + c[4]
    t10, t12, t11, t13 = t0 + t3 + lanes.fill(2), t0 - t3, t1 + t2, t1 - t2
    out = [0] * 8
    out[0] = lanes.shift(t10 + t11, 2, _BIAS)
    out[4] = lanes.shift(t10 - t11, 2, _BIAS)
    z1 = (t12 + t13) * 4433 + lanes.fill(16384)
    out[2] = lanes.shift(z1 + t12 * 6270, 15, _BIAS)
    out[6] = lanes.shift(z1 - t13 * 15137, 15, _BIAS)
    # The column pass's odd part rounds with 1 << 10, not 1 << 14: image 0.25.9 does so.
    out[1], out[3], out[5], out[7] = _odd(
        lanes, (c[0] - c[7], c[1] - c[6], c[2] - c[5], c[3] - c[4]), fudge=1024, shift=15
    )
    return out


def _odd(
    lanes: Lanes, diffs: tuple[int, int, int, int], *, fudge: int, shift: int
) -> tuple[int, int, int, int]:
    """The odd outputs (1, 3, 5, 7) of a line from its four differences."""
    t0, t1, t2, t3 = diffs
    t12, t13 = t0 + t2, t1 + t3
    z1 = (t12 + t13) * 9633 + lanes.fill(fudge)
    t12 = t12 * -3196 + z1
    t13 = t13 * -16069 + z1
    z1 = (t0 + t3) * -7373
    t0 = t0 * 12299 + z1 + t12
    t3 = t3 * 2446 + z1 + t13
    z1 = (t1 + t2) * -20995
    t1 = t1 * 25172 + z1 + t13
    t2 = t2 * 16819 + z1 + t12
    return tuple(lanes.shift(t, shift, _BIAS) for t in (t0, t1, t2, t3))  # type: ignore[return-value]


def _quantize(lanes: Lanes, coefficients: int, q: int) -> list[int]:
    """(c / 8, truncated) / q rounded half away from zero, for one coefficient of every block (lanes).

    The encoder divides in ``f32`` and rounds; an exact tie is the only
    case where that could differ from the exact quotient, and quotients of
    such small integers are never within an ``f32`` ulp of a half.  Here
    the truncation is a floor after adding 7 to negative lanes, and the
    rounded quotient ``int(t / q + copysign(0.5, t))`` in f64, which is
    exact too: with ``|t| < 2**12`` and ``q <= 255`` a quotient that is no
    tie lies at least ``1 / 510`` from one, and the two f64 roundings move
    it by less than ``2**-40``; a tie's ``t / q`` is a half, exact in f64.
    """
    negative = (lanes.top ^ ((coefficients + lanes.top) & lanes.top)) >> (lanes.width - 1)
    truncated = lanes.to_ints(lanes.shift(coefficients + 7 * negative, 3, _BIAS))
    halves = map(math.copysign, repeat(0.5), truncated)
    return list(map(int, map(operator.add, map(operator.truediv, truncated, repeat(q)), halves)))


def _magnitude_text(value: int) -> str:
    """The bits written after a code for ``value``: as many as its bit length, ones' complement below 0."""
    size = abs(value).bit_length()
    return format((value if value >= 0 else value - 1) & ((1 << size) - 1), f"0{size}b") if size else ""


# Every value a code can be followed by: DC differences up to category 11, AC values to 10.
_MAGNITUDE = {value: _magnitude_text(value) for value in range(-2047, 2048)}
_AC_INDICES = range(1, 64)
_ZRL, _EOB = 0xF0, 0x00


def _code_texts(counts: bytes, symbols: bytes) -> dict[int, str]:
    """symbol -> its canonical code's bits."""
    return {
        symbol: format(code, f"0{length}b")
        for symbol, (code, length) in huffman_codes(counts, symbols).items()
    }


def _block_bits(
    parts: list[str], block: Sequence[int], dc_diff: int, dc: dict[int, str], ac: dict[int, str]
) -> None:
    """One block's codes (zigzag order): its DC difference, then for each non-zero AC
    coefficient a ZRL per 16 zeros before it and its run/size code, then EOB unless
    coefficient 63 is non-zero.  A symbol the table has no code for raises ``KeyError``
    (a coefficient too large for the tables: the coder's lookup fails)."""
    parts.append(dc[abs(dc_diff).bit_length()] + _MAGNITUDE[dc_diff])
    previous = 0
    for index in compress(_AC_INDICES, block[1:]):
        run = index - previous - 1
        while run > 15:
            parts.append(ac[_ZRL])
            run -= 16
        value = block[index]
        parts.append(ac[(run << 4) | abs(value).bit_length()] + _MAGNITUDE[value])
        previous = index
    if not block[63]:
        parts.append(ac[_EOB])


def _entropy_coded(blocks: Sequence[Sequence[Sequence[int]]]) -> bytes:
    """The scan's bytes for the quantized zigzag blocks of Y, Cb and Cr (one list each, MCU order):
    the codes packed, padded with one bits and byte-stuffed."""
    luma_dc, luma_ac, chroma_dc, chroma_ac = (_code_texts(c, s) for _, c, s in HUFFMAN_TABLES)
    tables = ((luma_dc, luma_ac), (chroma_dc, chroma_ac), (chroma_dc, chroma_ac))
    parts: list[str] = []
    previous = [0, 0, 0]
    for mcu in zip(*blocks, strict=True):
        for component, block in enumerate(mcu):
            dc, ac = tables[component]
            _block_bits(parts, block, block[0] - previous[component], dc, ac)
            previous[component] = block[0]
    return image_bits.msb_first("".join(parts), pad="1").replace(b"\xff", b"\xff\x00")


def _segment(marker: int, body: bytes) -> bytes:
    return bytes([0xFF, marker]) + (len(body) + 2).to_bytes(2, "big") + body


def _headers(width: int, height: int, tables: tuple[list[int], list[int]]) -> bytes:
    out = bytearray(b"\xff\xd8")
    out += _segment(0xE0, b"JFIF\x00\x01\x02\x00\x00\x01\x00\x01\x00\x00")
    components = b"\x01\x11\x00\x02\x11\x01\x03\x11\x01"
    out += _segment(
        0xC0, b"\x08" + height.to_bytes(2, "big") + width.to_bytes(2, "big") + b"\x03" + components
    )
    for number, table in enumerate(tables):
        out += _segment(0xDB, bytes([number]) + bytes(table[i] for i in ZIGZAG))
    for tcth, counts, symbols in HUFFMAN_TABLES:
        out += _segment(0xC4, bytes([tcth]) + counts + symbols)
    out += _segment(0xDA, b"\x03\x01\x00\x02\x11\x03\x11\x00\x3f\x00")
    return bytes(out)


def _block_planes(width: int, height: int, plane: bytes) -> list[bytes]:
    """A padded plane's 8x8 blocks, as 64 byte strings: sample (y, x) of every block, blocks row by row."""
    blocks_down = height // 8
    out = []
    for y in range(8):
        for x in range(8):
            out.append(
                b"".join(
                    plane[(8 * row + y) * width + x : (8 * row + y + 1) * width : 8]
                    for row in range(blocks_down)
                )
            )
    return out


def _padded(width: int, height: int, rgb: bytes) -> tuple[int, int, bytes]:
    """The image grown to whole 8x8 blocks, edge blocks repeating the last column and row."""
    padded_width, padded_height = -(-width // 8) * 8, -(-height // 8) * 8
    stride = 3 * width
    rows = [
        rgb[y * stride : (y + 1) * stride]
        + rgb[(y + 1) * stride - 3 : (y + 1) * stride] * (padded_width - width)
        for y in range(height)
    ]
    rows += [rows[-1]] * (padded_height - height)
    return padded_width, padded_height, b"".join(rows)


def encode_rgb(width: int, height: int, rgb: bytes, quality: int = QUALITY) -> bytes:
    """The JPEG image 0.25.9 writes for an 8-bit RGB image (rows top to bottom, no padding)."""
    if not (1 <= width <= 65535 and 1 <= height <= 65535) or len(rgb) != width * height * 3:
        raise ValueError(f"not a {width}x{height} RGB image")
    tables = quant_tables(quality)
    padded_width, padded_height, padded = _padded(width, height, rgb)
    count = padded_width * padded_height // 64  # blocks per component
    lanes = Lanes(count, _WIDTH)
    components = []
    for index, plane in enumerate(_ycbcr(Lanes(padded_width * padded_height, 32), padded)):
        samples = [lanes.of_bytes(line) for line in _block_planes(padded_width, padded_height, plane)]
        coefficients = _fdct(lanes, samples)
        table = tables[min(index, 1)]
        quantized = [_quantize(lanes, coefficients[k], table[k]) for k in ZIGZAG]
        components.append(list(zip(*quantized, strict=True)))
    scan = _entropy_coded(components)
    return _headers(width, height, tables) + scan + b"\xff\xd9"
