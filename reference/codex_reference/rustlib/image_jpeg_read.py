"""zune-jpeg 0.5.12's decoding of a baseline JPEG, as image 0.25.9 asks for it (DISPATCH-IMAGE-1).

0.169.0 decodes a JPEG it must resize with zune-jpeg, whose every step is
integer arithmetic, so the pixels it resizes are reproduced here exactly:

- coefficients are dequantized as they are read (coefficient x quantizer);
- the inverse DCT is stb_image's integer one (12-bit constants, 10 bits
  dropped after the column pass, 17 after the row pass with 128.5 added,
  clamped to 0..255); a block with only a DC term is (dc + 1028) >> 3;
- chroma sampled 2x1 or 2x2 is upsampled over the whole padded plane
  (MCU padding included) "fancily": vertically first, each output row
  (3 x nearer + farther + 2) >> 2 with the plane's first and last rows as
  their own neighbours, then horizontally the same way, the end samples
  copied;
- YCbCr goes to RGB in 14-bit fixed point (1.402, 1.772, 0.714136,
  0.344136 as 22970, 29032, 11700, 5638 over 16384, plus 8191, an
  arithmetic shift, clamped); a one-component image is grey.

Declined (``NotModelled``), as no capture pins them: progressive,
arithmetic, lossless or 12-bit files, restart intervals, scans that do not
hold every component, four components, Adobe colour transforms, sampling
other than 1x1 chroma under 1x1, 2x1 or 2x2 luma, and coefficients of 2**15
or more (the decoder's fixed-width arithmetic).  Refused (``Refused``), as
zune-jpeg refuses them: Huffman tables with a code of all one bits, DC
tables listing a category over 15, DRI segments of other than 4 bytes.

The Huffman data is read in Python, code by code; every step after it
(IDCT, upsampling, colour conversion) runs on a whole component at once,
one sample per lane of a Python integer (``int_lanes``, whose shift floors
as the decoder's ``>>`` on i32 does), and is checked against per-block,
per-row and per-pixel code in reference/tests/test_image_jpeg_oracle.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

from codex_reference.errors import NotModelled
from codex_reference.rustlib.image_jpeg_write import ZIGZAG
from codex_reference.rustlib.int_lanes import Lanes

__all__ = ["JpegImage", "Refused", "decode", "huffman_refused"]


class Refused(Exception):
    """zune-jpeg refuses the file, so the release answers "invalid or unsupported image data".

    Raised without a message: no answer shows one.
    """


@dataclass(frozen=True)
class JpegImage:
    width: int
    height: int
    rgb: bytes  # 3 bytes a pixel, rows top to bottom


@dataclass(frozen=True)
class Plane:
    """One component's samples (0..255), ``width`` a row, rows top to bottom."""

    width: int
    height: int
    samples: bytes

    def rows(self) -> list[bytes]:
        return [self.samples[y * self.width : (y + 1) * self.width] for y in range(self.height)]


@dataclass
class _Component:
    ident: int
    h: int
    v: int
    table: int


# Per component, in frame order: its quantization table (the frame's) and the DC and AC
# Huffman tables the scan names for it.
_Selectors = list[tuple[int, int, int]]


def _huffman_lookup(counts: bytes, symbols: bytes) -> list[int]:
    """The next 16 bits -> ``symbol | length << 8`` of the canonical code they start with (0: none).

    Codes are prefix-free, so one table lookup replaces trying each length.
    zune-jpeg refuses a table in which a code is all one bits, or which holds
    more codes of a length than fit (libjpeg's check: the code after a
    length's last must still fit in that many bits; capture
    ``view-image-jpeg-huffman-all-ones``), so every code leaves the all-ones
    16-bit entry unset.
    """
    table = [0] * 65536
    code, index = 0, 0
    for length, count in enumerate(counts, start=1):
        for _ in range(count):
            if index >= len(symbols):
                raise NotModelled("a JPEG Huffman table with fewer symbols than codes is not modelled")
            if code >= (1 << length) - 1:
                raise Refused
            span = 1 << (16 - length)
            table[code * span : (code + 1) * span] = [symbols[index] | (length << 8)] * span
            code += 1
            index += 1
        code <<= 1
    return table


