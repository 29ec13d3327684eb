"""Which ``tools/list`` entries a release can decode at all.

A release decodes the whole ``tools/list`` result with serde; one entry that
does not fit the release's ``Tool`` type fails the whole list (what happens
then differs per edition, see ``editions``).  Each edition's ``Tool`` type is
described here as a table of field checks: serde ignores unknown fields,
treats ``null`` as absent for ``Option`` fields, and fails on a wrong type.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from codex_reference.json_types import JSON

Check = Callable[[JSON], bool]


def _string(value: JSON) -> bool:
    return isinstance(value, str)


def _object(value: JSON) -> bool:
    return isinstance(value, dict)


def is_f64_number(value: JSON) -> bool:
    """A JSON number serde_json holds as an f64: a fraction or exponent, or an
    integer outside both the i64 and the u64 range."""
    if isinstance(value, bool):
        return False
    if isinstance(value, float):
        return True
    return isinstance(value, int) and not (-(2**63) <= value < 2**64)


def _object_or_f64(value: JSON) -> bool:
    # Captured: 0.169.0 keeps a tool whose inputSchema is such a number and
    # sends it as an empty object schema (schema/0.169.0/input-schema-float,
    # input-schema-below-i64); integers and every other non-object drop it.
    return isinstance(value, dict) or is_f64_number(value)


def _bool(value: JSON) -> bool:
    return isinstance(value, bool)


def _string_list(value: JSON) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _struct(required: Mapping[str, Check], optional: Mapping[str, Check]) -> Check:
    def check(value: JSON) -> bool:
        if not isinstance(value, dict):
            return False
        for key, field_check in required.items():
            if key not in value or not field_check(value[key]):
                return False
        for key, field_check in optional.items():
            if value.get(key) is not None and not field_check(value[key]):
                return False
        return True

    return check


def _list_of(item_check: Check) -> Check:
    return lambda value: isinstance(value, list) and all(item_check(item) for item in value)


_ANNOTATIONS = _struct(
    {},
    {
        "title": _string,
        "destructiveHint": _bool,
        "idempotentHint": _bool,
        "openWorldHint": _bool,
        "readOnlyHint": _bool,
    },
)

# mcp-types (2025-06-18 schema, generated structs) as built into 0.25.0.
# `inputSchema` is a struct of its own: `type` is a required string and only
# `properties` (any JSON, so nothing to check) and `required` (strings) are kept.
TOOL_0_25_0 = _struct(
    {
        "name": _string,
        "inputSchema": _struct({"type": _string}, {"required": _string_list}),
    },
    {
        "description": _string,
        "title": _string,
        "annotations": _ANNOTATIONS,
        "outputSchema": _struct({"type": _string}, {"required": _string_list}),
    },
)

_ICONS = _list_of(_struct({"src": _string}, {"mimeType": _string, "sizes": _string_list}))


def _tool_with_meta_and_icons(input_schema: Check, output_schema: Check) -> Check:
    """The `Tool` of 0.94.0 and 0.169.0: one set of fields in both (``_meta`` and ``icons`` added
    to 0.25.0's); what each schema must be is the edition's."""
    return _struct(
        {"name": _string, "inputSchema": input_schema},
        {
            "description": _string,
            "title": _string,
            "annotations": _ANNOTATIONS,
            "outputSchema": output_schema,
            "_meta": _object,
            "icons": _ICONS,
        },
    )


# rmcp's `Tool` as built into 0.169.0: the schemas are plain JSON objects.
TOOL_0_169_0 = _tool_with_meta_and_icons(_object_or_f64, _object)


# mcp-types as built into 0.94.0: 0.169.0's fields, but the schemas are
# structs as in 0.25.0 whose `type` may be absent (it defaults to "object").
# The output schema is taken to be the same struct (captured only without `type`).
def _schema_0_94_0(value: JSON) -> bool:
    # `type` has a serde default: absent it is "object", but `null` is no
    # string and fails (captured: schema addl-wide-int-under-if).
    # `properties` is any JSON: only `required` (null is absent) has a type to check besides.
    if not isinstance(value, dict):
        return False
    required = value.get("required")
    return ("type" not in value or _string(value["type"])) and (required is None or _string_list(required))


TOOL_0_94_0 = _tool_with_meta_and_icons(_schema_0_94_0, _schema_0_94_0)
