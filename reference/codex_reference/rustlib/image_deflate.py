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

``fast`` walks each write group by group as fdeflate does, building the
stream as text (each code's bits in the order they are written, literals
between runs turned into codes by one join) that ``image_bits`` packs; the
oracle in reference/tests/test_image_png_oracle.py writes the same walk bit
by bit, code by code.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence

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


# Each literal/length symbol's code as the bits it is written in (a Huffman code from its
# first bit, that is its canonical code most significant bit first).
_CODE_TEXT = [format(code, f"0{length}b")[::-1] for code, length in _CODES]
_END, _LONGEST = 256, 285  # end of block; the length code of a 258-byte copy (no extra bits)
_LONGEST_COPY = 258
# Up to this many zeros after a run's first one are cheaper as literals than as a match.
_LITERAL_TAIL = 4
_DISTANCE_TEXT = "0" * _DISTANCE_BITS  # distance 1: the distance code's one bit, 0
_ZERO_GROUP = bytes(8)


def _copy_text(length: int) -> str:
    """A copy of ``length`` (5 to 258) bytes at distance 1: length code, extra bits (least
    significant first), distance code."""
    index = max(i for i, base in enumerate(_LENGTH_BASES) if base <= length)
    extra = _LENGTH_EXTRA[index]
    extra_text = format(length - _LENGTH_BASES[index], f"0{extra}b")[::-1] if extra else ""
    return _CODE_TEXT[257 + index] + extra_text + _DISTANCE_TEXT


_COPY_TEXT = {length: _copy_text(length) for length in range(_LITERAL_TAIL + 1, _LONGEST_COPY + 1)}


def _run_text(run: int) -> str:
    """A run of ``run`` zero bytes: a literal zero, then copies at distance 1.

    The copies are whole 258-byte ones, then one for the rest if it is over
    four bytes; up to four zeros are cheaper as literals.
    """
    copies, rest = divmod(run - 1, _LONGEST_COPY)
    tail = _COPY_TEXT[rest] if rest > _LITERAL_TAIL else _CODE_TEXT[0] * rest
    return _CODE_TEXT[0] + _COPY_TEXT[_LONGEST_COPY] * copies + tail


class _Writer:
    """fdeflate's ``write_data``, call by call, into the stream's bits.

    Literals wait in ``pending`` and are turned into their codes in one
    join when a run of zeros (or the stream) ends them.
    """

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.pending = bytearray()

    def _flush(self) -> None:
        if self.pending:
            self.parts.append("".join(map(_CODE_TEXT.__getitem__, self.pending)))
            self.pending.clear()

    def _run(self, run: int) -> None:
        self._flush()
        self.parts.append(_run_text(run))

    def write(self, data: bytes) -> None:
        """One call: zeros are found per 8-byte group and a run of them ends with the call.

        A group of zeros only lengthens the run; any other group first ends
        the run (with its leading zeros) if there is one, else its leading
        zeros are literals; its bytes up to its trailing zeros are
        literals, and the trailing zeros start the next run.  The bytes
        after the whole groups are literals, after the call's last run.
        """
        run = 0
        whole = len(data) - len(data) % 8
        pending = self.pending
        for start in range(0, whole, 8):
            group = data[start : start + 8]
            if group == _ZERO_GROUP:
                run += 8
                continue
            kept = group.rstrip(b"\x00")
            if run:
                body = kept.lstrip(b"\x00")
                self._run(run + len(kept) - len(body))
                pending += body
            else:
                pending += kept
            run = 8 - len(kept)
        if run:
            self._run(run)
        pending += data[whole:]

    def bits(self) -> str:
        self._flush()
        return "".join(self.parts)


def fast(pieces: Iterable[bytes]) -> bytes:
    """fdeflate's zlib stream of ``pieces``, each written as one ``write_data`` call."""
    chunks = list(pieces)
    writer = _Writer()
    for chunk in chunks:
        writer.write(chunk)
    # The header's last 5 bits first (least significant first); the end-of-block code last.
    bits = format(_HEADER[53], "05b")[::-1] + writer.bits() + _CODE_TEXT[_END]
    adler = zlib.adler32(b"".join(chunks))
    return _HEADER[:53] + image_bits.lsb_first(bits) + adler.to_bytes(4, "big")


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
