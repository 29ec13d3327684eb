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
"""

from __future__ import annotations

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
    """The luma and chroma quantizers (natural order) the encoder derives from ``quality``."""
    quality = min(max(quality, 1), 100)
    scale = 5000 // quality if quality < 50 else 200 - quality * 2
    return tuple(  # type: ignore[return-value]
        [min(max((value * scale + 50) // 100, 1), 255) for value in table] for table in (_LUMA_Q, _CHROMA_Q)
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


def _ycbcr(r: int, g: int, b: int) -> tuple[int, int, int]:
    # 16-bit fixed point, BT.601 full range, "+0.5" as 2**15 - 1.
    y = (19595 * r + 38469 * g + 7471 * b + 32767) >> 16
    cb = (-11059 * r - 21709 * g + 32768 * b + 8421375) >> 16
    cr = (32768 * r - 27439 * g - 5329 * b + 8421375) >> 16
    return y, cb, cr


def _fdct(samples: list[int]) -> list[int]:
    """libjpeg's islow forward DCT (13-bit constants, 2 pass bits); output scaled by 8."""
    out = [0] * 64
    for y0 in range(0, 64, 8):
        s = samples[y0 : y0 + 8]
        t0, t1, t2, t3 = s[0] + s[7], s[1] + s[6], s[2] + s[5], s[3] + s[4]
        t10, t12, t11, t13 = t0 + t3, t0 - t3, t1 + t2, t1 - t2
        t0, t1, t2, t3 = s[0] - s[7], s[1] - s[6], s[2] - s[5], s[3] - s[4]
        out[y0] = (t10 + t11 - 1024) << 2  # the level shift by 128, eight samples
        out[y0 + 4] = (t10 - t11) << 2
        z1 = (t12 + t13) * 4433 + 1024
        out[y0 + 2] = (z1 + t12 * 6270) >> 11
        out[y0 + 6] = (z1 - t13 * 15137) >> 11
        _odd(out, y0, 1, (t0, t1, t2, t3), fudge=1024, shift=11)
    for x in range(7, -1, -1):
        c = out[x::8]
        t0, t1, t2, t3 = c[0] + c[7], c[1] + c[6], c[2] + c[5], c[3] + c[4]
        t10, t12, t11, t13 = t0 + t3 + 2, t0 - t3, t1 + t2, t1 - t2
        t0, t1, t2, t3 = c[0] - c[7], c[1] - c[6], c[2] - c[5], c[3] - c[4]
        out[x] = (t10 + t11) >> 2
        out[x + 32] = (t10 - t11) >> 2
        z1 = (t12 + t13) * 4433 + 16384
        out[x + 16] = (z1 + t12 * 6270) >> 15
        out[x + 48] = (z1 - t13 * 15137) >> 15
        # The column pass's odd part rounds with 1 << 10, not 1 << 14: image 0.25.9 does so.
        _odd(out, x, 8, (t0, t1, t2, t3), fudge=1024, shift=15)
    return out


def _odd(
    out: list[int], base: int, step: int, diffs: tuple[int, int, int, int], *, fudge: int, shift: int
) -> None:
    """The odd outputs (1, 3, 5, 7) of one row or column from its four differences."""
    t0, t1, t2, t3 = diffs
    t12, t13 = t0 + t2, t1 + t3
    z1 = (t12 + t13) * 9633 + fudge
    t12 = t12 * -3196 + z1
    t13 = t13 * -16069 + z1
    z1 = (t0 + t3) * -7373
    t0 = t0 * 12299 + z1 + t12
    t3 = t3 * 2446 + z1 + t13
    z1 = (t1 + t2) * -20995
    t1 = t1 * 25172 + z1 + t13
    t2 = t2 * 16819 + z1 + t12
    out[base + step] = t0 >> shift
    out[base + 3 * step] = t1 >> shift
    out[base + 5 * step] = t2 >> shift
    out[base + 7 * step] = t3 >> shift


