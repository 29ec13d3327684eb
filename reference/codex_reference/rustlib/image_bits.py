"""Packing a stream of bits into bytes, as the image encoders' bit writers do.

The encoders build their output as text: each code as its bits in the order
they are written (``"0"`` and ``"1"``), joined into one string.  One
conversion then turns the whole stream into bytes (``int(text, 2)`` is
linear for base 2), where writing the codes one at a time into a byte
buffer would cost Python steps per bit.  The JPEG encoder fills each byte
from its most significant bit down; DEFLATE from its least significant bit
up, which is the same string reversed read as a little-endian number.
"""

from __future__ import annotations

__all__ = ["lsb_first", "msb_first"]


def _padded(bits: str, pad: str) -> str:
    return bits + pad * (-len(bits) % 8)


def msb_first(bits: str, pad: str = "0") -> bytes:
    """``bits`` written most significant bit first, the last byte completed with ``pad``."""
    text = _padded(bits, pad)
    return int(text, 2).to_bytes(len(text) // 8, "big") if text else b""


def lsb_first(bits: str, pad: str = "0") -> bytes:
    """``bits`` written least significant bit first, the last byte completed with ``pad``."""
    text = _padded(bits, pad)
    return int(text[::-1], 2).to_bytes(len(text) // 8, "little") if text else b""
