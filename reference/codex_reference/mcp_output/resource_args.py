"""The resource tools' arguments, read as the releases read them (MCPOUT-RES-ARGS-1).

Arguments that are blank (Rust's ``trim``) are no arguments: the list tools
take their defaults, ``read_mcp_resource`` fails with ``expected value``.
Other text is parsed into a JSON ``Value`` first (syntax errors carry
serde's position; without ``arbitrary_precision``, 0.94.0, a number
beyond an f64 is one) and the tool's struct is then read from that value,
so type errors carry none, and a number is named as the release's
serde_json names it (``McpResourceRules.arbitrary_precision``).  Strings are trimmed; an
empty one is no value (a list tool's server or cursor) or an error (a
read's ``server`` or ``uri``: ``server must be provided``).

0.171.0's structs have one field more, after these (its name is in no
capture, and no capture sets it): read from a sequence that ends before it,
serde stops with ``invalid length <i>, expected struct <Name> with 3
elements``, a missing ``cursor`` taking its default on the way (captured:
list-arguments-one-element-array, read-arguments-two-element-array).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON
from codex_reference.mcp_output import json_numbers
from codex_reference.rustlib.serde_json import SerdeError, check_syntax
from codex_reference.rustlib.strings import trim

__all__ = [
    "LIST_ARGS",
    "LIST_ARGS_WITH_A_THIRD_FIELD",
    "READ_ARGS",
    "READ_ARGS_WITH_A_THIRD_FIELD",
    "TEMPLATES_ARGS_WITH_A_THIRD_FIELD",
    "ArgumentsRefused",
    "Struct",
    "optional",
    "parse",
    "required",
]

_PREFIX = "failed to parse function arguments: "


class ArgumentsRefused(Exception):
    """The text the release writes back instead of running the tool."""


@dataclass(frozen=True)
class Struct:
    """The handler's argument struct: its fields in declaration order, and which are required."""

    fields: tuple[str, ...]
    required: frozenset[str]
    # Read from a sequence: the Rust struct's name and its length where it has a field after
    # ``fields`` (0 where it has none), and the fields that take their default when the
    # sequence ends before them (others: not captured).
    name: str = ""
    sequence_length: int = 0
    sequence_defaults: frozenset[str] = frozenset()


LIST_ARGS = Struct(("server", "cursor"), frozenset())
READ_ARGS = Struct(("server", "uri"), frozenset({"server", "uri"}))
LIST_ARGS_WITH_A_THIRD_FIELD = Struct(
    LIST_ARGS.fields, LIST_ARGS.required, "ListResourceArgs", 3, frozenset({"cursor"})
)
# No capture shows the templates tool's struct name, nor a sequence that ends early for it.
TEMPLATES_ARGS_WITH_A_THIRD_FIELD = Struct(LIST_ARGS.fields, LIST_ARGS.required, "", 3)
READ_ARGS_WITH_A_THIRD_FIELD = Struct(READ_ARGS.fields, READ_ARGS.required, "ReadResourceArgs", 3)


def _integer_or_float(number: json_numbers.Number) -> str:
    """serde_json's name of a number read as u64, i64 or f64 (0.94.0): as it reads one in
    a result (json_numbers.serde_f64), an integer past u64 and i64, or ``-0``, is a float
    (captured: list-server-past-u64, list-server-below-i64, list-server-negative-zero)."""
    text = json_numbers.serde_f64(number)
    return f"floating point `{text}`" if any(char in text for char in ".eE") else f"integer `{text}`"


def _opaque_number(_number: json_numbers.Number) -> str:
    """serde_json with ``arbitrary_precision`` names every number alike (0.169.0)."""
    return "number"


def _unexpected(value: JSON, number: Callable[[json_numbers.Number], str]) -> str:
    """serde's ``Unexpected`` for a value read where a string was expected."""
    if isinstance(value, json_numbers.Number):
        return number(value)
    if isinstance(value, bool):
        return f"boolean `{'true' if value else 'false'}`"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "sequence"
    return "map"


def _is_string(value: JSON) -> bool:
    # A Number is a str too (its source text), never a JSON string.
    return isinstance(value, str) and not isinstance(value, json_numbers.Number)


def _field(
    name: str, value: JSON, struct: Struct, number: Callable[[json_numbers.Number], str]
) -> str | None:
    if isinstance(value, str) and not isinstance(value, json_numbers.Number):
        return value
    if value is None and name not in struct.required:
        return None  # an Option field
    raise ArgumentsRefused(f"{_PREFIX}invalid type: {_unexpected(value, number)}, expected a string")


def _from_value(
    value: JSON, struct: Struct, number: Callable[[json_numbers.Number], str]
) -> dict[str, str | None]:
    if isinstance(value, dict):
        known = [(name, item) for name, item in value.items() if name in struct.fields]
        wrong = [name for name, item in known if not _is_string(item) and item is not None]
        if len(wrong) > 1:
            raise NotModelled("which of two mistyped fields serde names first is not captured")
        read = {name: _field(name, item, struct, number) for name, item in known}
    elif isinstance(value, list):
        # serde reads a struct from a sequence too, field by field in declaration order.
        if len(value) > len(struct.fields) or (
            not struct.sequence_length and len(value) < len(struct.required)
        ):
            raise NotModelled("a struct read from a sequence of another length is not captured")
        read = {
            name: _field(name, item, struct, number) for name, item in zip(struct.fields, value, strict=False)
        }
        _sequence_end(len(value), struct)
    else:
        raise NotModelled("a struct read from a scalar is not captured")
    for name in struct.fields:
        if name in struct.required and name not in read:
            raise ArgumentsRefused(f"{_PREFIX}missing field `{name}`")
    return {name: read.get(name) for name in struct.fields}


def _sequence_end(length: int, struct: Struct) -> None:
    """Where a sequence ends before a struct with a field after ``fields``: serde's default for
    each field it skips, until the first without one, which stops it at that index."""
    for index in range(length, struct.sequence_length):
        name = struct.fields[index] if index < len(struct.fields) else None
        if name is not None and name in struct.sequence_defaults:
            continue
        if name is not None or not struct.name:
            raise NotModelled("a struct read from a sequence that ends here is not captured")
        raise ArgumentsRefused(
            f"{_PREFIX}invalid length {index}, expected struct {struct.name} "
            f"with {struct.sequence_length} elements"
        )


def parse(text: str, struct: Struct, arbitrary_precision: bool) -> dict[str, str | None] | None:
    """The struct's fields (None where absent), or None for blank arguments."""
    if not trim(text):
        return None
    try:
        check_syntax(text, f64_numbers=not arbitrary_precision)
    except SerdeError as err:
        raise ArgumentsRefused(f"{_PREFIX}{err}") from None
    number = _opaque_number if arbitrary_precision else _integer_or_float
    return _from_value(json_numbers.loads(text), struct, number)


def optional(value: str | None) -> str | None:
    """A list tool's server or cursor: trimmed, and none when that leaves it empty."""
    if value is None:
        return None
    return trim(value) or None


def required(arguments: dict[str, str | None] | None, name: str) -> str:
    """A read's server or uri: trimmed, and refused when that leaves it empty."""
    if arguments is None:
        raise ArgumentsRefused(f"{_PREFIX}expected value")
    value = optional(arguments[name])
    if value is None:
        raise ArgumentsRefused(f"{name} must be provided")
    return value
