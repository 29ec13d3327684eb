"""The JPEG encoder and decoder equal their scalar definitions, integer for integer.

The codecs work on whole components at once (``int_lanes``); the oracles
are the codecs the reference used before they were vectorized: the
encoder one 8x8 block at a time (RGB to YCbCr, libjpeg's
islow DCT with image 0.25.9's rounding quirk, quantization, a bit writer
that stuffs and pads), the decoder's IDCT, upsampling and colour
conversion one block, row and pixel at a time.  The decoder is fed the
encoder's files as written and relabelled (2x1 and 2x2 luma, one
component, a DC table whose values are hundreds of bits long), so its
subsampled, grey and hostile paths all run.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.errors import NotModelled
from codex_reference.rustlib import image_jpeg_read, image_jpeg_write
from codex_reference.rustlib.image_jpeg_write import HUFFMAN_TABLES, ZIGZAG, huffman_codes, quant_tables

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True, database=None)

# --- the encoder, one block at a time -------------------------------------------------------


def _ycbcr(r: int, g: int, b: int) -> tuple[int, int, int]:
    y = (19595 * r + 38469 * g + 7471 * b + 32767) >> 16
    cb = (-11059 * r - 21709 * g + 32768 * b + 8421375) >> 16
    cr = (32768 * r - 27439 * g - 5329 * b + 8421375) >> 16
    return y, cb, cr


def _odd(out: list[int], base: int, step: int, diffs: tuple[int, int, int, int], shift: int) -> None:
    t0, t1, t2, t3 = diffs
    t12, t13 = t0 + t2, t1 + t3
    z1 = (t12 + t13) * 9633 + 1024
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


def _fdct(samples: list[int]) -> list[int]:
    out = [0] * 64
    for y0 in range(0, 64, 8):
        s = samples[y0 : y0 + 8]
        t0, t1, t2, t3 = s[0] + s[7], s[1] + s[6], s[2] + s[5], s[3] + s[4]
        t10, t12, t11, t13 = t0 + t3, t0 - t3, t1 + t2, t1 - t2
        out[y0] = (t10 + t11 - 1024) << 2
        out[y0 + 4] = (t10 - t11) << 2
        z1 = (t12 + t13) * 4433 + 1024
        out[y0 + 2] = (z1 + t12 * 6270) >> 11
        out[y0 + 6] = (z1 - t13 * 15137) >> 11
        _odd(out, y0, 1, (s[0] - s[7], s[1] - s[6], s[2] - s[5], s[3] - s[4]), 11)
    for x in range(8):
        c = out[x::8]
        t0, t1, t2, t3 = c[0] + c[7], c[1] + c[6], c[2] + c[5], c[3] + c[4]
        t10, t12, t11, t13 = t0 + t3 + 2, t0 - t3, t1 + t2, t1 - t2
        out[x] = (t10 + t11) >> 2
        out[x + 32] = (t10 - t11) >> 2
        z1 = (t12 + t13) * 4433 + 16384
        out[x + 16] = (z1 + t12 * 6270) >> 15
        out[x + 48] = (z1 - t13 * 15137) >> 15
        _odd(out, x, 8, (c[0] - c[7], c[1] - c[6], c[2] - c[5], c[3] - c[4]), 15)
    return out


def _quantize(coefficients: list[int], table: list[int]) -> list[int]:
    out = []
    for index in ZIGZAG:
        value = coefficients[index]
        value = value // 8 if value >= 0 else -(-value // 8)
        q = table[index]
        out.append((2 * value + q) // (2 * q) if value >= 0 else -((-2 * value + q) // (2 * q)))
    return out


class _MsbWriter:
    def __init__(self) -> None:
        self.bits: list[str] = []

    def write(self, bits: int, size: int) -> None:
        if size:
            self.bits.append(format(bits, f"0{size}b"))

    def data(self) -> bytes:
        text = "".join(self.bits)
        text += "1" * (-len(text) % 8)
        return int(text, 2).to_bytes(len(text) // 8, "big").replace(b"\xff", b"\xff\x00") if text else b""


def _magnitude(value: int) -> tuple[int, int]:
    size = abs(value).bit_length()
    return size, (value if value >= 0 else value - 1) & ((1 << size) - 1)


def _write_block(
    writer: _MsbWriter,
    block: list[int],
    dc_prev: int,
    dc: dict[int, tuple[int, int]],
    ac: dict[int, tuple[int, int]],
) -> None:
    size, bits = _magnitude(block[0] - dc_prev)
    code, length = dc[size]
    writer.write((code << size) | bits, length + size)
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


def oracle_encode(width: int, height: int, rgb: bytes, quality: int) -> bytes:
    tables = quant_tables(quality)
    luma_dc, luma_ac, chroma_dc, chroma_ac = (huffman_codes(c, s) for _, c, s in HUFFMAN_TABLES)
    writer = _MsbWriter()
    prev = [0, 0, 0]
    for y0 in range(0, height, 8):
        for x0 in range(0, width, 8):
            planes: tuple[list[int], list[int], list[int]] = ([], [], [])
            for dy in range(8):
                for dx in range(8):
                    at = (min(y0 + dy, height - 1) * width + min(x0 + dx, width - 1)) * 3
                    for plane, value in zip(planes, _ycbcr(*rgb[at : at + 3]), strict=True):
                        plane.append(value)
            for channel, (table, dc, ac) in enumerate(
                (
                    (tables[0], luma_dc, luma_ac),
                    (tables[1], chroma_dc, chroma_ac),
                    (tables[1], chroma_dc, chroma_ac),
                )
            ):
                block = _quantize(_fdct(planes[channel]), table)
                _write_block(writer, block, prev[channel], dc, ac)
                prev[channel] = block[0]
    return image_jpeg_write._headers(width, height, tables) + writer.data() + b"\xff\xd9"


# --- the decoder's stages after the Huffman data, one block, row and pixel at a time ---------


def _idct_1d(s: list[int], bias: int, shift: int) -> list[int]:
    p1 = (s[2] + s[6]) * 2217
    t2, t3 = p1 + s[6] * -7567, p1 + s[2] * 3135
    t0, t1 = (s[0] + s[4]) << 12, (s[0] - s[4]) << 12
    x0, x3, x1, x2 = t0 + t3 + bias, t0 - t3 + bias, t1 + t2 + bias, t1 - t2 + bias
    t0, t1, t2, t3 = s[7], s[5], s[3], s[1]
    p3, p4, p1, p2 = t0 + t2, t1 + t3, t0 + t3, t1 + t2
    p5 = (p3 + p4) * 4816
    t0, t1, t2, t3 = t0 * 1223, t1 * 8410, t2 * 12586, t3 * 6149
    p1, p2, p3, p4 = p5 + p1 * -3685, p5 + p2 * -10497, p3 * -8034, p4 * -1597
    t3, t2, t1, t0 = t3 + p1 + p4, t2 + p2 + p3, t1 + p2 + p4, t0 + p1 + p3
    return [v >> shift for v in (x0 + t3, x1 + t2, x2 + t1, x3 + t0, x3 - t0, x2 - t1, x1 - t2, x0 - t3)]


def _idct(block: list[int]) -> list[int]:
    if not any(block[1:]):
        return [min(max((block[0] + 1028) >> 3, 0), 255)] * 64
    work = [0] * 64
    for col in range(8):
        work[col::8] = _idct_1d(block[col::8], 512, 10)
    out: list[int] = []
    for row in range(0, 64, 8):
        out += [min(max(v, 0), 255) for v in _idct_1d(work[row : row + 8], 512 + 65536 + (128 << 17), 17)]
    return out


def _upsample_row(row: list[int]) -> list[int]:
    n = len(row)
    out = []
    for i in range(n):
        left, right = row[max(i - 1, 0)], row[min(i + 1, n - 1)]
        out += [(3 * row[i] + left + 2) >> 2, (3 * row[i] + right + 2) >> 2]
    out[0], out[-1] = row[0], row[-1]
    return out


def _upsample_vertical(plane: list[list[int]]) -> list[list[int]]:
    out = []
    for index, row in enumerate(plane):
        up, down = plane[max(index - 1, 0)], plane[min(index + 1, len(plane) - 1)]
        out.append([(3 * c + u + 2) >> 2 for c, u in zip(row, up, strict=True)])
        out.append([(3 * c + d + 2) >> 2 for c, d in zip(row, down, strict=True)])
    return out


def _rgb(y: int, cb: int, cr: int) -> bytes:
    y0, cb, cr = y * 16384 + 8191, cb - 128, cr - 128
    r, g, b = (y0 + cr * 22970) >> 14, (y0 - cr * 11700 - cb * 5638) >> 14, (y0 + cb * 29032) >> 14
    return bytes(min(max(v, 0), 255) for v in (r, g, b))


class _Bits:
    """The entropy-coded data as a string of '0'/'1' (stuffed zeros removed)."""

    def __init__(self, data: bytes) -> None:
        # A leading 1 keeps the data's leading zero bits; "0b1" is then cut off.
        self.bits = bin(int.from_bytes(b"\x01" + data, "big"))[3:]
        self.pos = 0

    def symbol(self, lookup: list[int]) -> int:
        ahead = self.bits[self.pos : self.pos + 16]
        # Past the end the bits read as zeros; a code longer than the bits left is refused below.
        entry = lookup[int(ahead.ljust(16, "0"), 2)]
        length = entry >> 8
        if not length or length > len(ahead):
            raise NotModelled("a JPEG whose Huffman data does not decode is not modelled")
        self.pos += length
        return entry & 0xFF

    def value(self, size: int) -> int:
        if size == 0:
            return 0
        raw = self.bits[self.pos : self.pos + size]
        if len(raw) < size:
            raise NotModelled("a JPEG whose scan data ends early is not modelled")
        self.pos += size
        number = int(raw, 2)
        return number if raw[0] == "1" else number - (1 << size) + 1


def oracle_decode(data: bytes) -> tuple[int, int, bytes]:
    """The decoder's own parser, the Huffman data read code by code, then the scalar stages."""
    parser = image_jpeg_read._Parser(data)
    start, selectors = parser.segments()
    bits = _Bits(image_jpeg_read._scan_data(data, start))
    comps = parser.components
    hmax, vmax = max(c.h for c in comps), max(c.v for c in comps)
    mcu_x, mcu_y = -(-parser.width // (8 * hmax)), -(-parser.height // (8 * vmax))
    planes = [[[0] * (mcu_x * c.h * 8) for _ in range(mcu_y * c.v * 8)] for c in comps]
    preds = [0] * len(comps)
    too_large = False
    try:
        tables = [(parser.quant[quant], parser.dc[dc], parser.ac[ac]) for quant, dc, ac in selectors]
    except KeyError as missing:
        raise NotModelled(f"a JPEG missing table {missing} is not modelled") from None
    for my in range(mcu_y):
        for mx in range(mcu_x):
            for index, comp in enumerate(comps):
                quant, dc, ac = tables[index]
                for v in range(comp.v):
                    for h in range(comp.h):
                        block = [0] * 64
                        preds[index] += bits.value(bits.symbol(dc))
                        block[0] = preds[index] * quant[0]
                        k = 1
                        while k < 64:
                            rs = bits.symbol(ac)
                            run, size = rs >> 4, rs & 15
                            if size == 0:
                                if run != 15:
                                    break
                                k += 16
                                continue
                            k += run
                            natural = ZIGZAG[min(k, 63)]
                            block[natural] = bits.value(size) * quant[natural]
                            k += 1
                        too_large = too_large or max(map(abs, block)) >= image_jpeg_read._LARGEST_MODELLED
                        samples = _idct(block)
                        top, left = (my * comp.v + v) * 8, (mx * comp.h + h) * 8
                        for r in range(8):
                            planes[index][top + r][left : left + 8] = samples[r * 8 : r * 8 + 8]
    # As the decoder does: all the Huffman data first (a later block that does not
    # decode is the reason given), then the coefficients' bound.
    if too_large:
        raise NotModelled("a JPEG with a dequantized coefficient of 2**15 or more is not modelled")
    width, height = parser.width, parser.height
    if len(planes) == 1:
        return (
            width,
            height,
            bytes(value for row in planes[0][:height] for value in row[:width] for _ in range(3)),
        )
    chroma = planes[1:]
    if comps[0].v == 2:
        chroma = [_upsample_vertical(plane) for plane in chroma]
    if comps[0].h == 2:
        chroma = [[_upsample_row(row) for row in plane] for plane in chroma]
    out = bytearray()
    for y_row, cb_row, cr_row in zip(planes[0][:height], chroma[0], chroma[1], strict=False):
        for x in range(width):
            out += _rgb(y_row[x], cb_row[x], cr_row[x])
    return width, height, bytes(out)


# --- the comparisons -------------------------------------------------------------------------


@st.composite
def rgb_images(draw: st.DrawFn) -> tuple[int, int, bytes]:
    width, height = draw(st.integers(1, 24)), draw(st.integers(1, 24))
    count = width * height * 3
    samples = st.one_of(st.integers(0, 255), st.sampled_from([0, 255]))
    return width, height, bytes(draw(st.lists(samples, min_size=count, max_size=count)))


QUALITIES = st.sampled_from([85, 85, 75, 50, 95, 99, 100])  # quant_tables: 50 to 100


@SETTINGS
@given(rgb_images(), QUALITIES)
def test_encoder_equals_the_scalar_encoder(image: tuple[int, int, bytes], quality: int) -> None:
    width, height, rgb = image
    try:
        expected: bytes | str = oracle_encode(width, height, rgb, quality)
    except KeyError as no_code:  # a coefficient the Huffman tables have no code for
        expected = repr(no_code)
    try:
        got: bytes | str = image_jpeg_write.encode_rgb(width, height, rgb, quality)
    except KeyError as no_code:
        got = repr(no_code)
    assert got == expected


def _relabelled(jpeg: bytes, sampling: int | None, dc_bits: int | None) -> bytes:
    """The encoder's file with luma sampled ``sampling`` (0xHV; None: one component) and, with
    ``dc_bits``, the luma DC table's values 1..11 made that many bits long."""
    data = bytearray(jpeg)
    if dc_bits is not None:
        table = data.index(b"\xff\xc4\x00\x1f\x00") + 5 + 16
        data[table + 1 : table + 12] = bytes([dc_bits]) * 11
    frame, scan = data.index(b"\xff\xc0"), data.index(b"\xff\xda")
    if sampling is not None:
        data[frame + 11] = sampling
        return bytes(data)
    one_frame = b"\xff\xc0\x00\x0b" + data[frame + 4 : frame + 9] + b"\x01" + data[frame + 10 : frame + 13]
    one_scan = b"\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00"
    return bytes(data[:frame] + one_frame + data[frame + 19 : scan] + one_scan + data[scan + 14 :])


def _reference_decode(data: bytes) -> tuple[int, int, bytes]:
    image = image_jpeg_read.decode(data)
    return image.width, image.height, image.rgb


def _outcome(decode: Callable[[bytes], tuple[int, int, bytes]], data: bytes) -> tuple[int, int, bytes] | str:
    try:
        return decode(data)
    except NotModelled as declined:
        return f"declined: {declined}"
    except image_jpeg_read.Refused:
        return "refused"


@SETTINGS
@given(
    rgb_images(),
    QUALITIES,
    st.sampled_from([0x11, 0x21, 0x22, 0x12, None]),
    st.one_of(st.none(), st.sampled_from([12, 16, 40, 100])),
)
def test_decoder_equals_the_scalar_decoder(
    image: tuple[int, int, bytes], quality: int, sampling: int | None, dc_bits: int | None
) -> None:
    try:
        jpeg = image_jpeg_write.encode_rgb(*image, quality)
    except KeyError:
        return
    data = _relabelled(jpeg, sampling, dc_bits)
    assert _outcome(_reference_decode, data) == _outcome(oracle_decode, data)
