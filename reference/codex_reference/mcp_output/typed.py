"""Which values a release's CallToolResult takes: serde's typed view of the server's answer.

A result that breaks one of these is no CallToolResult: the call fails as
for an unknown block type (MCPOUT-DECODE-1).  Found by exploring
(MCPOUT-TYPES-1): required strings must be strings (a number or null will
not do), optional fields may be null, ``isError`` is a boolean or null, an
annotation's ``audience`` lists roles and its ``priority`` is a number.
The editions differ in the places ``ResultTypes`` names.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from codex_reference.json_types import JSON
from codex_reference.mcp_output import json_numbers
from codex_reference.mcp_output.json_numbers import Number
from codex_reference.rustlib.floats import to_f32
from codex_reference.rustlib.serde_json_write import f64_text


class Unreadable(Exception):
    """serde cannot read the result into the release's CallToolResult."""


@dataclass(frozen=True)
class ResultTypes:
    # The `content` array may be missing or null (it must be there in 0.25.0).
    content_optional: bool
    # The result's own `_meta` must be an object when present (it is ignored in 0.25.0).
    meta_object: bool
    # Blocks are told apart by shape, `type` any string (0.25.0's untagged
    # enum), instead of by their `type` tag.
    untagged_blocks: bool
    # A resource link's `size`: the integers it takes.
    size_range: tuple[int, int]
    # An annotation's `lastModified` must be an RFC 3339 date-time (0.94.0 parses it).
    parses_last_modified: bool
    # An annotation's `priority` is read as an f32 (and written back widened
    # to f64: 0.3 -> 0.30000001192092896), else as an f64.
    priority_f32: bool


TYPES_0_25_0 = ResultTypes(
    content_optional=False,
    meta_object=False,
    untagged_blocks=True,
    size_range=(-(2**63), 2**63 - 1),
    parses_last_modified=False,
    priority_f32=False,
)
TYPES_0_94_0 = ResultTypes(
    content_optional=True,
    meta_object=True,
    untagged_blocks=False,
    size_range=(0, 2**32 - 1),
    parses_last_modified=True,
    priority_f32=True,
)
TYPES_0_169_0 = replace(
    TYPES_0_94_0,
    size_range=(0, 2**64 - 1),
    parses_last_modified=False,
    priority_f32=False,  # annotations are not written back
)

_ROLES = frozenset({"user", "assistant"})
_DATE_TIME = re.compile(r"(\d{4}-\d\d-\d\d)[Tt ](\d\d:\d\d:\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:\d\d)")


def is_text(value: JSON) -> bool:
    """A JSON string (a number is read keeping its text, but it is no string)."""
    return isinstance(value, str) and not isinstance(value, Number)


def _optional_text(value: JSON) -> bool:
    return value is None or is_text(value)


def _integer_in(value: JSON, low: int, high: int) -> bool:
    if not isinstance(value, Number) or any(char in value for char in ".eE"):
        return False
    if len(value.removeprefix("-").lstrip("0")) > 20:
        return False  # past every 64-bit range (and maybe past the 4,300 digits Python converts)
    return low <= int(value) <= high


def _annotations(types: ResultTypes, value: JSON) -> bool:
    if value is None:
        return True
    if not isinstance(value, dict):
        return False
    audience = value.get("audience")
    if audience is not None and not (
        isinstance(audience, list) and all(is_text(role) and role in _ROLES for role in audience)
    ):
        return False
    priority = value.get("priority")
    if priority is not None and not isinstance(priority, Number):
        return False
    modified = value.get("lastModified")
    if not _optional_text(modified):
        return False
    return not (types.parses_last_modified and is_text(modified) and not _DATE_TIME.fullmatch(str(modified)))


def _resource_contents(value: JSON) -> bool:
    if not isinstance(value, dict):
        return False
    if not (is_text(value.get("uri")) and _optional_text(value.get("mimeType"))):
        return False
    return is_text(value.get("text")) or is_text(value.get("blob"))


