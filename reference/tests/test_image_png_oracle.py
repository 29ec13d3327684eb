"""The PNG writer (adaptive filter, fdeflate's stream) equals its scalar definition, byte for byte.

The writer filters the whole image at once (``int_lanes``) and writes bits
as text; the oracles are the writers the reference used before it was
vectorized: each row's four filters byte by byte with the cheapest
kept (ties to the later one), and fdeflate's ``write_data`` walking each
row in 8-byte groups, ending runs of zeros and writing literals code by
code.  Every stream is also inflated by zlib.
"""

from __future__ import annotations

import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from codex_reference.rustlib import image_deflate, image_png_read, image_png_write
from codex_workshop.areas.dispatch.image_files import png

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True, database=None)

# --- fdeflate's writer, code by code ---------------------------------------------------------

_CODES = image_deflate._CODES
_DISTANCE_BITS = image_deflate._DISTANCE_BITS
_BASES = image_deflate._LENGTH_BASES
_EXTRA = image_deflate._LENGTH_EXTRA


class _LsbWriter:
    def __init__(self) -> None:
        self.bits: list[int] = []

    def put(self, value: int, count: int) -> None:
        self.bits += [(value >> i) & 1 for i in range(count)]

    def code(self, symbol: int) -> None:
        self.put(*_CODES[symbol])

    def data(self) -> bytes:
        bits = self.bits + [0] * (-len(self.bits) % 8)
        return bytes(sum(bits[i + k] << k for k in range(8)) for i in range(0, len(bits), 8))


def _run(out: _LsbWriter, run: int) -> None:
    out.code(0)
    run -= 1
    while run >= 258:
        out.code(285)
        out.put(0, _DISTANCE_BITS)
        run -= 258
    if run > 4:
        index = max(i for i, base in enumerate(_BASES) if base <= run)
        out.code(257 + index)
        out.put(run - _BASES[index], _EXTRA[index])
        out.put(0, _DISTANCE_BITS)
    else:
        for _ in range(run):
            out.code(0)


def _write(out: _LsbWriter, data: bytes) -> None:
    run = 0
    whole = len(data) - len(data) % 8
    for start in range(0, whole, 8):
        group = data[start : start + 8]
        if not any(group):
            run += 8
            continue
        leading = len(group) - len(group.lstrip(b"\x00"))
        trailing = len(group) - len(group.rstrip(b"\x00"))
        if run:
            _run(out, run + leading)
            run = 0
            if leading:
                for byte in group[leading : 8 - trailing]:
                    out.code(byte)
                run = trailing
                continue
        for byte in group[: 8 - trailing]:
            out.code(byte)
        run = trailing
    if run:
        _run(out, run)
    for byte in data[whole:]:
        out.code(byte)


def oracle_fast(pieces: list[bytes]) -> bytes:
    out = _LsbWriter()
    out.put(image_deflate._HEADER[53], 5)
    for piece in pieces:
        _write(out, piece)
    out.code(256)
    return image_deflate._HEADER[:53] + out.data() + zlib.adler32(b"".join(pieces)).to_bytes(4, "big")


# --- the adaptive filter, byte by byte -------------------------------------------------------


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _cost(data: bytes | bytearray) -> int:
    return sum(value if value < 128 else 256 - value for value in data)


def oracle_rows(width: int, height: int, rgba: bytes) -> list[bytes]:
    stride = width * 4
    rows = [rgba[y * stride : (y + 1) * stride] for y in range(height)]
    out, prev = [], bytes(stride)
    for row in rows:
        best: tuple[int, bytes] | None = None
        for kind in (1, 2, 3, 4):
            filtered = bytearray()
            for i, x in enumerate(row):
                a, b, c = (row[i - 4] if i >= 4 else 0), prev[i], (prev[i - 4] if i >= 4 else 0)
                predictor = (a, b, (a + b) >> 1, _paeth(a, b, c))[kind - 1]
                filtered.append((x - predictor) & 0xFF)
            if best is None or _cost(filtered) <= _cost(best[1]):
                best = (kind, bytes(filtered))
        assert best is not None
        out.append(bytes([best[0]]) + best[1])
        prev = row
    return out


