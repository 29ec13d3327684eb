"""Hostile requests for any op: the fixtures' own args, mutated the ways that break parsers.

Every case in fixtures/ is a well-formed request of its op; a mutation keeps
most of it and breaks one thing: a value of another JSON type, a string with
a lone surrogate or NUL or a million characters, a number at or past the
edges of 64-bit integers and doubles, an array or object nested deep, a key
removed or added, the bytes of a base64 payload (an image file) damaged.
``conformance/benchmarks/fuzz_reference.py`` sends millions of them to the
reference model; ``reference/tests/test_fuzz_reference.py`` a seeded sample.
Whatever the input, the model must answer with a result, an error of a
kind other than ``internal``, or ``unsupported``, in bounded time and
memory.
"""

from __future__ import annotations

import base64
import binascii
import copy
import random
import re
from collections.abc import Iterator
from typing import Any

from codex_conformance.cases import Case

__all__ = ["mutated_requests"]

NUMBERS: list[Any] = [
    0,
    -1,
    2**31,
    2**53 + 1,
    2**63,
    2**64,
    -(2**63) - 1,
    10**40,
    1.5,
    -0.0,
    1e308,
    5e-324,
]
STRINGS = [
    "",
    "\ud800",
    "a\udfffb",
    "\x00",
    "\u202e",
    "\U0001f680" * 3,
    "e\u0301",
    "\r\n",
    "../../../../etc/passwd",
    "/abs/path",
    "%s%n",
    "{}",
    "*** Begin Patch",
    "data:image/png;base64,AAAA",
    "x" * 70_000,
]
DEPTH = 2_000
MAX_WALK = 12


def _deep(depth: int) -> Any:
    value: Any = 0
    for index in range(depth):
        value = [value] if index % 2 else {"k": value}
    return value


_BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")
# What a damaged header is likely to hold: the edges of 16-bit sizes, 1, 0.
_FIELDS = [b"\xff\xff", b"\x00\x00", b"\x08\x01", b"\x00\x01", b"\x01\x00"]


def _damaged_payload(rng: random.Random, old: str) -> str | None:
    """A base64 payload (an image file, a data URL's data) with its bytes damaged, still base64.

    Broken base64 only reaches the decoder's first check; these reach the
    image codecs: a byte changed, the file cut short, bytes inserted, or a
    size field near the start set to an edge.
    """
    head, comma, body = old.rpartition(",") if old.startswith("data:") else ("", "", old)
    if not _BASE64.fullmatch(body):
        return None
    try:
        data = bytearray(base64.b64decode(body, validate=True))
    except (binascii.Error, ValueError):
        return None
    for _ in range(rng.choice([1, 1, 2, 4])):
        at = rng.randrange(len(data) + 1)
        action = rng.randrange(4)
        if action == 0 and at < len(data):
            data[at] = rng.randrange(256)
        elif action == 1:
            del data[at:]
        elif action == 2:
            data[at:at] = rng.randbytes(rng.randrange(1, 9))
        else:
            at = rng.randrange(min(len(data), 32) + 1)
            data[at : at + 2] = rng.choice(_FIELDS)
    return head + comma + base64.b64encode(bytes(data)).decode("ascii")


def _replacement(rng: random.Random, old: Any) -> Any:
    kind = rng.randrange(10)
    if kind == 9 and isinstance(old, str):
        damaged = _damaged_payload(rng, old)
        if damaged is not None:
            return damaged
    if kind == 0:
        return rng.choice(NUMBERS)
    if kind == 1:
        return rng.choice(STRINGS)
    if kind == 2:
        return rng.choice([None, True, False, [], {}])
    if kind == 3:
        return _deep(rng.choice([50, DEPTH]))
    if kind == 4 and isinstance(old, str) and old:
        cut = rng.randrange(len(old))
        return old[:cut] + rng.choice(STRINGS[:8]) + old[cut:]
    if kind == 5 and isinstance(old, list):
        return old * rng.choice([2, 50])
    if kind == 6 and isinstance(old, list | dict):
        return [old] if rng.random() < 0.5 else {"x": old}
    if kind == 7 and isinstance(old, int | float) and not isinstance(old, bool):
        return rng.choice(NUMBERS)
    return rng.choice(NUMBERS + STRINGS[:10] + [None, [], {}])


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if len(path) >= MAX_WALK:  # not into what a mutation nested deep
        return
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:50]):
            yield from _places(item, (*path, index))


def _mutate(rng: random.Random, args: dict[str, Any]) -> dict[str, Any]:
    mutated = copy.deepcopy(args)
    places = [path for path in _places(mutated) if path and path != ("edition",)]
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        if not places:
            break
        path = rng.choice(places)
        parent: Any = mutated
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        action = rng.randrange(6)
        if action == 0 and isinstance(parent, dict):
            parent.pop(last, None)
        elif action == 1 and isinstance(parent, dict):
            parent[rng.choice(["extra", "", "\ud800", "$ref"])] = rng.choice(NUMBERS + STRINGS[:6])
        else:
            try:
                parent[last] = _replacement(rng, parent[last])
            except (KeyError, IndexError, TypeError):
                continue
        places = [path for path in _places(mutated) if path and path != ("edition",)]
    return mutated


def mutated_requests(cases: list[Case], seed: int) -> Iterator[dict[str, Any]]:
    """An endless stream of requests: a case's op and args, mutated; the same stream for the same seed."""
    rng = random.Random(seed)
    while True:
        case = rng.choice(cases)
        args = case.args if rng.random() < 0.02 else _mutate(rng, dict(case.args))
        if rng.random() < 0.03:  # the envelope itself
            yield rng.choice([{"op": case.op}, {"op": case.op, "args": rng.choice([None, [], "x", 1])}])
        else:
            yield {"op": case.op, "args": args}
