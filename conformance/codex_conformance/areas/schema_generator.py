"""JSON Schemas drawn from the JSON Schema vocabulary itself, shared by the explorers of every
area that sends tool schemas to a release (schema, mcp, dynamic).

Every keyword of the meta-schema (2020-12, with draft-07's ``definitions``
and OpenAPI's ``nullable``), nested up to depth 6, with values of the right
type most of the time and of a wrong one otherwise; ``$ref`` to the root,
to definitions and to each other (cycles); numbers at the edges of 64-bit
integers, floats, negative zero; boolean schemas.
"""

from __future__ import annotations

from typing import Any

from codex_conformance.generators import Draw

__all__ = ["generate_schema"]

MAX_DEPTH = 6
TYPES = ["object", "string", "number", "integer", "boolean", "array", "null"]
NUMBERS: list[Any] = [
    0,
    1,
    -1,
    2,
    1.5,
    -0.0,
    0.0,
    1e308,
    2**53,
    2**63 - 1,
    2**63,
    2**64 - 1,
    2**64,
    -(2**63),
    -(2**63) - 1,
    10**30,
    0.1,
    -2.5,
]
NAMES = ["a", "b", "x", "", "a b", "é", "$ref", "type", "properties", "\U0001d4b3", "a.b", "0"]
FORMATS = ["date-time", "uri", "email", "uuid", "int32", "weird", ""]
REFS = ["#", "#/$defs/a", "#/$defs/b", "#/definitions/a", "#/properties/a", "#/$defs/~0x", "other.json"]
WRONG: list[Any] = [None, True, 0, 1.5, "x", [], {}, ["x"], {"x": 1}]


def _number(draw: Draw) -> Any:
    return draw.choice(NUMBERS)


def _names(draw: Draw) -> list[str]:
    return list(dict.fromkeys(draw.choice(NAMES) for _ in range(draw.integer(0, 3))))


def _ref(draw: Draw) -> str:
    return draw.choice(
        ["#", "#/$defs/a", "#/$defs/b", "#/definitions/a", "#/properties/a", "#/$defs/~0x", "other.json"]
    )


def _keyword(draw: Draw, keyword: str, depth: int) -> Any:
    """A value for ``keyword``: of its type mostly, of another sometimes."""
    if draw.integer(0, 7) == 0:
        return draw.choice(WRONG)

    def sub() -> Any:
        return _schema(draw, depth + 1)

    if keyword == "type":
        if draw.integer(0, 3) == 0:
            return [draw.choice(TYPES) for _ in range(draw.integer(0, 3))]
        return draw.choice(TYPES)
    if keyword in ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"):
        return {name: sub() for name in _names(draw)}
    if keyword in ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"):
        return sub()
    if keyword in ("unevaluatedProperties", "unevaluatedItems"):
        return sub()
    if keyword in ("anyOf", "oneOf", "allOf", "prefixItems"):
        return [sub() for _ in range(draw.integer(0, 3))]
    if keyword == "required":
        return _names(draw)
    if keyword == "dependentRequired":
        return {name: _names(draw) for name in _names(draw)}
    if keyword in ("enum", "examples"):
        return [draw.choice(["a", 1, None, True, 1.5, {"k": 1}, []]) for _ in range(draw.integer(0, 3))]
    if keyword in ("const", "default"):
        return draw.choice(["a", 1, None, True, 1.5, {"k": 1}, [], 2**64])
    if keyword == "$ref":
        return _ref(draw)
    if keyword in ("description", "title", "$comment", "pattern", "$id", "$anchor", "$schema"):
        return draw.choice(
            ["x", "", "line\nbreak", "^a+$", "\u00e9", "https://json-schema.org/draft/2020-12/schema"]
        )
    if keyword == "format":
        return draw.choice(FORMATS)
    if keyword in ("uniqueItems", "nullable", "readOnly", "writeOnly", "deprecated"):
        return draw.boolean()
    return _number(draw)  # minimum, maxLength, multipleOf, minItems, ...


KEYWORDS = [
    "type",
    "type",
    "type",
    "properties",
    "properties",
    "required",
    "items",
    "prefixItems",
    "additionalProperties",
    "enum",
    "const",
    "anyOf",
    "oneOf",
    "allOf",
    "not",
    "$ref",
    "$defs",
    "definitions",
    "description",
    "title",
    "default",
    "examples",
    "format",
    "pattern",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
    "minProperties",
    "maxProperties",
    "patternProperties",
    "propertyNames",
    "dependentRequired",
    "dependentSchemas",
    "if",
    "then",
    "else",
    "unevaluatedProperties",
    "unevaluatedItems",
    "$schema",
    "$id",
    "$anchor",
    "$comment",
    "nullable",
    "readOnly",
    "writeOnly",
    "deprecated",
]


def _schema(draw: Draw, depth: int) -> Any:
    if depth >= MAX_DEPTH or draw.integer(0, 9) == 0:
        return draw.choice([True, False, {}, {"type": draw.choice(TYPES)}])
    keywords = list(dict.fromkeys(draw.choice(KEYWORDS) for _ in range(draw.integer(0, 5))))
    return {keyword: _keyword(draw, keyword, depth) for keyword in keywords}


def generate_schema(draw: Draw) -> Any:
    """An MCP tool's input schema: an object schema most of the time, anything sometimes."""
    schema = _schema(draw, 0)
    if isinstance(schema, dict) and draw.integer(0, 4):
        schema = {"type": "object", **schema} if "type" not in schema else schema
    return schema
