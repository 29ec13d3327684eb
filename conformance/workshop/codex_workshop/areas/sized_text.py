"""Texts of an exact size in bytes, for the explorers that aim at the releases' byte limits."""

from __future__ import annotations


def exactly(chars: list[str], size: int) -> str:
    """``chars`` (drawn until they reached ``size`` bytes) as a text of exactly ``size`` bytes.

    A multi-byte character may have overshot the size: the last characters
    are dropped until it fits, then one-byte characters top it up.
    """
    kept = list(chars)
    length = sum(len(char.encode("utf-8")) for char in kept)
    while kept and length > size:
        length -= len(kept.pop().encode("utf-8"))
    return "".join(kept) + "a" * (size - length)
