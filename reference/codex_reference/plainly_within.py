"""A quick pass that clears most requests and replies of the protocol checks' per-value walk.

``args.unicode_problem`` and ``limits.request_problem`` (before an op runs)
and ``limits.reply_problem`` (after) each walk every value in Python, a few
microseconds a value: a request of a million values (the fuzzer's wide
shapes, a 64 MiB line can hold sixteen million) spent seconds in them before
its op read a byte (issue #31, seeds 2611 and 4409).  This pass visits each
list and object once, and leaves each run of scalars inside one to the json
package's C encoder, which measures it, finds integers past the limit and,
with a search for surrogates, strings no UTF-8 text can hold; the
largest and smallest integer of each run are held to the 1,000 digits.

It only clears: ``plainly_within(value)`` is True only when the exact
checks would find nothing (tests/test_plainly_within.py holds it to that
on generated values).  Anything it is unsure of (a surrogate, an integer of
over 1,000 digits, a non-finite number in a reply, a line near the limit,
a type JSON does not have, a key that is no string, a value that contains
itself) is False, and the caller runs the exact checks, which name the
problem and where it is.
"""

from __future__ import annotations

import json
import re

from codex_reference.collector import paused
from codex_reference.container_sizes import Container, ContainsItself, TooLarge, size_and_depth
from codex_reference.json_types import JSON
from codex_reference.limits import ID_ROOM, INT_PAST_LIMIT, MAX_DEPTH, MAX_LINE_BYTES

__all__ = ["plainly_within"]

_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})
# Any surrogate code point: a lone one is refused by the exact check, a pair of two is too
# (a Python string holds them as two code points), so every one goes to the exact check.
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Unsure(Exception):
    pass


def plainly_within(value: JSON, strict: bool = True) -> bool:
    """True only when ``value`` is plainly within the protocol's limits on one line.

    ``strict`` (a reply): also no non-finite number and at most 200 levels
    of nesting, as ``reply_problem`` holds a reply to.  Not ``strict`` (a
    request's args): as ``unicode_problem`` and ``request_problem`` hold
    them, text a release can read included.  A long string that recurs is
    escaped at each place it stands: a value past the limit in that way is
    left to the exact checks, which measure it once.
    """
    if type(value) is not dict and type(value) is not list:
        return False

    def own_bytes(container: Container, scalars: list[JSON]) -> int:
        # `[a, b]` / `{"k": v}` as json.dumps writes them: brackets, ", " between items.
        total = 2 + 2 * max(len(container) - 1, 0) + _scalars_bytes(scalars, strict)
        if type(container) is dict:
            keys = list(container)
            if set(map(type, keys)) - {str}:
                raise _Unsure  # json.dumps would write a number key as a string
            total += _scalars_bytes(keys, strict) + 2 * len(keys)  # each key with ": "
        return total

    try:
        with paused():
            size, depth = size_and_depth(value, own_bytes, MAX_LINE_BYTES)
    except (_Unsure, ContainsItself, TooLarge, ValueError, TypeError, RecursionError, OverflowError):
        return False
    return size + ID_ROOM <= MAX_LINE_BYTES and (not strict or depth <= MAX_DEPTH)


def _scalars_bytes(scalars: list[JSON], strict: bool) -> int:
    """The bytes of these scalars as ASCII-only JSON, separators not counted; _Unsure if any
    is not plainly within the limits."""
    if not scalars:
        return 0
    kinds = set(map(type, scalars))
    if not kinds <= _SCALAR_TYPES:
        raise _Unsure
    if int in kinds:
        numbers = [value for value in scalars if type(value) is int]
        if min(numbers) <= -INT_PAST_LIMIT or max(numbers) >= INT_PAST_LIMIT:
            raise _Unsure
    # A string repeated past the limit would be escaped once for each place: not here.
    if str in kinds and sum(len(text) for text in scalars if type(text) is str) > MAX_LINE_BYTES:
        raise _Unsure
    text = json.dumps(scalars, ensure_ascii=False, allow_nan=not strict)
    if not text.isascii():
        if _SURROGATE.search(text):
            raise _Unsure
        text = json.dumps(scalars, allow_nan=not strict)
    # `[a, b]`: the brackets and separators are counted by the container.
    return len(text) - 2 - 2 * (len(scalars) - 1)