def _link(types: ResultTypes, block: dict[str, JSON]) -> bool:
    if not (is_text(block.get("uri")) and is_text(block.get("name"))):
        return False
    if not all(_optional_text(block.get(key)) for key in ("description", "mimeType", "title")):
        return False
    size = block.get("size")
    return size is None or _integer_in(size, *types.size_range)


# Each block kind's own fields, as the release's struct for it reads them.
_SHAPES: dict[str, Callable[[ResultTypes, dict[str, JSON]], bool]] = {
    "text": lambda types, block: is_text(block.get("text")),
    "image": lambda types, block: is_text(block.get("data")) and is_text(block.get("mimeType")),
    "audio": lambda types, block: is_text(block.get("data")) and is_text(block.get("mimeType")),
    "resource_link": _link,
    "resource": lambda types, block: _resource_contents(block.get("resource")),
}


def block_kind(types: ResultTypes, block: JSON) -> str:
    """The struct the block is read as (its tag, or the first shape it fits when untagged)."""
    if not isinstance(block, dict) or not is_text(block.get("type")):
        raise Unreadable("a content block without a string `type`")
    if not _annotations(types, block.get("annotations")):
        raise Unreadable("annotations")
    if not types.untagged_blocks:
        kind = str(block["type"])
        if kind not in _SHAPES or not _SHAPES[kind](types, block):
            raise Unreadable(f"a {kind!r} block")
        return kind
    for kind, fits in _SHAPES.items():
        if fits(types, block):
            return kind
    raise Unreadable("a block of no known shape")


def check(types: ResultTypes, result: dict[str, JSON]) -> list[str]:
    """The kind each content block is read as; raises ``Unreadable``."""
    if not result:
        # `{}` is read as the empty result that every request may get, not as a tool's.
        raise Unreadable("the empty result")
    is_error = result.get("isError")
    if is_error is not None and not isinstance(is_error, bool):
        raise Unreadable("isError")
    if types.meta_object and result.get("_meta") is not None and not isinstance(result.get("_meta"), dict):
        raise Unreadable("_meta")
    content = result.get("content")
    if content is None and types.content_optional:
        return []
    if not isinstance(content, list):
        raise Unreadable("content")
    return [block_kind(types, block) for block in content]


def priority(types: ResultTypes, value: Number) -> Number | None:
    """The priority as the release writes it back: its float, printed as serde prints an f64;
    None where it is not written back."""
    number = float(value)
    if math.isinf(number):
        # Past f64's range serde_json cannot read the message at all (as a number
        # past it anywhere in the result: captured structured-number-out-of-range).
        raise json_numbers.NumberOutOfRange(value)
    if types.priority_f32:
        try:
            number = to_f32(number)
        except OverflowError:
            # Past f32's range `as f32` gives an infinity, which 0.94.0 does not write
            # back (captured: types-priority-past-f32).
            return None
    return Number(f64_text(number))


def last_modified(types: ResultTypes, value: str) -> str:
    """The date-time as written back: parsed and printed in UTC (0.94.0), or as given.

    Printed as chrono's RFC 3339 form with a `Z`, the fraction in milli-, micro-
    or nanoseconds as its digits need (none when zero).
    """
    match = _DATE_TIME.fullmatch(value)
    if not types.parses_last_modified or match is None:
        return value
    day, time, fraction, zone = match.groups()
    offset = "+00:00" if zone in ("Z", "z") else zone
    moment = datetime.datetime.fromisoformat(f"{day}T{time}{offset}").astimezone(datetime.UTC)
    nanos = int((fraction or "0")[:9].ljust(9, "0"))
    digits = "" if nanos == 0 else f".{nanos:09d}"
    for width in (3, 6):
        if nanos % 10 ** (9 - width) == 0 and nanos:
            digits = f".{nanos // 10 ** (9 - width):0{width}d}"
            break
    return moment.strftime("%Y-%m-%dT%H:%M:%S") + digits + "Z"
