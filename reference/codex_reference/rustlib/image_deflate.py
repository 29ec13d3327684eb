"""The two zlib writers 0.169.0's PNG encoder (png 0.18.0) chooses between.

``fast`` is fdeflate 0.3.7's compressor: one dynamic-Huffman block whose
code lengths are fixed (tuned for filtered PNG rows) and whose only
matches are runs of zero bytes (distance 1); ``stored`` writes stored
blocks of at most 65,535 bytes.  Both start with the zlib header
``78 01`` and end with the Adler-32 of the data, big-endian.

The Huffman code lengths are not restated here: they are read from the
fixed block header fdeflate writes (the 54 bytes below, of which the last
contributes 5 bits; fdeflate 0.3.7, src/compress.rs, ``write_headers``),
so the header and the codes cannot disagree.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Sequence

__all__ = ["fast", "stored", "stored_size"]

_HEADER = bytes(
    [
        120, 1, 237, 192, 3, 160, 36, 89, 150, 198, 241, 255, 119, 238, 141, 200, 204, 167,
        114, 75, 99, 174, 109, 219, 182, 109, 219, 182, 109, 219, 182, 109, 105, 140, 158, 150,
        74, 175, 158, 50, 51, 34, 238, 249, 118, 183, 106, 122, 166, 135, 59, 107, 213, 15,
    ]
)  # fmt: skip
_HEADER_BITS = 53 * 8 + 5
_STORED_MAX = 0xFFFF
_CODE_LENGTH_ORDER = (16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15)
# RFC 1951 3.2.5: length symbols 257..285, their base lengths and extra bits.
_LENGTH_BASES = (
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27,
    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
)  # fmt: skip
_LENGTH_EXTRA = (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0)


class _BitReader:
    def __init__(self, data: bytes, start: int) -> None:
        self.data, self.pos = data, start * 8

    def bits(self, count: int) -> int:
        value = 0
        for i in range(count):
            byte = self.data[(self.pos + i) // 8]
            value |= ((byte >> ((self.pos + i) % 8)) & 1) << i
        self.pos += count
        return value

    def symbol(self, codes: dict[tuple[int, int], int]) -> int:
        code, length = 0, 0
        while (code, length) not in codes:
            code = (code << 1) | self.bits(1)  # Huffman codes are packed most significant bit first
            length += 1
        return codes[(code, length)]


def _canonical(lengths: Sequence[int]) -> list[int]:
    """RFC 1951 3.2.2: the code of each symbol from the code lengths."""
    counts = [0] * 16
    for length in lengths:
        counts[length] += 1
    counts[0] = 0
    next_code, code = [0] * 16, 0
    for bits in range(1, 16):
        code = (code + counts[bits - 1]) << 1
        next_code[bits] = code
    codes = [0] * len(lengths)
    for symbol, length in enumerate(lengths):
        if length:
            codes[symbol] = next_code[length]
            next_code[length] += 1
    return codes


def _decoder(lengths: Sequence[int]) -> dict[tuple[int, int], int]:
    return {(code, lengths[s]): s for s, code in enumerate(_canonical(lengths)) if lengths[s]}


def _read_header_lengths() -> tuple[list[int], int]:
    """(literal/length code lengths, distance bits) from fdeflate's block header."""
    reader = _BitReader(_HEADER, 2)
    final, kind = reader.bits(1), reader.bits(2)
    if (final, kind) != (1, 2):
        raise AssertionError("fdeflate's header is one final dynamic block")
    hlit, hdist, hclen = reader.bits(5) + 257, reader.bits(5) + 1, reader.bits(4) + 4
    code_lengths = [0] * 19
    for symbol in _CODE_LENGTH_ORDER[:hclen]:
        code_lengths[symbol] = reader.bits(3)
    decoder = _decoder(code_lengths)
    lengths: list[int] = []
    while len(lengths) < hlit + hdist:
        symbol = reader.symbol(decoder)
        if symbol < 16:
            lengths.append(symbol)
        elif symbol == 16:
            lengths += [lengths[-1]] * (3 + reader.bits(2))
        elif symbol == 17:
            lengths += [0] * (3 + reader.bits(3))
        else:
            lengths += [0] * (11 + reader.bits(7))
    if reader.pos != _HEADER_BITS or hdist != 1 or lengths[hlit] != 1:
        raise AssertionError("fdeflate's header ends after one 1-bit distance code")
    return lengths[:hlit], lengths[hlit]


def _reversed_codes(lengths: Sequence[int]) -> list[tuple[int, int]]:
    """(code with its bits reversed, length) per symbol: DEFLATE writes codes LSB first."""
    out = []
    for code, length in zip(_canonical(lengths), lengths, strict=True):
        out.append((int(f"{code:0{length}b}"[::-1], 2) if length else 0, length))
    return out


_LITLEN_LENGTHS, _DISTANCE_BITS = _read_header_lengths()
_CODES = _reversed_codes(_LITLEN_LENGTHS)