def _quantize(coefficients: list[int], table: list[int]) -> list[int]:
    """(c / 8, truncated) / q rounded half away from zero, in zigzag order.

    The encoder divides in ``f32`` and rounds; an exact tie is the only
    case where that could differ from the exact quotient, and quotients of
    such small integers are never within an ``f32`` ulp of a half.
    """
    out = []
    for index in ZIGZAG:
        value = coefficients[index]
        value = value // 8 if value >= 0 else -(-value // 8)
        q = table[index]
        out.append((2 * value + q) // (2 * q) if value >= 0 else -((-2 * value + q) // (2 * q)))
    return out


class _BitWriter:
    """JPEG's MSB-first entropy stream: bits gather in a small integer and leave as whole bytes,
    a zero stuffed after each 0xFF."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.acc = 0
        self.nbits = 0

    def write(self, bits: int, size: int) -> None:
        self.acc = (self.acc << size) | bits
        self.nbits += size
        if self.nbits >= 64:
            self._flush()

    def _flush(self) -> None:
        whole = self.nbits // 8
        rest = self.nbits - whole * 8
        self.out += (self.acc >> rest).to_bytes(whole, "big").replace(b"\xff", b"\xff\x00")
        self.acc &= (1 << rest) - 1
        self.nbits = rest

    def pad(self) -> None:
        # Seven one bits: completes a partial byte, and writes nothing after a whole one.
        if self.nbits % 8:
            self.write((1 << (8 - self.nbits % 8)) - 1, 8 - self.nbits % 8)
        self._flush()


def _magnitude(value: int) -> tuple[int, int]:
    size = abs(value).bit_length()
    return size, (value if value >= 0 else value - 1) & ((1 << size) - 1)


def _write_block(
    writer: _BitWriter,
    block: list[int],
    dc_prev: int,
    dc: dict[int, tuple[int, int]],
    ac: dict[int, tuple[int, int]],
) -> int:
    size, bits = _magnitude(block[0] - dc_prev)
    code, length = dc[size]
    writer.write((code << size) | bits, length + size)  # the code, then the value's bits
    run = 0
    for value in block[1:]:
        if value == 0:
            run += 1
            continue
        while run > 15:
            writer.write(*ac[0xF0])
            run -= 16
        size, bits = _magnitude(value)
        code, length = ac[(run << 4) | size]
        writer.write((code << size) | bits, length + size)
        run = 0
    if block[63] == 0:
        writer.write(*ac[0x00])
    return block[0]


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


def encode_rgb(width: int, height: int, rgb: bytes, quality: int = QUALITY) -> bytes:
    """The JPEG image 0.25.9 writes for an 8-bit RGB image (rows top to bottom, no padding)."""
    if not (1 <= width <= 65535 and 1 <= height <= 65535) or len(rgb) != width * height * 3:
        raise ValueError(f"not a {width}x{height} RGB image")
    tables = quant_tables(quality)
    luma_dc, luma_ac, chroma_dc, chroma_ac = (huffman_codes(c, s) for _, c, s in HUFFMAN_TABLES)
    converted: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    writer = _BitWriter()
    prev = [0, 0, 0]
    for y0 in range(0, height, 8):
        rows = [min(y0 + dy, height - 1) * width for dy in range(8)]
        for x0 in range(0, width, 8):
            planes: tuple[list[int], list[int], list[int]] = ([], [], [])
            for row in rows:
                for dx in range(8):
                    at = (row + min(x0 + dx, width - 1)) * 3
                    pixel = (rgb[at], rgb[at + 1], rgb[at + 2])
                    ycc = converted.get(pixel)
                    if ycc is None:
                        ycc = converted[pixel] = _ycbcr(*pixel)
                    planes[0].append(ycc[0])
                    planes[1].append(ycc[1])
                    planes[2].append(ycc[2])
            for channel, (table, dc, ac) in enumerate(
                (
                    (tables[0], luma_dc, luma_ac),
                    (tables[1], chroma_dc, chroma_ac),
                    (tables[1], chroma_dc, chroma_ac),
                )
            ):
                block = _quantize(_fdct(planes[channel]), table)
                prev[channel] = _write_block(writer, block, prev[channel], dc, ac)
    writer.pad()
    return _headers(width, height, tables) + bytes(writer.out) + b"\xff\xd9"
