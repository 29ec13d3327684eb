"""Many small integers packed into one Python int, computed on all at once (SIMD within a register).

The image codecs apply the same integer formula to every sample of an
image.  A Python step per sample is too slow for the budget (``MODELLED_PIXELS``
pixels in well under a second); instead each operand is one integer whose
``width``-bit lanes hold the samples, lane ``i`` worth ``2 ** (width * i)``.
Sums, differences and products by a constant of such integers are exactly
the integers of the lane-wise results: nothing is lost, whatever the signs.
Only shifts, comparisons and reading the lanes back need the lanes to be
independent bit fields; there every lane is first biased into
``0 <= lane < 2 ** (width - 1)`` (``bias``, a multiple of the shift's
power of two so that flooring is unchanged), so no borrow or carry crosses
a lane.  The callers keep every value far from the bias: the widest they
use, the JPEG IDCT's products, stay under 2**40 in 64-bit lanes.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

__all__ = ["Lanes"]

_SIGNED = {16: "h", 32: "i", 64: "q"}
_UNSIGNED = {16: "H", 32: "I", 64: "Q"}


def _check_codes() -> None:
    for codes in (_SIGNED, _UNSIGNED):
        for width, code in codes.items():
            if array(code).itemsize * 8 != width:
                raise RuntimeError(f"array({code!r}) is not {width} bits on this platform")


_check_codes()


class Lanes:
    """``count`` lanes of ``width`` bits (16, 32 or 64)."""

    def __init__(self, count: int, width: int) -> None:
        self.count, self.width = count, width
        self.size = width // 8
        self.ones = int.from_bytes((b"\x01" + bytes(self.size - 1)) * count, "little")
        self.lane = (1 << width) - 1
        self.top = (1 << (width - 1)) * self.ones  # every lane's top bit
        self.every = self.lane * self.ones  # every bit of every lane
        # Every lane one value, by value: a product as long as the lanes, worth keeping.
        self._filled: dict[int, int] = {}

    def fill(self, value: int) -> int:
        """Every lane ``value`` (``0 <= value < 2 ** width``)."""
        filled = self._filled.get(value)
        if filled is None:
            filled = self._filled[value] = value * self.ones
        return filled

    def of_bytes(self, data: bytes | bytearray | memoryview) -> int:
        """One lane per byte of ``data`` (``count`` bytes), unsigned."""
        wide = bytearray(self.count * self.size)
        wide[0 :: self.size] = data
        return int.from_bytes(wide, "little")

    def of_ints(self, values: Sequence[int]) -> int:
        """One lane per value (signed, under half a lane in magnitude)."""
        raw = int.from_bytes(array(_SIGNED[self.width], values).tobytes(), "little")
        # A negative lane reads as itself plus 2**width: take that back out.
        negative = (raw >> (self.width - 1)) & self.ones
        return raw - (negative << self.width)

    def to_ints(self, packed: int) -> array[int]:
        """The lanes' values (signed, under half a lane in magnitude).

        Adding the top bit to every lane makes each non-negative and
        independent; flipping it back leaves each lane's two's complement
        bits, which the signed array reads.
        """
        raw = ((packed + self.top) ^ self.top).to_bytes(self.count * self.size, "little")
        values = array(_SIGNED[self.width])
        values.frombytes(raw)
        return values

    def to_bytes(self, packed: int) -> bytes:
        """The lanes' values, each in 0..255, as bytes."""
        return packed.to_bytes(self.count * self.size, "little")[:: self.size]

    def shift(self, packed: int, bits: int, bias: int) -> int:
        """Each lane shifted right by ``bits``, flooring (Rust's ``>>`` on a signed integer).

        ``bias`` exceeds every lane's magnitude and is a multiple of ``2 ** bits``.
        """
        kept = self.fill(self.lane >> bits) & ((packed + self.fill(bias)) >> bits)
        return kept - self.fill(bias >> bits)

    def at_least(self, x: int, y: int) -> int:
        """All ones in each lane where ``x >= y``, else zeros (lanes non-negative, under half a lane)."""
        flags = ((x | self.top) - y) & self.top
        return (flags >> (self.width - 1)) * self.lane

    def select(self, mask: int, yes: int, no: int) -> int:
        """``yes``'s lane where ``mask`` is all ones, else ``no``'s (non-negative lanes)."""
        return (yes & mask) | (no & (self.every ^ mask))

    def clamp(self, packed: int, low: int, high: int, bias: int) -> int:
        """Each lane (signed, magnitude under ``bias``) clamped to ``low..high`` (0 <= low <= high < bias)."""
        biased = packed + self.fill(bias)
        floor, ceiling = self.fill(bias + low), self.fill(bias + high)
        biased = self.select(self.at_least(biased, floor), biased, floor)
        biased = self.select(self.at_least(ceiling, biased), biased, ceiling)
        return biased - self.fill(bias)
