"""Reading an op's args: the checks every op shares, in one place.

An arg stands for something a release reads: a file, a JSON document, an
SSE stream, a config.toml value, a measured duration.  Args that cannot
stand for any such input are refused here with ``invalid-args`` naming the
arg and what is wrong, so an op never meets a value of the wrong JSON type
in the middle of its algorithm:

- ``unicode_problem``: every text a release reads is UTF-8 (Rust's
  ``String``, ``serde_json``, TOML), which cannot hold a lone surrogate; a
  Python string can, so a request holding one, anywhere, is refused before
  any op runs (spec/adapter-protocol.md, "Args a release cannot be given"),
  and so is an integer past the protocol's 1,000 digits, which no wire carries.
- ``string``, ``mapping``, ``string_map``, ``integer``, ``number``, ``flag``:
  one arg of one JSON type, and in range where the Rust type has one.

``where`` names the arg as the spec does (``provider.query_params``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.limits import INT_PAST_LIMIT, MAX_INT_DIGITS

__all__ = [
    "I32",
    "I64",
    "U64",
    "flag",
    "integer",
    "mapping",
    "number",
    "optional_integer",
    "optional_string",
    "seconds",
    "string",
    "string_map",
    "unicode_problem",
]

# The ranges of the Rust integer types args stand for, as ``integer(args, key, *I32)``.
I32 = (-(2**31), 2**31 - 1)
U64 = (0, 2**64 - 1)
I64 = (-(2**63), 2**63 - 1)

_SURROGATE = re.compile("[\ud800-\udfff]")
_MISSING: Any = object()


def _lone_surrogate(text: str) -> str | None:
    if text.isascii():
        return None
    found = _SURROGATE.search(text)
    return None if found is None else f"U+{ord(found.group()):04X} at character {found.start()}"


def _digits(value: int) -> int:
    """The digits of an integer, counted without writing it (Python writes none past 4,300)."""
    magnitude = abs(value)
    estimate = max(1, int(magnitude.bit_length() * math.log10(2)))
    return estimate + 1 if magnitude >= 10**estimate else estimate


def unicode_problem(args: JSON) -> str | None:
    """What makes ``args`` unreadable as UTF-8 text (a lone surrogate in a key or string), or
    something the wire cannot carry (an integer past the protocol's 1,000 digits), or None.

    Linear in the size of the args, however deep: iterative (no recursion
    limit), each value's place kept as a link to its parent's (a path copied
    at every level would cost depth squared), and a list or object met again
    through another reference is not walked twice (JSON from the wire is a
    tree; in process, ``[deep] * 50`` would otherwise cost 50 walks at each
    level that repeats it).
    """
    stack: list[tuple[JSON, _Place]] = [(args, None)]
    walked: set[int] = set()
    while stack:
        value, place = stack.pop()
        if isinstance(value, str):
            if len(value) > 1_024:  # a long string met again is not searched twice either
                if id(value) in walked:
                    continue
                walked.add(id(value))
            found = _lone_surrogate(value)
            if found is not None:
                return f"`{_dotted(place)}` is not valid Unicode text: a lone surrogate ({found})"
        elif isinstance(value, int) and not -INT_PAST_LIMIT < value < INT_PAST_LIMIT:
            return (
                f"`{_dotted(place)}` is an integer of {_digits(value):,} digits, past the adapter "
                f"protocol's limit of {MAX_INT_DIGITS:,} digits"
            )
        elif isinstance(value, dict | list):
            if id(value) in walked:
                continue
            walked.add(id(value))
            if isinstance(value, list):
                stack.extend((item, (index, place)) for index, item in enumerate(value))
                continue
            for key, item in value.items():
                # A key that is no string (in process only) is request_problem's to name.
                found = _lone_surrogate(key) if isinstance(key, str) else None
                if found is not None:
                    return (
                        f"a key in `{_dotted(place)}` is not valid Unicode text: a lone surrogate ({found})"
                    )
                stack.append((item, (key, place)))
    return None


# Where a value sits: (its key or index, its parent's place); None for the args themselves.
_Place = tuple[Any, Any] | None


def _dotted(place: _Place) -> str:
    steps: list[Any] = []
    while place is not None:
        step, place = place
        steps.append(step)
    text = "args"
    for step in reversed(steps):
        text += f"[{step}]" if isinstance(step, int) else f".{step}"
    return text


def _kind(value: JSON) -> str:
    """The JSON type of a value, as a message names it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _shown(value: int | float) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters)"