class _BitWriter:
    """DEFLATE's LSB-first bit stream, flushed to bytes as it fills.

    Bits wait in a small integer and leave in 8-byte words, so writing costs
    the same per bit however long the stream grows (one growing integer
    would make every write cost the stream's length).
    """

    def __init__(self) -> None:
        self.out = bytearray()
        self.acc, self.count = 0, 0

    def put(self, bits: int, count: int) -> None:
        self.acc |= bits << self.count
        self.count += count
        if self.count >= 64:
            self.flush()

    def flush(self) -> None:
        whole = self.count // 8
        self.out += (self.acc & ((1 << (whole * 8)) - 1)).to_bytes(whole, "little")
        self.acc >>= whole * 8
        self.count -= whole * 8

    def code(self, symbol: int) -> None:
        self.put(*_CODES[symbol])

    def literals(self, data: bytes) -> None:
        """Each byte of ``data`` as a literal."""
        acc, count = self.acc, self.count
        for byte in data:
            bits, length = _CODES[byte]
            acc |= bits << count
            count += length
        self.acc, self.count = acc, count
        if count >= 64:
            self.flush()

    def to_bytes(self) -> bytes:
        return bytes(self.out) + self.acc.to_bytes((self.count + 7) // 8, "little")


def _length_symbol(length: int) -> tuple[int, int, int]:
    """(symbol, extra bits value, extra bit count) of a match length 3..258."""
    for index in reversed(range(len(_LENGTH_BASES))):
        if length >= _LENGTH_BASES[index]:
            return 257 + index, length - _LENGTH_BASES[index], _LENGTH_EXTRA[index]
    raise ValueError(length)


def _run(out: _BitWriter, run: int) -> None:
    """A run of zero bytes: a literal zero, then copies at distance 1 (distance code: one 0 bit)."""
    out.code(0)
    run -= 1
    if run >= 258:
        # Whole 258-byte copies, many at a time: a long run costs no Python loop per copy.
        copies = run // 258
        bits, length = _CODES[285]
        copy = bits | (0 << length)  # length code 285 has no extra bits; the distance bit is 0
        width = length + _DISTANCE_BITS
        for chunk in range(0, copies, 8):
            many = min(8, copies - chunk)
            packed = 0
            for index in range(many):
                packed |= copy << (index * width)
            out.put(packed, many * width)
        run -= copies * 258
    if run > 4:
        symbol, extra, extra_bits = _length_symbol(run)
        out.code(symbol)
        out.put(extra, extra_bits)
        out.put(0, _DISTANCE_BITS)
    else:
        # Up to four more zeros are cheaper as literals than as a match.
        for _ in range(run):
            out.code(0)


_NON_ZERO = re.compile(b"[^\x00]")


def _write(out: _BitWriter, data: bytes) -> None:
    """One ``write_data`` call: runs of zeros are found per 8-byte group and end with the call."""
    run = 0
    whole = len(data) - len(data) % 8
    start = 0
    while start < whole:
        if not data[start] and not any(data[start : start + 8]):
            # Skip to the group holding the next non-zero byte: all-zero groups only lengthen the run.
            found = _NON_ZERO.search(data, start, whole)
            end = whole if found is None else found.start() - found.start() % 8
            run += end - start
            start = end
            continue
        group = data[start : start + 8]
        start += 8
        leading = len(group) - len(group.lstrip(b"\x00"))  # zeros at the group's start
        trailing = len(group) - len(group.rstrip(b"\x00"))  # zeros at its end
        if run:
            _run(out, run + leading)
            run = 0
            if leading:
                out.literals(group[leading : 8 - trailing])
                run = trailing
                continue
        if trailing:
            out.literals(group[: 8 - trailing])
            run = trailing
            continue
        out.literals(group)
    if run:
        _run(out, run)
    out.literals(data[whole:])


def fast(pieces: Iterable[bytes]) -> bytes:
    """fdeflate's zlib stream of ``pieces``, each written as one ``write_data`` call."""
    out = _BitWriter()
    out.put(_HEADER[53], 5)
    checksum = 1
    for piece in pieces:
        checksum = zlib.adler32(piece, checksum)
        _write(out, piece)
    out.code(256)
    return _HEADER[:53] + out.to_bytes() + checksum.to_bytes(4, "big")


def stored(data: bytes) -> bytes:
    """Stored blocks of 65,535 bytes, the last one shorter (or full: no empty block follows)."""
    blocks = [data[i : i + _STORED_MAX] for i in range(0, len(data), _STORED_MAX)] or [b""]
    out = bytearray(b"\x78\x01")
    for index, block in enumerate(blocks):
        size = len(block)
        out += bytes([int(index == len(blocks) - 1)]) + size.to_bytes(2, "little")
        out += (size ^ 0xFFFF).to_bytes(2, "little") + block
    return bytes(out) + zlib.adler32(data).to_bytes(4, "big")


def stored_size(raw_size: int) -> int:
    """fdeflate's own estimate of ``len(stored(data))``, which the PNG encoder compares against.

    It is exact except when ``raw_size`` is a positive multiple of 65,535, where
    it counts the last block as empty (65,535 bytes short); the encoder's
    choice follows the estimate, so it is kept as it is.
    """
    full = max(raw_size - 1, 0) // _STORED_MAX
    return full * (_STORED_MAX + 5) + (raw_size % _STORED_MAX + 5) + 6