# An AC code whose value does not fit in the 16 bits looked ahead: it is read after the code.
_LATER = 1 << 16
# (code length, value bits, run, value); no code: length 0.
_AcEntry = tuple[int, int, int, int]


def _ac_values(counts: bytes, symbols: bytes) -> list[_AcEntry]:
    """The next 16 bits -> the AC code they start with and, where it fits, the value after it.

    The same canonical codes as ``_huffman_lookup`` (whose checks have
    passed); a value's bits read as themselves if the first is 1, else as
    themselves minus 2**size - 1.  Values of more bits than the 16 leave
    ``_LATER`` for the reader to read.
    """
    table: list[_AcEntry] = [(0, 0, 0, 0)] * 65536
    code, index = 0, 0
    for length, count in enumerate(counts, start=1):
        for _ in range(count):
            symbol = symbols[index]
            run, size = symbol >> 4, symbol & 15
            if not size or length + size > 16:
                span = 1 << (16 - length)
                table[code * span : (code + 1) * span] = [(length, size, run, _LATER if size else 0)] * span
            else:
                span = 1 << (16 - length - size)
                for bits in range(1 << size):
                    value = bits if bits >> (size - 1) else bits - (1 << size) + 1
                    start = ((code << size) | bits) * span
                    table[start : start + span] = [(length, size, run, value)] * span
            code += 1
            index += 1
        code <<= 1
    return table


_UNDECODABLE = "a JPEG whose Huffman data does not decode is not modelled"
_ENDS_EARLY = "a JPEG whose scan data ends early is not modelled"
# The natural index of zigzag position k; a run may carry k past 63, which writes at 63.
_NATURAL = tuple(ZIGZAG[min(k, 63)] for k in range(64 + 15))


def _bit_text(data: bytes) -> str:
    """The entropy-coded data as a string of '0'/'1' (stuffed zeros removed)."""
    # A leading 1 keeps the data's leading zero bits; "0b1" is then cut off.
    return bin(int.from_bytes(b"\x01" + data, "big"))[3:]


def _read_block(
    bits: str, pos: int, end: int, tables: tuple[list[int], list[int], list[_AcEntry]]
) -> tuple[int, int, list[int]]:
    """One block from bit ``pos``: (the next bit's position, its DC difference, its coefficients
    with the AC ones dequantized; the DC one is the caller's).

    ``bits`` holds ``end`` bits of data and at least 16 zeros after them:
    past the end the bits read as zeros, and a code or value longer than
    the bits left is declined.  Each code is looked up from the next 16
    bits; the value after it, of ``size`` bits, reads as itself if its
    first bit is 1, else as itself minus 2**size - 1.
    """
    quant, dc, ac = tables
    entry = dc[int(bits[pos : pos + 16], 2)]
    length, size = entry >> 8, entry & 0xFF
    if not length or pos + length > end:
        raise NotModelled(_UNDECODABLE)
    pos += length
    difference = 0
    if size:
        if pos + size > end:
            raise NotModelled(_ENDS_EARLY)
        difference = int(bits[pos : pos + size], 2)
        pos += size
        if not difference >> (size - 1):
            difference -= (1 << size) - 1
    block = [0] * 64
    k = 1
    while k < 64:
        length, size, run, value = ac[int(bits[pos : pos + 16], 2)]
        if not length or pos + length > end:
            raise NotModelled(_UNDECODABLE)
        pos += length
        if not size:
            if run != 15:
                break
            k += 16
            continue
        if pos + size > end:
            raise NotModelled(_ENDS_EARLY)
        if value == _LATER:
            value = int(bits[pos : pos + size], 2)
            if not value >> (size - 1):
                value -= (1 << size) - 1
        pos += size
        k += run
        natural = _NATURAL[k]
        block[natural] = value * quant[natural]
        k += 1
    return pos, difference, block


