"""A ``describe``'s words for the keys on which two results differ, each value in a form of the caller's.

A signature must name what differs without the values that make every
input's own (explore.signature): so each explorer says how a value is shown
(its start, numbers blanked, or only whether it is there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["Shown", "key_differences", "value_as_is"]

# (one side's mapping, key) -> what the signature shows of that side's value.
Shown = Callable[[Mapping[str, Any], str], object]


def value_as_is(side: Mapping[str, Any], key: str) -> object:
    return side.get(key)


def key_differences(
    mine: Mapping[str, Any],
    theirs: Mapping[str, Any],
    keys: Iterable[str],
    shown: Shown = value_as_is,
    prefix: str = "",
) -> list[str]:
    """``<prefix><key>:<mine's>≠<theirs'>`` for each of ``keys`` (in order) whose values differ."""
    return [
        f"{prefix}{key}:{shown(mine, key)}≠{shown(theirs, key)}"
        for key in keys
        if mine.get(key) != theirs.get(key)
    ]
