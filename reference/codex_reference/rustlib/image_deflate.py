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

``fast`` lays out a whole stream at once with numpy (every 8-byte group's
leading and trailing zeros, the runs they make, the literals between) and
packs the codes with ``image_bits``; the walk it replaces, group by group,
is kept as the oracle in reference/tests/test_image_png_oracle.py.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from codex_reference.rustlib import image_bits

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
_Ints = npt.NDArray[np.int64]
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
    next_code: dict[int, int] = {}  # by code length; length 0 has no code
    code = 0
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
    # The header is fixed: these checks only document (and guard) what the parse assumes.
    assert (final, kind) == (1, 2)  # one final block, dynamic Huffman
    hlit, hdist, hclen = reader.bits(5) + 257, reader.bits(5) + 1, reader.bits(4) + 4
    code_lengths = [0] * 19
    for symbol in _CODE_LENGTH_ORDER[:hclen]:
        code_lengths[symbol] = reader.bits(3)
    assert code_lengths[17:] == [0, 0]
    decoder = _decoder(code_lengths)
    lengths: list[int] = []
    while len(lengths) < hlit + hdist:
        symbol = reader.symbol(decoder)
        if symbol < 16:
            lengths.append(symbol)
        else:  # 16, repeat the last length (17 and 18, runs of zeros, have no code: checked first)
            lengths += [lengths[-1]] * (3 + reader.bits(2))
    # It ends after one distance code, of 1 bit, with no runs of zeros.
    assert reader.pos == _HEADER_BITS
    assert hdist == 1
    assert lengths[hlit] == 1
    return lengths[:hlit], lengths[hlit]


def _reversed_codes(lengths: Sequence[int]) -> list[tuple[int, int]]:
    """(code with its bits reversed, length) per symbol: DEFLATE writes codes LSB first."""
    out = []
    for code, length in zip(_canonical(lengths), lengths, strict=True):
        out.append((int(f"{code:0{length}b}"[::-1], 2) if length else 0, length))
    return out


_LITLEN_LENGTHS, _DISTANCE_BITS = _read_header_lengths()
_CODES = _reversed_codes(_LITLEN_LENGTHS)


# (code, length) of every literal/length symbol, as arrays for whole-stream lookups.
_CODE_BITS = np.array([code for code, _ in _CODES], dtype=np.int64)
_CODE_LENGTHS = np.array([length for _, length in _CODES], dtype=np.int64)
_BASES = np.array(_LENGTH_BASES, dtype=np.int64)
_EXTRA = np.array(_LENGTH_EXTRA, dtype=np.int64)
_END, _LONGEST = 256, 285  # end of block; the length code of a 258-byte copy (no extra bits)
_LONGEST_COPY = 258
# Up to this many zeros after a run's first one are cheaper as literals than as a match.
_LITERAL_TAIL = 4


@dataclass
class _Stream:
    """Codes laid out by where they go: sorted by (byte position, runs before literals, order in a run)."""

    position: list[_Ints] = field(default_factory=list)
    literal: list[_Ints] = field(default_factory=list)
    order: list[_Ints] = field(default_factory=list)
    values: list[_Ints] = field(default_factory=list)
    lengths: list[_Ints] = field(default_factory=list)

    def add(self, position: _Ints, literal: bool, order: _Ints, values: _Ints, lengths: _Ints) -> None:
        self.position.append(position)
        self.literal.append(np.full(position.size, int(literal), dtype=np.int64))
        self.order.append(order)
        self.values.append(values)
        self.lengths.append(lengths)

    def codes(self) -> tuple[_Ints, _Ints]:
        """(values, lengths) in stream order."""
        order = np.concatenate(self.order)
        # One int64 key (a stream's bytes times a run's codes stays far below 2**62).
        runs_before_literals = np.concatenate(self.position) * 2 + np.concatenate(self.literal)
        key = runs_before_literals * (int(order.max(initial=0)) + 1) + order
        placed = np.argsort(key, kind="stable")
        return np.concatenate(self.values)[placed], np.concatenate(self.lengths)[placed]