def oracle_png(width: int, height: int, rgba: bytes) -> bytes:
    compressed = oracle_fast(oracle_rows(width, height, rgba))
    stride = width * 4
    if len(compressed) > image_deflate.stored_size((stride + 1) * height):
        unfiltered = b"".join(b"\x00" + rgba[y * stride : (y + 1) * stride] for y in range(height))
        compressed = image_deflate.stored(unfiltered)
    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 6, 0, 0, 0])
    chunks = [(b"IHDR", ihdr), (b"IDAT", compressed), (b"IEND", b"")]
    return b"\x89PNG\r\n\x1a\n" + b"".join(
        len(body).to_bytes(4, "big") + kind + body + zlib.crc32(kind + body).to_bytes(4, "big")
        for kind, body in chunks
    )


# --- the comparisons -------------------------------------------------------------------------

# Bytes as filtered rows hold them: mostly zeros, runs of every length around 258 and 8.
_BYTES = st.one_of(st.just(0), st.just(0), st.integers(0, 255), st.sampled_from([1, 2, 127, 128, 255]))


@st.composite
def pieces(draw: st.DrawFn) -> list[bytes]:
    out = []
    for _ in range(draw(st.integers(0, 5))):
        piece = bytearray()
        for _ in range(draw(st.integers(0, 6))):
            piece += bytes(draw(st.sampled_from([0, 1, 3, 4, 5, 7, 8, 9, 16, 259, 262, 600, 2100])))
            piece += bytes(draw(st.lists(_BYTES, max_size=20)))
        out.append(bytes(piece))
    return out


@SETTINGS
@given(pieces())
def test_fast_deflate_equals_the_scalar_writer(written: list[bytes]) -> None:
    stream = image_deflate.fast(iter(written))
    assert stream == oracle_fast(written)
    assert zlib.decompress(stream) == b"".join(written)


@st.composite
def rgba_images(draw: st.DrawFn) -> tuple[int, int, bytes]:
    width, height = draw(st.integers(1, 20)), draw(st.integers(1, 12))
    count = width * height * 4
    return width, height, bytes(draw(st.lists(_BYTES, min_size=count, max_size=count)))


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(rgba_images())
def test_png_equals_the_scalar_writer(image: tuple[int, int, bytes]) -> None:
    width, height, rgba = image
    png = image_png_write.encode_rgba(width, height, rgba)
    assert png == oracle_png(width, height, rgba)
    assert image_png_read.read_rgba(png) == (width, height, rgba)


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(st.integers(1, 20), st.integers(1, 8), st.data())
def test_an_rgb_png_reads_as_opaque_rgba(width: int, height: int, data: st.DataObject) -> None:
    rows = [bytes(data.draw(st.lists(_BYTES, min_size=3 * width, max_size=3 * width))) for _ in range(height)]
    rgba = b"".join(row[i : i + 3] + b"\xff" for row in rows for i in range(0, len(row), 3))
    assert image_png_read.read_rgba(png(width, height, 2, 8, rows)) == (width, height, rgba)


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(rgba_images(), st.data())
def test_up_for_repeats_differs_only_on_rows_whose_up_bytes_are_zero(
    image: tuple[int, int, bytes], data: st.DataObject
) -> None:
    width, height, rgba = image
    stride = width * 4
    # Repeat some rows (and maybe zero the first) so that the two choices meet.
    rows = [rgba[start : start + stride] for start in range(0, len(rgba), stride)]
    for index in range(height):
        if index and data.draw(st.booleans()):
            rows[index] = rows[index - 1]
    if data.draw(st.booleans()):
        rows[0] = bytes(stride)
    rgba = b"".join(rows)
    adaptive = image_png_write.adaptive_rows(rgba, stride)
    repeats = image_png_write.adaptive_rows_up_for_repeats(rgba, stride)
    for index, (one, other) in enumerate(zip(adaptive, repeats, strict=True)):
        above = rows[index - 1] if index else bytes(stride)
        if rows[index] == above:
            assert other == b"\x02" + bytes(stride)
            assert one[0] == 4  # every filter gives zeros: the later one, Paeth
        else:
            assert other == one
    png = image_png_write.encode_rgba(width, height, rgba, image_png_write.adaptive_rows_up_for_repeats)
    assert image_png_read.read_rgba(png) == (width, height, rgba)
