"""Properties of ``schema.sanitize`` (spec/schema.md), per edition.

The keyword tables below are SCHEMA-KEEP-1 and SCHEMA-ORDER-1 written as
data; ``conformance/tests/test_properties_against_fixtures.py`` checks every
invariant on every captured case.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import strategies as st

from codex_conformance.areas.input_schemas import input_schemas
from codex_conformance.areas.schema.inputs import explored_schema_args
from codex_conformance.editions import V0_25_0, V0_94_0, V0_169_0, V0_171_0
from codex_conformance.properties import EXPLORED, Answer, Args, Invariant, PropertySet, Violation
from codex_conformance.protocol import ErrorResponse

OP = "schema.sanitize"

# 0.25.0: the typed subset, key order per type (SCHEMA-KEEP-1, SCHEMA-ORDER-1).
CLASSIC_KEYS = {
    "boolean": ["type", "description"],
    "string": ["type", "description"],
    "number": ["type", "description"],
    "array": ["type", "items", "description"],
    "object": ["type", "properties", "required", "additionalProperties"],
}
# 0.169.0: one key order for every schema object (SCHEMA-ORDER-1).
CURRENT_KEYS = [
    "$ref",
    "type",
    "description",
    "encrypted",
    "enum",
    "items",
    "minItems",
    "properties",
    "required",
    "additionalProperties",
    "anyOf",
    "oneOf",
    "allOf",
    "$defs",
    "definitions",
]
CURRENT_TYPES = {"string", "number", "boolean", "integer", "object", "array", "null"}  # SCHEMA-TYPE-1
_SORTED_TABLES = ("properties", "$defs", "definitions")  # keys sorted by UTF-8 bytes


def _args(edition: str) -> st.SearchStrategy[Args]:
    # Mostly object schemas; now and then a non-object, which the release rejects.
    schema = st.one_of(input_schemas(), st.integers(), st.none())
    return st.fixed_dictionaries({"edition": st.just(edition), "schema": schema})


def _subschemas(schema: dict[str, Any], path: str) -> Iterator[tuple[str, Any]]:
    """(path, value) of every schema position below ``schema``, one level down."""
    for table in _SORTED_TABLES:
        if isinstance(schema.get(table), dict):
            for key, value in schema[table].items():
                yield f"{path}.{table}[{key!r}]", value
    if "items" in schema:
        yield f"{path}.items", schema["items"]
    if isinstance(schema.get("additionalProperties"), dict):
        yield f"{path}.additionalProperties", schema["additionalProperties"]
    for composition in ("anyOf", "oneOf", "allOf"):
        if isinstance(schema.get(composition), list):
            for i, member in enumerate(schema[composition]):
                yield f"{path}.{composition}[{i}]", member


def _walk(schema: Any, path: str = "$.schema") -> Iterator[tuple[str, Any]]:
    yield path, schema
    if isinstance(schema, dict):
        for below, value in _subschemas(schema, path):
            yield from _walk(value, below)


def _ordered_subset(keys: list[str], order: list[str]) -> bool:
    """Every key is in ``order`` and they come in that order."""
    positions = [order.index(key) if key in order else -1 for key in keys]
    return -1 not in positions and positions == sorted(positions)


def _unsorted_table(schema: dict[str, Any]) -> str | None:
    for table in _SORTED_TABLES:
        keys = list(schema[table]) if isinstance(schema.get(table), dict) else []
        if keys != sorted(keys, key=lambda key: key.encode("utf-8")):
            return table
    return None


def _schemas(answer: Answer) -> Iterator[tuple[str, Any]]:
    if isinstance(answer, ErrorResponse) or not isinstance(answer.result.get("schema"), dict):
        return iter(())
    return _walk(answer.result["schema"])


def shape(args: Args, answer: Answer) -> Violation | None:
    """``{"schema": {...}}`` or the error kind ``schema-rejected`` (SCHEMA-REJECT-1)."""
    if isinstance(answer, ErrorResponse):
        if answer.error.kind != "schema-rejected":
            return Violation(f"the only error is 'schema-rejected', got {answer.error.kind!r}")
        return None
    if list(answer.result) != ["schema"] or not isinstance(answer.result["schema"], dict):
        return Violation(f'the result is {{"schema": {{...}}}}, got {list(answer.result)}')
    return None


def _typed_subset_keywords(additional_schema: bool) -> Callable[[Args, Answer], Violation | None]:
    """The typed subset's keywords, in its per-type order; ``additionalProperties`` a boolean,
    or also a schema (itself in the subset: the walk goes into it) where ``additional_schema``."""

    def typed_subset_keywords(args: Args, answer: Answer) -> Violation | None:
        for path, schema in _schemas(answer):
            if not isinstance(schema, dict):
                return Violation(f"{path}: every schema position holds an object in the subset")
            kind = schema.get("type")
            order = CLASSIC_KEYS.get(kind) if isinstance(kind, str) else None
            if order is None:
                return Violation(f"{path}.type: {kind!r} is not one of {list(CLASSIC_KEYS)}")
            if not _ordered_subset(list(schema), order):
                return Violation(f"{path}: keys {list(schema)} are not an in-order part of {order}")
            additional = schema.get("additionalProperties", False)
            if not isinstance(additional, bool) and not (additional_schema and isinstance(additional, dict)):
                allowed = (
                    "a boolean or a schema fits the 0.94.0"
                    if additional_schema
                    else "a boolean fits the 0.25.0"
                )
                return Violation(f"{path}.additionalProperties: only {allowed} subset")
            table = _unsorted_table(schema)
            if table is not None:
                return Violation(f"{path}.{table}: keys are not sorted by UTF-8 bytes")
        return None

    return typed_subset_keywords


classic_keywords = _typed_subset_keywords(additional_schema=False)  # 0.25.0
handler_era_keywords = _typed_subset_keywords(additional_schema=True)  # 0.94.0


def classic_number_types(args: Args, answer: Answer) -> Violation | None:
    for path, schema in _schemas(answer):
        if isinstance(schema, dict) and schema.get("type") == "integer":
            return Violation(f'{path}.type: 0.25.0 sends "integer" as "number"')
    return None


def current_keywords(args: Args, answer: Answer) -> Violation | None:
    for path, schema in _schemas(answer):
        if not isinstance(schema, dict):
            return Violation(f"{path}: every schema position holds an object")
        if not _ordered_subset(list(schema), CURRENT_KEYS):
            return Violation(f"{path}: keys {list(schema)} are not an in-order part of {CURRENT_KEYS}")
        table = _unsorted_table(schema)
        if table is not None:
            return Violation(f"{path}.{table}: keys are not sorted by UTF-8 bytes")
    return None


def current_types(args: Args, answer: Answer) -> Violation | None:
    """A known type name, or a list of two or more (one left is a plain string)."""
    for path, schema in _schemas(answer):
        if not isinstance(schema, dict) or "type" not in schema:
            continue
        kind = schema["type"]
        names = kind if isinstance(kind, list) else [kind]
        if not all(name in CURRENT_TYPES for name in names) or (isinstance(kind, list) and len(kind) < 2):
            return Violation(f"{path}.type: {kind!r} is not a known name or a list of 2+ known names")
    return None


INVARIANTS_0_25_0 = (
    Invariant("shape", ("SCHEMA-REJECT-1",), shape),
    Invariant("keywords", ("SCHEMA-KEEP-1", "SCHEMA-ORDER-1", "SCHEMA-OBJ-1"), classic_keywords),
    Invariant("number-types", ("SCHEMA-NUM-1",), classic_number_types),
)
# 0.94.0: 0.25.0's subset, with a schema-valued additionalProperties kept (SCHEMA-KEEP-1).
INVARIANTS_0_94_0 = (
    Invariant("shape", ("SCHEMA-REJECT-1",), shape),
    Invariant("keywords", ("SCHEMA-KEEP-1", "SCHEMA-ORDER-1", "SCHEMA-OBJ-1"), handler_era_keywords),
    Invariant("number-types", ("SCHEMA-NUM-1",), classic_number_types),
)
INVARIANTS_0_169_0 = (
    Invariant("shape", ("SCHEMA-REJECT-1",), shape),
    Invariant("keywords", ("SCHEMA-KEEP-1", "SCHEMA-ORDER-1"), current_keywords),
    Invariant("types", ("SCHEMA-TYPE-1", "SCHEMA-TYPE-2", "SCHEMA-NUM-1"), current_types),
)


INVARIANTS = {
    V0_25_0.version: INVARIANTS_0_25_0,
    V0_94_0.version: INVARIANTS_0_94_0,
    V0_169_0.version: INVARIANTS_0_169_0,
    # 0.171.0 sanitizes as 0.169.0 does (its captures: no expected value changed).
    V0_171_0.version: INVARIANTS_0_169_0,
}
PROPERTY_SETS = (
    *(PropertySet(OP, edition, _args(edition), invariants) for edition, invariants in INVARIANTS.items()),
    # The explorer's schemas, from the whole vocabulary: rules nobody aimed at.
    *(
        PropertySet(OP, edition, explored_schema_args(edition), invariants, EXPLORED)
        for edition, invariants in INVARIANTS.items()
    ),
)
