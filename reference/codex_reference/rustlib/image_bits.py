"""Packing a sequence of variable-length codes into bytes, as the image encoders' bit writers do.

A codec's encoder emits codes one after another into a bit stream: the
JPEG encoder most significant bit first, DEFLATE least significant bit
first.  Writing them one at a time is a Python step per code; here a whole
stream is packed at once.  Each code lands in the (at most five) bytes
under its bit offset, and no two codes share a bit, so adding each code's
share of a byte is the same as or-ing it in.  The encoders' codes are at
most 25 bits: DEFLATE's longest is 18 (a 12-bit length code, 5 extra bits,
the 1-bit distance), JPEG's at quality 85 a 16-bit AC code and 9 magnitude
bits (no quantized coefficient of an 8-bit block reaches 512).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["lsb_first", "msb_first"]

_SPAN = 5  # bytes a code of up to 32 bits can touch, starting anywhere in a byte

_Ints = npt.NDArray[np.int64]


def _pack(values: _Ints, lengths: _Ints, *, msb: bool) -> tuple[bytes, int]:
    ends = np.cumsum(lengths)
    total = int(ends[-1])  # every stream holds a code: an end of block, or a JPEG's padding
    starts = ends - lengths
    first_byte, offset = starts >> 3, starts & 7
    if msb:
        # The code's last bit lands just before bit `offset + length` of a big-endian window.
        window = values << (8 * _SPAN - offset - lengths)
        shares = [(window >> (8 * (_SPAN - 1 - k))) & 0xFF for k in range(_SPAN)]
    else:
        window = values << offset
        shares = [(window >> (8 * k)) & 0xFF for k in range(_SPAN)]
    size = (total + 7) >> 3
    out = np.zeros(size + _SPAN, dtype=np.int64)
    for k, share in enumerate(shares):
        out += np.bincount(first_byte + k, weights=share, minlength=size + _SPAN).astype(np.int64)
    return out[:size].astype(np.uint8).tobytes(), total


def msb_first(values: _Ints, lengths: _Ints) -> tuple[bytes, int]:
    """(bytes, bit count) of the codes written most significant bit first, the last byte 0-padded."""
    return _pack(values, lengths, msb=True)


def lsb_first(values: _Ints, lengths: _Ints) -> tuple[bytes, int]:
    """(bytes, bit count) of the codes written least significant bit first, the last byte 0-padded."""
    return _pack(values, lengths, msb=False)
