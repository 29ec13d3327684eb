"""The adapter protocol's limits on one reply line, checked before the line is written.

spec/adapter-protocol.md ("Limits"): a reply line is at most 64 MiB (without
its newline), nested at most 200 levels (the reply object being level 1),
and holds no integer of more than 1,000 digits.  The kit holds every
adapter to them (codex_conformance/connection/limits.py; a test checks that
these equal its defaults).  An answer that would break one is not sent:
``handle`` answers ``invalid-args`` saying which limit the answer would
pass, measured here from the answer's values, without writing the line (a
megabyte of control characters is six megabytes of JSON escapes, and an
answer can repeat its input many times).
"""

from __future__ import annotations

import math
from json.encoder import encode_basestring_ascii

from codex_reference.json_types import JSON

__all__ = [
    "ID_ROOM",
    "INT_PAST_LIMIT",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_LINE_BYTES",
    "reply_problem",
    "request_problem",
]

MAX_LINE_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 200
MAX_INT_DIGITS = 1_000
# The transport writes the request's id before the body (`{"id": 7, ...}`): room for it.
ID_ROOM = 64
# The smallest integer past the limit, as a bound to compare with (no text written).
INT_PAST_LIMIT = 10**MAX_INT_DIGITS
# Strings are measured in pieces, so no escaped copy of a huge one is ever whole.
_PIECE = 1 << 20


class _Past(Exception):
    pass


def _string_bytes(text: str) -> int:
    """Bytes of ``text`` as the wire writes it: ASCII-only JSON, quotes included."""
    if len(text) <= _PIECE:
        return len(encode_basestring_ascii(text))
    pieces = range(0, len(text), _PIECE)
    return 2 + sum(len(encode_basestring_ascii(text[at : at + _PIECE])) - 2 for at in pieces)


def _scalar_bytes(value: JSON, strict: bool = True) -> int:
    if isinstance(value, str):
        return _string_bytes(value)
    if value is None or value is True:
        return 4
    if value is False:
        return 5
    if isinstance(value, int):
        if not -INT_PAST_LIMIT < value < INT_PAST_LIMIT:
            raise _Past(f"an integer of more than {MAX_INT_DIGITS:,} digits")
        return len(str(value))
    if isinstance(value, float):
        if not math.isfinite(value) and strict:
            raise _Past(f"the number {value!r}, which JSON cannot write")
        return len(repr(value))
    raise _Past(f"a value JSON cannot write ({type(value).__name__})")


def _measure(reply: JSON, strict: bool = True) -> tuple[int, int]:
    """The bytes of ``reply`` as one line and its nesting depth (a scalar: 0).

    Iterative, and each list, object or long string is measured once however
    often it recurs (in process a value can be many references to one
    object): its bytes and depth do not depend on where it sits.  Not
    ``strict`` (a request's args), only the size is held to the limit: what
    else is wrong with args, their ops name better.
    """
    if not isinstance(reply, dict | list):
        return _scalar_bytes(reply, strict), 0
    sizes: dict[int, tuple[int, int]] = {}
    strings: dict[int, int] = {}

    def scalar(value: JSON) -> int:
        if not isinstance(value, str) or len(value) < 1_024:
            return _scalar_bytes(value, strict)
        if id(value) not in strings:
            strings[id(value)] = _string_bytes(value)
        return strings[id(value)]

    open_: set[int] = set()
    stack: list[dict[str, JSON] | list[JSON]] = [reply]
    while stack:
        value = stack[-1]
        if id(value) in sizes:
            stack.pop()
            continue
        children = list(value.values()) if isinstance(value, dict) else value
        if id(value) not in open_:
            open_.add(id(value))
            for child in children:
                if isinstance(child, dict | list) and id(child) not in sizes:
                    if id(child) in open_:
                        raise _Past("a value that contains itself")
                    stack.append(child)
            continue
        stack.pop()
        open_.discard(id(value))
        # `[a, b]` and `{"k": v}` as json.dumps writes them: ", " between items, ": " after keys.
        total, deepest = 2 + 2 * max(len(children) - 1, 0), 0
        if isinstance(value, dict):
            if not all(isinstance(key, str) for key in value):
                raise _Past("an object key that is not a string")
            total += sum(_string_bytes(key) + 2 for key in value)
        for child in children:
            if isinstance(child, dict | list):
                size, depth = sizes[id(child)]
                deepest = max(deepest, depth)
                total += size
            else:
                total += scalar(child)
        if total > MAX_LINE_BYTES:
            raise _Past(f"a line of more than {MAX_LINE_BYTES:,} bytes")
        if deepest + 1 > MAX_DEPTH and strict:
            raise _Past(f"nesting deeper than {MAX_DEPTH} levels")
        sizes[id(value)] = (total, deepest + 1)
    return sizes[id(reply)]


def request_problem(args: JSON) -> str | None:
    """Which of the protocol's limits a request line with ``args`` would pass, or None.

    No kit can send such a request (the wire refuses it before any adapter
    reads it); in process it is refused before any op runs, and no op ever
    works through more than the wire can bring it.  Only the size: args nested too
    deep or holding a number JSON cannot write are refused where they are read.
    """
    try:
        size, _depth = _measure(args, strict=False)
    except _Past as past:
        return f"the request would break the adapter protocol's limits (no kit can send it): {past}"
    # `{"id": 7, "op": "...", "args": ...}`: the args are level 2, with a few dozen bytes around them.
    if size + ID_ROOM > MAX_LINE_BYTES:
        return (
            "the request would break the adapter protocol's limits (no kit can send it): "
            f"a line of over {size:,} bytes"
        )
    return None


def reply_problem(reply: JSON) -> str | None:
    """Which of the protocol's limits ``reply`` would pass as a line, or None."""
    try:
        size, depth = _measure(reply)
    except _Past as past:
        return f"the answer would break the adapter protocol's limits: {past}"
    if size + ID_ROOM > MAX_LINE_BYTES:
        return f"the answer would break the adapter protocol's limits: a line of {size:,} bytes"
    if depth > MAX_DEPTH:
        return f"the answer would break the adapter protocol's limits: nesting {depth} levels deep"
    return None