def _runs(stream: _Stream, position: _Ints, runs: _Ints) -> None:
    """Runs of zero bytes, each at its position: a literal zero, then copies at distance 1.

    The copies are whole 258-byte ones, then one for the rest if it is over
    four bytes (a length code, its extra bits, the distance code's 0 bit);
    up to four zeros are cheaper as literals.
    """
    rest = runs - 1
    copies = rest // _LONGEST_COPY
    rest = rest - copies * _LONGEST_COPY
    matched = rest > _LITERAL_TAIL
    tails = np.where(matched, 0, rest)
    zero = np.zeros(runs.size, dtype=np.int64)
    stream.add(position, False, zero, zero + _CODE_BITS[0], zero + _CODE_LENGTHS[0])
    # The whole copies, numbered from 1 within their run.
    owner = np.repeat(np.arange(runs.size), copies)
    nth = np.arange(owner.size) - np.repeat(np.cumsum(copies) - copies, copies) + 1
    one = np.ones(owner.size, dtype=np.int64)
    stream.add(
        position[owner],
        False,
        nth,
        one * _CODE_BITS[_LONGEST],
        one * (_CODE_LENGTHS[_LONGEST] + _DISTANCE_BITS),
    )
    # A shorter copy: length code, extra bits, then the distance bit (0), as one code.
    where = np.flatnonzero(matched)
    index = np.searchsorted(_BASES, rest[where], side="right") - 1
    symbol = 257 + index
    value = _CODE_BITS[symbol] | ((rest[where] - _BASES[index]) << _CODE_LENGTHS[symbol])
    stream.add(
        position[where],
        False,
        copies[where] + 1,
        value,
        _CODE_LENGTHS[symbol] + _EXTRA[index] + _DISTANCE_BITS,
    )
    # Or up to four literal zeros.
    owner = np.repeat(np.arange(runs.size), tails)
    nth = np.arange(owner.size) - np.repeat(np.cumsum(tails) - tails, tails) + 1
    one = np.ones(owner.size, dtype=np.int64)
    stream.add(position[owner], False, copies[owner] + nth, one * _CODE_BITS[0], one * _CODE_LENGTHS[0])


def _write(stream: _Stream, data: _Ints, starts: _Ints, sizes: _Ints) -> None:
    """The ``write_data`` calls of pieces ``data[start:start + size]``, all at once.

    Within a call, zeros are found per 8-byte group and a run of them ends
    with the call: a group of zeros only lengthens the run; any other group
    first ends the run (with its leading zeros) if there is one, else its
    leading zeros are literals; its bytes up to its trailing zeros are
    literals, and the trailing zeros start the next run.  The last bytes
    after the whole groups are literals, after the call's last run.
    """
    groups = sizes // 8
    piece = np.repeat(np.arange(starts.size), groups)
    nth = np.arange(piece.size) - np.repeat(np.cumsum(groups) - groups, groups)
    group_start = starts[piece] + 8 * nth
    nonzero = data[group_start[:, None] + np.arange(8)] != 0
    busy = np.flatnonzero(nonzero.any(axis=1))
    leading = np.argmax(nonzero[busy], axis=1)
    trailing = np.argmax(nonzero[busy, ::-1], axis=1)
    # The run each busy group meets: the previous busy group's trailing zeros and the zero
    # groups between, or the zero groups since the call began.
    same_call = np.zeros(busy.size, dtype=bool)
    same_call[1:] = piece[busy[1:]] == piece[busy[:-1]]
    carried = np.zeros(busy.size, dtype=np.int64)
    carried[1:] = trailing[:-1] + 8 * (busy[1:] - busy[:-1] - 1)
    runs = np.where(same_call, carried, 8 * nth[busy])
    ended = runs > 0
    _runs(stream, group_start[busy][ended], runs[ended] + leading[ended])
    # Each call's last run: after its last busy group, or all its groups if none is busy.
    busy_count = np.bincount(piece[busy], minlength=starts.size)
    has_busy = busy_count > 0
    last = (np.cumsum(busy_count) - 1)[has_busy]
    final = 8 * groups
    final[has_busy] = trailing[last] + 8 * (groups[has_busy] - 1 - nth[busy[last]])
    tail_start = starts + 8 * groups
    _runs(stream, tail_start[final > 0], final[final > 0])
    # Literals: each busy group's bytes from its first (after a run: its first non-zero one) up
    # to its trailing zeros, and every byte after the whole groups.
    offsets = np.arange(8)
    first = np.where(ended, leading, 0)
    kept = (offsets >= first[:, None]) & (offsets < 8 - trailing[:, None])
    positions = (group_start[busy][:, None] + offsets)[kept]
    tail_sizes = sizes - 8 * groups
    owner = np.repeat(np.arange(starts.size), tail_sizes)
    tail = (
        tail_start[owner] + np.arange(owner.size) - np.repeat(np.cumsum(tail_sizes) - tail_sizes, tail_sizes)
    )
    positions = np.concatenate((positions, tail))
    symbols = data[positions]
    stream.add(
        positions, True, np.zeros(positions.size, dtype=np.int64), _CODE_BITS[symbols], _CODE_LENGTHS[symbols]
    )


def fast(pieces: Iterable[bytes]) -> bytes:
    """fdeflate's zlib stream of ``pieces``, each written as one ``write_data`` call."""
    chunks = list(pieces)
    joined = b"".join(chunks)
    sizes = np.array([len(chunk) for chunk in chunks], dtype=np.int64)
    data = np.frombuffer(joined, dtype=np.uint8).astype(np.int64)
    stream = _Stream()
    _write(stream, data, np.cumsum(sizes) - sizes, sizes)
    values, lengths = stream.codes()
    # The header's last 5 bits first; the end-of-block code last.
    values = np.concatenate(([_HEADER[53]], values, [_CODE_BITS[_END]]))
    lengths = np.concatenate(([5], lengths, [_CODE_LENGTHS[_END]]))
    body, _ = image_bits.lsb_first(values, lengths)
    return _HEADER[:53] + body + zlib.adler32(joined).to_bytes(4, "big")


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