def _scan_data(data: bytes, start: int) -> bytes:
    """The entropy-coded bytes from ``start`` up to the next marker, stuffing removed.

    Only a 0xFF byte needs a look: the bytes up to the next one are copied at once.
    """
    out = bytearray()
    pos = start
    while pos < len(data):
        marker = data.find(b"\xff", pos)
        if marker < 0:
            out += data[pos:]
            break
        out += data[pos:marker]
        pos = marker
        if pos + 1 >= len(data):
            break  # a lone 0xFF at the end of the file: a marker cut off
        following = data[pos + 1]
        if following == 0x00:
            out.append(0xFF)
            pos += 2
        elif following == 0xFF:
            pos += 1  # a fill byte
        else:
            # Any marker ends the scan data: a restart marker after the last block too (capture
            # view-image-jpeg-grey-restart-after-scan); one inside it leaves the data short, declined.
            break
    return bytes(out)


_SCALE = 512 + 65536 + (128 << 17)
# The decoder computes in fixed-width integers (stb_image's IDCT on i32) that a coefficient
# (value x quantizer) this large could overflow: explored, a file whose AC quantizers are
# 20,000 decodes otherwise than exact arithmetic gives.  Declined from here (captures hold up
# to 20,800: view-image-jpeg-grey-dc-quant-50).
_LARGEST_MODELLED = 1 << 15

# The IDCT's lanes: 64 bits, biased by 2**62 where shifted (coefficients under 2**15 keep every
# value it computes under 2**40).
_WIDTH, _BIAS = 64, 1 << 62


def _idct(blocks: list[list[int]]) -> list[bytes]:
    """stb_image's integer IDCT of blocks of dequantized coefficients (natural order) -> 64 byte
    strings: sample (y, x) of every block.

    Columns, then rows, each pass on one lane per block.
    """
    lanes = Lanes(len(blocks), _WIDTH)
    coefficients = list(chain.from_iterable(blocks))
    planes = [lanes.of_ints(coefficients[k::64]) for k in range(64)]
    columns = [_idct_1d(lanes, planes[k::8], 512, 10) for k in range(8)]
    rows = [_idct_1d(lanes, [columns[k][y] for k in range(8)], _SCALE, 17) for y in range(8)]
    # A block with only a DC term takes the decoder's shortcut.
    only_dc = lanes.of_bytes(bytes(not any(block[1:]) for block in blocks)) * lanes.lane
    flat = lanes.of_bytes(bytes(min(max((block[0] + 1028) >> 3, 0), 255) for block in blocks))
    return [
        lanes.to_bytes(lanes.select(only_dc, flat, lanes.clamp(row[x], 0, 255, _BIAS)))
        for row in rows
        for x in range(8)
    ]


def _idct_1d(lanes: Lanes, s: list[int], bias: int, shift: int) -> list[int]:
    p1 = (s[2] + s[6]) * 2217
    t2 = p1 + s[6] * -7567
    t3 = p1 + s[2] * 3135
    t0 = (s[0] + s[4]) * 4096
    t1 = (s[0] - s[4]) * 4096
    rounding = lanes.fill(bias)
    x0, x3, x1, x2 = t0 + t3 + rounding, t0 - t3 + rounding, t1 + t2 + rounding, t1 - t2 + rounding
    t0, t1, t2, t3 = s[7], s[5], s[3], s[1]
    p3, p4, p1, p2 = t0 + t2, t1 + t3, t0 + t3, t1 + t2
    p5 = (p3 + p4) * 4816
    t0, t1, t2, t3 = t0 * 1223, t1 * 8410, t2 * 12586, t3 * 6149
    p1 = p5 + p1 * -3685
    p2 = p5 + p2 * -10497
    p3 = p3 * -8034
    p4 = p4 * -1597
    t3 = t3 + p1 + p4
    t2 = t2 + p2 + p3
    t1 = t1 + p2 + p4
    t0 = t0 + p1 + p3
    return [
        lanes.shift(value, shift, _BIAS)
        for value in (x0 + t3, x1 + t2, x2 + t1, x3 + t0, x3 - t0, x2 - t1, x1 - t2, x0 - t3)
    ]


def _raster(blocks: list[bytes], across: int, down: int) -> Plane:
    """The plane of ``across`` x ``down`` blocks (row by row) from their 64 samples' byte strings."""
    count = across * down
    # Row y of every block, 8 bytes each, blocks in order.
    lines = []
    for y in range(8):
        line = bytearray(8 * count)
        for x in range(8):
            line[x::8] = blocks[8 * y + x]
        lines.append(line)
    stride = 8 * across
    samples = bytearray()
    for row in range(down):
        for line in lines:
            samples += line[row * stride : (row + 1) * stride]
    return Plane(stride, 8 * down, bytes(samples))


