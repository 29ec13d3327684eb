"""The size and depth of a JSON value, each list and object visited once, in few Python steps.

A value can hold a list of a million items, or many references to one list
(in process; the fuzzer's wide shapes are both).  Visiting each item in
Python costs a microsecond or more an item; here each list or object is
visited once, its items are sorted into scalars and containers by
comprehensions, and the containers among them are counted by identity in C
(``collections.Counter`` over ``map(id, ...)``), so a list of a million
references to one list is one visit and one count.  What a container adds
beside its children (brackets, separators, keys, its scalars) is the
caller's measure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from codex_reference.json_types import JSON

__all__ = ["Container", "ContainsItself", "OwnBytes", "TooLarge", "size_and_depth"]

Container = dict[str, JSON] | list[JSON]
# What a list or object adds beside its containers: (the container, its items that are no
# list or object) -> bytes.
OwnBytes = Callable[[Container, list[JSON]], int]


class ContainsItself(Exception):
    """A list or object that holds itself, at some depth: no text writes it."""


class TooLarge(Exception):
    """A list or object past the caller's limit of bytes (measuring stopped there)."""


def size_and_depth(root: Container, own_bytes: OwnBytes, limit: int) -> tuple[int, int]:
    """The bytes of ``root`` (a list or object) and its depth (a scalar is 0, ``[]`` is 1).

    A child met n times counts n times; raises TooLarge as soon as a list or
    object passes ``limit``, ContainsItself on a cycle.
    """
    sizes: dict[int, tuple[int, int]] = {}
    # Each open list or object (being measured, its children first): its distinct child
    # containers by identity, and how often each stands in it.
    open_: dict[int, tuple[dict[int, Container], Counter[int]]] = {}
    stack: list[Container] = [root]
    while stack:
        value = stack[-1]
        if id(value) in sizes:
            stack.pop()
            continue
        items: list[JSON] = list(value.values()) if isinstance(value, dict) else value
        if id(value) not in open_:
            nested = [item for item in items if type(item) is list or type(item) is dict]
            distinct = dict(zip(map(id, nested), nested, strict=True))
            open_[id(value)] = (distinct, Counter(map(id, nested)))
            for key, child in distinct.items():
                if key in open_:
                    raise ContainsItself
                if key not in sizes:
                    stack.append(child)
            continue
        stack.pop()
        distinct, counts = open_.pop(id(value))
        scalars = items if not counts else [i for i in items if type(i) is not list and type(i) is not dict]
        total = own_bytes(value, scalars)
        deepest = 0
        for key, count in counts.items():
            size, depth = sizes[key]
            total += size * count
            deepest = max(deepest, depth)
        if total > limit:
            raise TooLarge
        sizes[id(value)] = (total, deepest + 1)
    return sizes[id(root)]