def _wrong(where: str, wanted: str, value: JSON) -> InvalidArgs:
    return InvalidArgs(f"`{where}` must be {wanted}, not {_kind(value)}")


def _get(args: Mapping[str, JSON], key: str, default: JSON, where: str | None) -> JSON:
    if key in args:
        return args[key]
    if default is _MISSING:
        raise InvalidArgs(f"missing `{where or key}`")
    return default


def string(args: Mapping[str, JSON], key: str, where: str | None = None, default: JSON = _MISSING) -> str:
    value = _get(args, key, default, where)
    if not isinstance(value, str):
        raise _wrong(where or key, "a string", value)
    return value


def optional_string(args: Mapping[str, JSON], key: str, where: str | None = None) -> str | None:
    """A string, or None where the arg is absent or null (Rust's ``Option<String>``)."""
    value = args.get(key)
    if value is not None and not isinstance(value, str):
        raise _wrong(where or key, "a string", value)
    return value


def mapping(value: JSON, where: str) -> dict[str, JSON]:
    """An object; absent or null is an empty one (an omitted table)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _wrong(where, "an object", value)
    return value


def string_map(value: JSON, where: str) -> dict[str, str]:
    """An object of strings (a TOML table of strings: headers, query parameters, environment)."""
    table = mapping(value, where)
    for key, item in table.items():
        if not isinstance(item, str):
            raise _wrong(f"{where}.{key}", "a string", item)
    return table


def integer(
    args: Mapping[str, JSON],
    key: str,
    low: int,
    high: int,
    *,
    default: JSON = _MISSING,
    where: str | None = None,
) -> int:
    """An integer of a Rust integer type (``low``..=``high``); a boolean is not one."""
    value = _get(args, key, default, where)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _wrong(where or key, "an integer", value)
    if not low <= value <= high:
        raise InvalidArgs(f"`{where or key}` must be an integer from {low} to {high}, not {_shown(value)}")
    return value


def optional_integer(
    args: Mapping[str, JSON], key: str, low: int, high: int, where: str | None = None
) -> int | None:
    """An integer, or None where the arg is absent or null (Rust's ``Option<u64>`` and the like)."""
    if args.get(key) is None:
        return None
    return integer(args, key, low, high, where=where)


def number(
    args: Mapping[str, JSON],
    key: str,
    low: float,
    high: float,
    *,
    default: JSON = _MISSING,
    where: str | None = None,
) -> float:
    """A finite number from ``low`` to ``high`` (integers included, booleans not)."""
    value = _get(args, key, default, where)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _wrong(where or key, "a number", value)
    # Compared before any conversion: an integer of hundreds of digits has no float.
    if (isinstance(value, float) and not math.isfinite(value)) or not low <= value <= high:
        raise InvalidArgs(f"`{where or key}` must be a number from {low:g} to {high:g}, not {_shown(value)}")
    return float(value)


# Duration::MAX (u64::MAX seconds and a fraction) as an f64 is 2^64 seconds: no Duration holds more.
_MAX_DURATION_SECONDS = float(2**64)


def seconds(args: Mapping[str, JSON], key: str, default: JSON = _MISSING, where: str | None = None) -> float:
    """A duration in seconds (a measured wall time, a configured timeout): 0 up to 2^64."""
    return number(args, key, 0.0, _MAX_DURATION_SECONDS, default=default, where=where)


def flag(args: Mapping[str, JSON], key: str, default: bool = False, where: str | None = None) -> bool:
    value = _get(args, key, default, where)
    if not isinstance(value, bool):
        raise _wrong(where or key, "a boolean", value)
    return value