# Upsampling and colour conversion in 16- and 32-bit lanes: their values stay non-negative and
# under 2**10, or under 2**25 once biased.
def _fancy(lanes: Lanes, own: bytes, neighbour: bytes | bytearray) -> bytes:
    """(3 x own + neighbour + 2) >> 2, sample by sample."""
    total = 3 * lanes.of_bytes(own) + lanes.of_bytes(neighbour) + lanes.fill(2)
    return lanes.to_bytes((total >> 2) & lanes.fill(0xFF))


def _upsample_horizontal(plane: Plane) -> Plane:
    """Double every row: (3 x own + neighbour + 2) >> 2, the two end samples copied."""
    width, data = plane.width, plane.samples
    left = bytearray(data[:1] + data[:-1])
    left[0::width] = data[0::width]
    right = bytearray(data[1:] + data[-1:])
    right[width - 1 :: width] = data[width - 1 :: width]
    lanes = Lanes(len(data), 16)
    out = bytearray(2 * len(data))
    out[0::2] = _fancy(lanes, data, left)
    out[1::2] = _fancy(lanes, data, right)
    out[0 :: 2 * width] = data[0::width]
    out[2 * width - 1 :: 2 * width] = data[width - 1 :: width]
    return Plane(2 * width, plane.height, bytes(out))


def _upsample_vertical(plane: Plane) -> Plane:
    """Double every column the same way, the plane's first and last rows their own neighbours."""
    width, data = plane.width, plane.samples
    up = data[:width] + data[:-width]
    down = data[width:] + data[-width:]
    lanes = Lanes(len(data), 16)
    above, below = _fancy(lanes, data, up), _fancy(lanes, data, down)
    out = bytearray()
    for start in range(0, len(data), width):
        out += above[start : start + width]
        out += below[start : start + width]
    return Plane(width, 2 * plane.height, bytes(out))


def _ycbcr_to_rgb(y: bytes, cb: bytes, cr: bytes) -> bytes:
    """RGB from equal-sized planes, in 14-bit fixed point."""
    lanes = Lanes(len(y), 32)
    luma = lanes.of_bytes(y) * 16384 + lanes.fill(8191)
    cb_, cr_ = lanes.of_bytes(cb) - lanes.fill(128), lanes.of_bytes(cr) - lanes.fill(128)
    out = bytearray(3 * len(y))
    for channel, value in enumerate(
        (luma + cr_ * 22970, luma - cr_ * 11700 - cb_ * 5638, luma + cb_ * 29032)
    ):
        # Each sum lies within (-2**23, 2**23) before the shift, within (-2**10, 2**10) after.
        shifted = lanes.shift(value, 14, 1 << 24)
        out[channel::3] = lanes.to_bytes(lanes.clamp(shifted, 0, 255, 1 << 10))
    return bytes(out)


def _cropped(plane: Plane, width: int, height: int) -> bytes:
    return b"".join(row[:width] for row in plane.rows()[:height])


