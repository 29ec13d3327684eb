"""Hostile requests for any op: the fixtures' own args, mutated the ways that break parsers.

Every case in fixtures/ is a well-formed request of its op; a mutation keeps
most of it and breaks one thing: a value of another JSON type, a string with
a lone surrogate or NUL or a million characters, a number at or past the
edges of 64-bit integers and doubles, an array or object nested deep, a key
removed or added, the bytes of a base64 payload (an image file) damaged.
And the shapes a fuzzer from outside the kit found the model unready for
(issue #31): integers of 400 to 5,000 digits in any numeric arg, strings of
megabytes in any string arg (bulk line breaks, CRs, control characters;
digit strings past Python's 4,300-digit conversion; JSON texts that open
100,000 arrays), nesting deep and wide at once, and the same inside the
args that hold JSON text (a call's ``arguments``, a raw result).
``conformance/workshop/benchmarks/fuzz_reference.py`` sends millions of them to the
reference model; ``reference/tests/test_fuzz_reference.py`` a seeded sample.
Whatever the input, the model must answer with a result, an error of a
kind other than ``internal``, or ``unsupported``, in bounded time and
memory, with a reply within the protocol's limits.
"""

from __future__ import annotations

import base64
import binascii
import copy
import itertools
import json
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
MIB = 1024 * 1024
# What an outside fuzzer found the reference unready for (issue #31): strings of
# megabytes, whole megabytes of line breaks and control characters, digit strings
# past Python's 4,300-digit int conversion (a JSON text arg holding one), a JSON
# text that opens a hundred thousand arrays.
HUGE_STRINGS = [
    "x" * (2 * MIB),
    "\n" * MIB,
    "\r" * MIB,
    "\r\n" * (MIB // 2),
    "\n\r" * (MIB // 2),
    "".join(map(chr, range(32))) * (MIB // 32),
    "\x00" * MIB,
    "\u00e9\u2028\U0001f680" * (MIB // 8),
    "data: x\n\n" * (MIB // 10),
    ":\n" * (MIB // 2),
    "9" * 4_301,
    "-" + "1" * 401,
    "0." + "0" * 5_000 + "1",
    "1e" + "9" * 400,
    "[" * 100_000,
    '{"a":' * 50_000,
    "*** Begin Patch\n" + "+x\n" * (MIB // 3),
]
# Bulk line breaks and control characters put inside a string.
BULK = ["\n" * 100_000, "\r" * 100_000, "\r\n" * 50_000, "\x00\x1b\x7f\x0b\x0c" * 20_000, "\t" * 100_000]


def _deep(depth: int) -> Any:
    value: Any = 0
    for index in range(depth):
        value = [value] if index % 2 else {"k": value}
    return value


def _big_int(rng: random.Random) -> int:
    """An integer of 400 to 5,000 digits: past every double (over 309) and Python's
    int-to-text limit (over 4,300), or under the wire's 1,000."""
    digits = rng.choice([400, 401, 999, 1_000, rng.randrange(400, 5_001), 4_300, 4_301, 5_000])
    value: int = 10 ** (digits - 1) + rng.getrandbits(64)
    return -value if rng.random() < 0.3 else value


def _big_digits(rng: random.Random) -> str:
    """A big integer as JSON text (a JSON text arg holding one), of 400 to 5,000 digits."""
    digits = rng.choice([401, 1_000, 4_300, 4_301, rng.randrange(400, 5_001)])
    return rng.choice(["", "-"]) + rng.choice("123456789") + "0" * (digits - 1)


def _wide(rng: random.Random, old: Any) -> Any:
    """Wide (tens of thousands of items), or deep and wide at once (thirty siblings at each
    of hundreds of levels).

    Each level holds the one below once (a value repeated at every level
    would be a tree exponentially larger than the request that carries it).
    """
    shape = rng.randrange(5)
    if shape == 0:
        return [old] * 200
    if shape == 1:
        return rng.choice([list(range(20_000)), ["s"] * 20_000, [[]] * 20_000])
    if shape == 2:
        return dict.fromkeys(_WIDE_KEYS, 0)
    value: Any = old
    for index in range(rng.choice([20, 150, 199, 500])):
        value = [value, *_SIBLINGS] if shape == 3 and index % 2 else {"k": value, **_SIBLING_KEYS}
    return value


_WIDE_KEYS = [f"k{index}" for index in range(10_000)]
_SIBLINGS = list(range(30))
_SIBLING_KEYS = {f"k{index}": index for index in range(30)}


def _in_json_text(rng: random.Random, old: str) -> str | None:
    """A string that holds JSON (a call's arguments, a raw result) with one value inside
    replaced by a big integer, a huge string or bulk control characters."""
    if old[:1] not in ("{", "[") or len(old) > 100_000:
        return None
    try:
        value = json.loads(old)
    except (ValueError, RecursionError):
        return None
    places = [path for path in _places(value) if path]
    if not places:
        return None
    path = rng.choice(places)
    parent: Any = value
    for step in path[:-1]:
        parent = parent[step]
    marker = "\u0000big\u0000"
    parent[path[-1]] = rng.choice([marker, rng.choice(HUGE_STRINGS), rng.choice(BULK), _wide(rng, 0)])
    # The big integer is written as digits into the text (Python would not convert one past 4,300).
    return json.dumps(value).replace(json.dumps(marker), _big_digits(rng))


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
    kind = rng.randrange(15)
    if kind == 10:
        return _big_int(rng)
    if kind == 11:
        return rng.choice(HUGE_STRINGS)
    if kind == 12:
        return _wide(rng, old)
    if kind == 13 and isinstance(old, str):
        cut = rng.randrange(len(old) + 1)
        return old[:cut] + rng.choice(BULK + HUGE_STRINGS) + old[cut:]
    if kind == 14 and isinstance(old, str):
        changed = _in_json_text(rng, old)
        if changed is not None:
            return changed
    if kind == 7 and isinstance(old, int | float) and not isinstance(old, bool):
        return _big_int(rng) if rng.random() < 0.5 else rng.choice(NUMBERS)
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
    return rng.choice(NUMBERS + STRINGS[:10] + [None, [], {}])


def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if len(path) >= MAX_WALK:  # not into what a mutation nested deep
        return
    if isinstance(value, dict):
        for key, item in itertools.islice(value.items(), 50):
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
