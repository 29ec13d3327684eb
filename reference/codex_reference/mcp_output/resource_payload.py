"""A resource, template or content as the release writes it back (MCPOUT-RES-FIELDS-1).

The release decodes each entry of the server's answer into its own struct
and serializes that struct, so what is written is the struct's fields in
its order (``McpResourceRules``), those the entry has: fields MCP does not
define are dropped, fields the struct lacks (0.94.0's ``_meta``) too.
An entry without a required field does not decode, and the whole answer is
no result (``Unreadable``: ``Unexpected response type``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON
from codex_reference.mcp_output import json_numbers
from codex_reference.rustlib import f32_digits
from codex_reference.rustlib.floats import to_f32
from codex_reference.rustlib.serde_json_write import f64_text, json_string

if TYPE_CHECKING:
    from codex_reference.mcp_output.resource_rules import McpResourceRules

__all__ = [
    "BLOB_REQUIRED",
    "RESOURCE_REQUIRED",
    "TEMPLATE_REQUIRED",
    "TEXT_REQUIRED",
    "Unreadable",
    "entry",
    "meta",
]


class Unreadable(Exception):
    """The answer does not decode into the method's result."""


def _string(value: JSON) -> str:
    if not isinstance(value, str) or isinstance(value, json_numbers.Number):
        raise NotModelled("a field of another type than MCP's is not captured")
    return json_string(value)


def _size(value: JSON, size_max: int) -> str:
    if not isinstance(value, json_numbers.Number) or not str(value).isdigit():
        raise NotModelled("a size that is no unsigned integer is not captured")
    # Over 20 digits past every size (and maybe past the 4,300 digits Python converts).
    if len(str(value).lstrip("0")) > 20 or int(value) > size_max:
        raise Unreadable("a size past the struct's integer")
    return str(int(value))


def _annotations(value: JSON, priority_text: Callable[[json_numbers.Number], str]) -> str:
    # Written in the struct's order (audience, priority); how priority is
    # written is the edition's (McpResourceRules.priority_text).
    if not isinstance(value, dict) or not set(value) <= {"audience", "priority"}:
        raise NotModelled("annotations other than audience and priority are not captured")
    parts = []
    audience = value.get("audience")
    if audience is not None:
        if not isinstance(audience, list):
            raise NotModelled("an audience that is no list is not captured")
        parts.append('"audience":[' + ",".join(_string(role) for role in audience) + "]")
    priority = value.get("priority")
    if priority is not None:
        if not isinstance(priority, json_numbers.Number):
            raise NotModelled("a priority that is no number is not captured")
        parts.append('"priority":' + priority_text(priority))
    return "{" + ",".join(parts) + "}"


def meta(value: JSON) -> str:
    if not isinstance(value, dict):
        raise NotModelled("a _meta that is no object is not captured")
    return json_numbers.dumps(value, json_numbers.kept_text)


# The fields MCP defines on these entries that the release writes alike, and how
# (`size` and `annotations` are written by the edition's rules: _written).
_WRITERS: Mapping[str, Callable[[JSON], str]] = {
    "uri": _string,
    "uriTemplate": _string,
    "name": _string,
    "title": _string,
    "description": _string,
    "mimeType": _string,
    "text": _string,
    "blob": _string,
    "_meta": meta,
}
# MCP fields no capture has shown.
_UNCAPTURED = frozenset({"icons"})

RESOURCE_REQUIRED = frozenset({"uri", "name"})
TEMPLATE_REQUIRED = frozenset({"uriTemplate", "name"})
TEXT_REQUIRED = frozenset({"uri", "text"})
BLOB_REQUIRED = frozenset({"uri", "blob"})


def entry(
    value: JSON,
    keys: tuple[str, ...],
    required: frozenset[str],
    rules: McpResourceRules,
    server: str | None = None,
) -> str:
    """The entry's JSON text: ``server`` first where given, then ``keys`` it has, in that order."""
    if not isinstance(value, dict):
        raise NotModelled("an entry that is no object is not captured")
    if _UNCAPTURED & set(value):
        raise NotModelled(f"fields {sorted(_UNCAPTURED & set(value))} are not captured")
    if not required <= set(value):
        raise Unreadable("a required field is missing")
    if any(value.get(key, "") is None for key in (*_WRITERS, "size", "annotations")):
        raise NotModelled("a null field is not captured")
    parts = [] if server is None else ['"server":' + json_string(server)]
    parts += [json_string(key) + ":" + _written(key, value[key], rules) for key in keys if key in value]
    return "{" + ",".join(parts) + "}"


def _written(key: str, value: JSON, rules: McpResourceRules) -> str:
    if key == "annotations":
        return _annotations(value, rules.priority_text)
    if key == "size":
        return _size(value, rules.size_max)
    return _WRITERS[key](value)


def _f32(priority: json_numbers.Number) -> float:
    """The priority as an f32; one beyond f32's range is not captured (past f64's
    too: its text reads as an infinity, which packs as one)."""
    try:
        value = to_f32(float(str(priority)))
    except OverflowError:
        value = math.inf
    if not math.isfinite(value):
        raise NotModelled("a priority beyond f32's range is not captured")
    return value


def priority_as_f32(priority: json_numbers.Number) -> str:
    """0.94.0: the priority is an f32, written back widened to f64 (`0.00001` becomes
    `9.999999747378752e-6`; captured: list-priority-1e-5)."""
    return f64_text(_f32(priority))


def priority_as_written(priority: json_numbers.Number) -> str:
    """0.169.0: the priority is an f32 too, written with its shortest digits (captured:
    list-priority-magnitudes, list-priority-15-digits, list-priority-1e16): a whole
    number those digits give exactly as ``N.0`` (``1`` -> ``1.0``, ``16777217`` ->
    ``16777216.0``), any other whole number in exponent form (``1e15`` -> ``1e+15``, the
    f32 being 999999986991104), a fraction below 1e-6 in exponent form (``1e-7``), any
    other fraction positionally (``0.00001``, ``123.456``)."""
    value = _f32(priority)
    positional = f32_digits.positional(value)
    scientific = f32_digits.scientific(value)
    if value.is_integer():
        if int(positional) != int(value):
            return scientific
        if len(positional.removeprefix("-")) > 9:
            # The exact whole numbers captured have at most nine digits (100000000).
            raise NotModelled("a whole-number priority of more than nine digits is not captured")
        return positional + ".0"
    if int(scientific.rsplit("e", 1)[1]) < -6:
        return scientific
    return positional