class _Parser:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.quant: dict[int, list[int]] = {}
        self.dc: dict[int, list[int]] = {}
        self.ac: dict[int, list[int]] = {}
        self.ac_definitions: dict[int, tuple[bytes, bytes]] = {}  # (counts, symbols): _ac_values
        self.components: list[_Component] = []
        self.width = self.height = 0

    def segments(self) -> tuple[int, _Selectors]:
        """Read headers up to the first SOS; the offset of its scan data, and its table selectors."""
        data, pos = self.data, 2
        while pos + 4 <= len(data):
            if data[pos] != 0xFF:
                raise NotModelled("a JPEG with bytes between segments is not modelled")
            marker = data[pos + 1]
            if marker == 0xFF:
                pos += 1
                continue
            length = int.from_bytes(data[pos + 2 : pos + 4], "big")
            body = data[pos + 4 : pos + 2 + length]
            if len(body) != length - 2:
                raise NotModelled("a truncated JPEG segment is not modelled")
            pos += 2 + length
            if marker == 0xDB:
                self._quant(body)
            elif marker == 0xC4:
                self._huffman(body)
            elif marker in (0xC0, 0xC1):
                self._frame(body)
            elif marker == 0xDD:
                if len(body) != 2:
                    # zune-jpeg refuses a DRI segment of other than 4 bytes (capture
                    # view-image-jpeg-grey-dri-5-bytes).
                    raise Refused
                if int.from_bytes(body, "big"):
                    raise NotModelled("JPEG restart intervals are not modelled")
            elif marker == 0xEE and body.startswith(b"Adobe"):
                raise NotModelled("JPEG files with an Adobe colour transform are not modelled")
            elif marker == 0xDA:
                return pos, self._scan(body)
            elif 0xC2 <= marker <= 0xCF:
                raise NotModelled(f"JPEG frames of type {marker:02X} (not baseline) are not modelled")
        raise NotModelled("a JPEG without a scan is not modelled")

    def _quant(self, body: bytes) -> None:
        pos = 0
        while pos < len(body):
            precision, number = divmod(body[pos], 16)
            size = 128 if precision else 64
            raw = body[pos + 1 : pos + 1 + size]
            if len(raw) < size:
                raise NotModelled("a truncated JPEG quantization table is not modelled")
            values = (
                [int.from_bytes(raw[i : i + 2], "big") for i in range(0, size, 2)] if precision else list(raw)
            )
            table = [0] * 64
            for zig, natural in enumerate(ZIGZAG):
                table[natural] = values[zig]
            self.quant[number] = table
            pos += 1 + size

    def _huffman(self, body: bytes) -> None:
        pos = 0
        while pos < len(body):
            kind, number = divmod(body[pos], 16)
            counts = body[pos + 1 : pos + 17]
            if len(counts) < 16:
                raise NotModelled("a truncated JPEG Huffman table is not modelled")
            total = sum(counts)
            symbols = body[pos + 17 : pos + 17 + total]
            if not kind and any(symbol > 15 for symbol in symbols):
                # zune-jpeg refuses a DC table listing a category over 15, used or not
                # (captures view-image-jpeg-dc-symbol-16, -dc-symbol-15).
                raise Refused
            lookup = _huffman_lookup(counts, symbols)
            (self.ac if kind else self.dc)[number] = lookup
            if kind:
                self.ac_definitions[number] = (bytes(counts), bytes(symbols))
            pos += 17 + total

    def _frame(self, body: bytes) -> None:
        if self.components:
            # The size the model checked before decoding is the first frame's.
            raise NotModelled("a JPEG with a second frame header is not modelled")
        if len(body) < 6 or len(body) < 6 + 3 * body[5]:
            raise NotModelled("a truncated JPEG frame header is not modelled")
        if body[0] != 8:
            raise NotModelled("JPEG files with 12-bit samples are not modelled")
        self.height, self.width = int.from_bytes(body[1:3], "big"), int.from_bytes(body[3:5], "big")
        count = body[5]
        for i in range(count):
            ident, hv, table = body[6 + 3 * i : 9 + 3 * i]
            self.components.append(_Component(ident, hv >> 4, hv & 15, table))
        if count not in (1, 3):
            raise NotModelled(f"JPEG files with {count} components are not modelled")
        if count == 3:
            luma, *chroma = self.components
            if [c.ident for c in self.components] == [ord("R"), ord("G"), ord("B")]:
                raise NotModelled("RGB (untransformed) JPEG files are not modelled")
            if (luma.h, luma.v) not in ((1, 1), (2, 1), (2, 2)) or any((c.h, c.v) != (1, 1) for c in chroma):
                raise NotModelled("this JPEG chroma subsampling is not modelled")
        else:
            # A single component is decoded block by block whatever its sampling factors say.
            self.components[0].h = self.components[0].v = 1

    def _scan(self, body: bytes) -> _Selectors:
        if not body or len(body) < 1 + 2 * body[0]:
            raise NotModelled("a truncated JPEG scan header is not modelled")
        if not self.components or body[0] != len(self.components):
            raise NotModelled("JPEG scans that do not hold every component are not modelled")
        by_id = {c.ident: c for c in self.components}
        named = [body[1 + 2 * i] for i in range(body[0])]
        if sorted(named) != sorted(by_id) or len(by_id) != len(self.components):
            # An unknown component, one named twice (another then never), or two with one id.
            raise NotModelled("JPEG scans that do not name each component once are not modelled")
        tables = {ident: body[2 + 2 * i] for i, ident in enumerate(named)}
        return [(c.table, tables[c.ident] >> 4, tables[c.ident] & 15) for c in self.components]


def _decode_planes(parser: _Parser, selectors: _Selectors, bits: str) -> list[Plane]:
    """Every component's padded plane of samples.

    The Huffman data is read block by block (each code's length depends on
    the one before), each block put at its place in its component's grid;
    the blocks' IDCT is then one pass per component.
    """
    comps = parser.components
    hmax, vmax = max(c.h for c in comps), max(c.v for c in comps)
    mcu_x = -(-parser.width // (8 * hmax))
    mcu_y = -(-parser.height // (8 * vmax))
    preds = [0] * len(comps)
    try:
        tables = [(parser.quant[quant], parser.dc[dc], parser.ac[ac]) for quant, dc, ac in selectors]
    except KeyError as missing:
        raise NotModelled(f"a JPEG missing table {missing} is not modelled") from None
    ac_values = {number: _ac_values(*parser.ac_definitions[number]) for _, _, number in selectors}
    readers = [
        (quant, dc, ac_values[number])
        for (quant, dc, _), (_, _, number) in zip(tables, selectors, strict=True)
    ]
    # Per component, its blocks row by row across the whole plane (the scan gives them MCU by MCU).
    grids: list[list[list[int]]] = [[[] for _ in range(mcu_y * mcu_x * c.v * c.h)] for c in comps]
    pos, end = 0, len(bits)
    bits += "0" * 16
    for my in range(mcu_y):
        for mx in range(mcu_x):
            for index, comp in enumerate(comps):
                grid, own = grids[index], readers[index]
                for v in range(comp.v):
                    for h in range(comp.h):
                        pos, difference, block = _read_block(bits, pos, end, own)
                        preds[index] += difference
                        block[0] = preds[index] * own[0][0]
                        grid[((my * comp.v + v) * mcu_x + mx) * comp.h + h] = block
    if max(max(map(abs, block)) for grid in grids for block in grid) >= _LARGEST_MODELLED:
        raise NotModelled("a JPEG with a dequantized coefficient of 2**15 or more is not modelled")
    return [
        _raster(_idct(grid), mcu_x * comp.h, mcu_y * comp.v) for comp, grid in zip(comps, grids, strict=True)
    ]


def huffman_refused(data: bytes) -> bool:
    """Whether zune-jpeg refuses a Huffman table in the headers before the first scan.

    The release decodes every JPEG, one it then sends as it is too, so such a
    file is refused whatever its size (capture ``view-image-jpeg-huffman-all-ones-8x8``).
    Headers this model does not read (``NotModelled``) are taken as they come:
    False (capture ``view-image-jpeg-grey-adobe-8x8``).
    """
    try:
        _Parser(data).segments()
    except Refused:
        return True
    except NotModelled:
        return False
    return False


def decode(data: bytes) -> JpegImage:
    """The 8-bit RGB pixels zune-jpeg gives for a baseline JPEG."""
    parser = _Parser(data)
    start, selectors = parser.segments()
    planes = _decode_planes(parser, selectors, _bit_text(_scan_data(data, start)))
    width, height = parser.width, parser.height
    if len(planes) == 1:
        grey = _cropped(planes[0], width, height)
        rgb = bytearray(3 * len(grey))
        for channel in range(3):
            rgb[channel::3] = grey
        return JpegImage(width, height, bytes(rgb))
    luma = parser.components[0]
    chroma = planes[1:]
    if luma.v == 2:
        chroma = [_upsample_vertical(plane) for plane in chroma]
    if luma.h == 2:
        chroma = [_upsample_horizontal(plane) for plane in chroma]
    y, cb, cr = (_cropped(plane, width, height) for plane in (planes[0], *chroma))
    return JpegImage(width, height, _ycbcr_to_rgb(y, cb, cr))
