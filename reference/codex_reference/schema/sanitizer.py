"""0.169.0's schema conversion (``codex-rs/tools/src/json_schema.rs``, mid 2026).

Pipeline, applied to the tool's ``inputSchema`` object:

1. ``properties`` absent or null at the top level becomes ``{}``.
2. ``sanitize``: recursive rewrite.  ``const`` becomes a one-value ``enum``;
   ``type`` is kept when it names JSON Schema primitives (unknown names are
   filtered out of arrays), else inferred from hints; a schema with neither a
   usable type nor hints becomes ``{}`` (its description goes with it); a
   schema whose only structure is ``$ref`` or a composition keeps no type.
3. Unreachable ``$defs`` / ``definitions`` entries are pruned.
4. Schemas whose compact serialization exceeds 5000 bytes are compacted in
   up to four increasingly lossy passes.
5. The value is deserialized into a struct with fourteen optional fields and
   serialized back; everything else is dropped, wrong field types reject the
   tool, and a top-level type of exactly ``"null"`` rejects it too.

Untyped values (``enum`` members) keep their key order and exact numbers:
the release builds serde_json with ``preserve_order``; ``properties`` and the
definition tables are BTreeMaps, so sorted.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import unquote_to_bytes

from codex_reference.container_sizes import Container, size_and_depth
from codex_reference.errors import SchemaRejected
from codex_reference.json_types import JSON
from codex_reference.schema import walk

_DEFINITION_TABLES = ("$defs", "definitions")
_CHILD_KEYS = ("items", "anyOf", "oneOf", "allOf")
_COMPOSITIONS = ("anyOf", "oneOf", "allOf")
_PRIMITIVES = ("string", "number", "boolean", "integer", "object", "array", "null")
_NUMERIC_HINTS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
# A JSON pointer's `~` must start `~0` or `~1`.
_INVALID_POINTER_ESCAPE = re.compile(r"~(?![01])")

MAX_COMPACT_SCHEMA_BYTES = 5000
MAX_COMPACT_SCHEMA_DEPTH = 3


def convert(input_schema: JSON) -> dict[str, JSON]:
    # An f64 number passes the Tool decoder (mcp.decode) and reads as {}.
    schema = dict(input_schema) if isinstance(input_schema, dict) else {}
    if schema.get("properties") is None:
        schema["properties"] = {}
    return parse(schema)


def parse(schema: JSON) -> dict[str, JSON]:
    """Stages 2 to 5 on any JSON value (dynamic tools start here, without stage 1)."""
    prepared = prune_unreachable_definitions(sanitize(schema))
    compacted = compact_large_schema(prepared)
    _reject_wide_integers_below_additional_properties(compacted)
    result = to_subset(compacted)
    if result.get("type") == "null":
        raise SchemaRejected("tool input schema must not be a singleton null type")
    return result


# --- stage 5 precondition: numbers under additionalProperties ----------------

# The fields the release deserializes into its typed schema on the way down
# to an ``additionalProperties``: a keyword it drops (``if``, ``not``,
# ``patternProperties``...) is never read, so nothing below it can drop the tool.
_SCHEMA_MAPS = ("properties", *_DEFINITION_TABLES)
_SCHEMA_FIELDS = ("items", "anyOf", "oneOf", "allOf")


def _is_wide_integer(value: JSON) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and not (-(2**63) <= value < 2**64)


def _contains_wide_integer(value: JSON, seen: set[int] | None = None) -> bool:
    """Whether ``value`` holds a wide integer anywhere.  Each list and object is
    looked into once (``seen``: their ids): in process one can stand in many
    places (an enum of 200 references to a list of 200 references to...), and
    one already looked into held none, or the walk would have ended there."""
    if isinstance(value, dict | list):
        if seen is None:
            seen = set()
        if id(value) in seen:
            return False
        seen.add(id(value))
        items = value.values() if isinstance(value, dict) else value
        return any(_contains_wide_integer(item, seen) for item in items)
    return _is_wide_integer(value)


def _reject_wide_integers_below_additional_properties(schema: JSON) -> None:
    """Captured (schema/0.169.0/addl-wide-int-*, top-addl-wide-int): anywhere
    below a schema-valued ``additionalProperties``, even in a keyword the subset
    drops, an integer outside both the i64 and the u64 range drops the tool,
    when the path down to it runs through fields the typed schema reads
    (explored-differential property against release:0.169.0: under ``if``
    it is kept).
    The same integer elsewhere is kept (prop-wide-int-enum, items-wide-int-enum).
    That field is an untagged bool-or-schema enum; serde buffers it, and the
    buffer has no form for such a number (found by the differential property
    against release:0.169.0)."""
    if isinstance(schema, list):
        for item in schema:
            _reject_wide_integers_below_additional_properties(item)
    if not isinstance(schema, dict):
        return
    for key, value in schema.items():
        if key == "additionalProperties" and isinstance(value, dict) and _contains_wide_integer(value):
            raise SchemaRejected("additionalProperties holds an integer outside the i64 and u64 ranges")
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            for sub in value.values():  # keys here are names, not keywords
                _reject_wide_integers_below_additional_properties(sub)
        elif key in _SCHEMA_FIELDS:
            _reject_wide_integers_below_additional_properties(value)


# --- stage 2: sanitize -------------------------------------------------------


def sanitize(value: JSON) -> JSON:
    if not isinstance(value, dict):
        return walk.non_object(value, sanitize)
    node = walk.with_sanitized_children(value, sanitize, ("items", "prefixItems", *_COMPOSITIONS))
    extra = node.get("additionalProperties")
    if "additionalProperties" in node and not isinstance(extra, bool):
        node["additionalProperties"] = sanitize(extra)
    for table in _DEFINITION_TABLES:
        if table in node:
            if isinstance(node[table], dict):
                node[table] = {name: sanitize(sub) for name, sub in node[table].items()}
            else:
                # A malformed table is dropped rather than failing the tool.
                del node[table]
    if "const" in node:
        # serde_json's Map::remove + insert: `enum` moves to the end (or keeps
        # its place when it already existed).
        const = node.pop("const")
        node["enum"] = [const]

    types = _normalized_types(node)
    if not types and ("$ref" in node or any(key in node for key in _COMPOSITIONS)):
        return node
    if not types:
        inferred = _infer_type(node)
        if inferred is None:
            return {}
        types = [inferred]
    if len(types) == 1:
        node["type"] = types[0]
    else:
        node["type"] = list(types)
    if "object" in types and "properties" not in node:
        node["properties"] = {}
    if "array" in types and "items" not in node:
        node["items"] = {"type": "string"}
    return node


def _normalized_types(node: dict[str, JSON]) -> list[str]:
    declared = node.get("type")
    names = [declared] if isinstance(declared, str) else declared if isinstance(declared, list) else []
    return [t for t in names if isinstance(t, str) and t in _PRIMITIVES]


def _infer_type(node: dict[str, JSON]) -> str | None:
    if any(key in node for key in ("properties", "required", "additionalProperties")):
        return "object"
    if "items" in node or "prefixItems" in node:
        return "array"
    if "enum" in node or "format" in node:
        return "string"
    if any(key in node for key in _NUMERIC_HINTS):
        return "number"
    return None


# --- stage 3: prune unreachable definitions ----------------------------------


def _schema_children(node: dict[str, JSON], include_definitions: bool) -> Iterator[tuple[Any, Any]]:
    """(container, key) pairs of the sub-schemas the release walks, in its order."""
    props = node.get("properties")
    if isinstance(props, dict):
        for key in props:
            yield props, key
    for key in _CHILD_KEYS:
        if key in node:
            yield node, key
    if "additionalProperties" in node and not isinstance(node["additionalProperties"], bool):
        yield node, "additionalProperties"
    if include_definitions:
        for table in _DEFINITION_TABLES:
            defs = node.get(table)
            if isinstance(defs, dict):
                for key in defs:
                    yield defs, key


def parse_local_definition_ref(ref: str) -> tuple[str, str] | None:
    """``#/$defs/Name/...`` → (table, Name); refs into a definition keep it alive.

    The fragment is percent-decoded first (bytes that are not UTF-8 after
    decoding: no pointer), then read as an RFC 6901 JSON pointer: a ``~``
    anywhere in it that is not ``~0`` or ``~1`` makes the whole pointer
    invalid (captured: defs-ref-invalid-escape, defs-ref-percent-tilde,
    defs-ref-percent-not-utf8).  Tokens are unescaped ``~1`` → ``/`` first,
    then ``~0`` → ``~`` (defs-ref-escape-order).
    """
    if not ref.startswith("#"):
        return None
    try:
        pointer = unquote_to_bytes(ref[1:]).decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not pointer.startswith("/") or _INVALID_POINTER_ESCAPE.search(pointer):
        return None
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer[1:].split("/")]
    if len(tokens) < 2 or tokens[0] not in _DEFINITION_TABLES:
        return None
    return tokens[0], tokens[1]


def _refs_outside_definitions(value: JSON, out: list[tuple[str, str]]) -> None:
    if isinstance(value, list):
        for item in value:
            _refs_outside_definitions(item, out)
    elif isinstance(value, dict):
        _ref_of(value, out)
        for container, key in _schema_children(value, include_definitions=False):
            _refs_outside_definitions(container[key], out)


def _all_refs(value: JSON, out: list[tuple[str, str]]) -> None:
    if isinstance(value, list):
        for item in value:
            _all_refs(item, out)
    elif isinstance(value, dict):
        _ref_of(value, out)
        for sub in value.values():
            _all_refs(sub, out)


def _ref_of(node: dict[str, JSON], out: list[tuple[str, str]]) -> None:
    ref = node.get("$ref")
    if isinstance(ref, str):
        pointer = parse_local_definition_ref(ref)
        if pointer is not None:
            out.append(pointer)


def prune_unreachable_definitions(value: JSON) -> JSON:
    if not isinstance(value, dict):
        return value
    pending: list[tuple[str, str]] = []
    _refs_outside_definitions(value, pending)
    reachable: set[tuple[str, str]] = set()
    while pending:
        pointer = pending.pop()
        if pointer in reachable:
            continue
        reachable.add(pointer)
        table = value.get(pointer[0])
        if isinstance(table, dict) and pointer[1] in table:
            _all_refs(table[pointer[1]], pending)
    out = dict(value)
    for table_name in _DEFINITION_TABLES:
        table = out.get(table_name)
        if not isinstance(table, dict):
            continue
        kept = {name: sub for name, sub in table.items() if (table_name, name) in reachable}
        if kept:
            out[table_name] = kept
        else:
            del out[table_name]
    return out


# --- stage 4: compaction of large schemas ------------------------------------


# Nesting the C JSON encoder writes without a RecursionError from where _fits runs
# (a few dozen frames deep): the limit is 1,000 frames and levels together.
_SURELY_ENCODABLE_DEPTH = 200


def _fits(value: JSON) -> bool:
    try:
        subset = to_subset(value)
    except SchemaRejected:
        return True  # the release counts an unparsable schema as fitting (large-schema-unparsable)
    at_least, depth = _compact_size_at_least(subset)
    if at_least > MAX_COMPACT_SCHEMA_BYTES and depth <= _SURELY_ENCODABLE_DEPTH:
        # json.dumps would write more than the limit: not written (an enum can be
        # 200 references to 200 references to a list, tens of megabytes of text).
        return False
    compact = json.dumps(subset, ensure_ascii=False, separators=(",", ":"))
    return len(compact.encode("utf-8")) <= MAX_COMPACT_SCHEMA_BYTES


def _compact_size_at_least(value: JSON) -> tuple[int, int]:
    """At most the bytes of ``value`` as compact JSON (brackets, commas, colons,
    quotes and a byte a character or scalar), and its nesting depth (a scalar: 0).

    Each list or object is measured once however often it recurs: its size
    and depth do not depend on where it sits (container_sizes)."""
    if type(value) is not dict and type(value) is not list:
        return (2 + len(value) if isinstance(value, str) else 1), 0

    def own_bytes(node: Container, scalars: list[JSON]) -> int:
        # `[a,b]` / `{"k":v}`: brackets, a comma between items, a key's quotes and colon.
        # A string: its quotes and a byte a character; any other scalar: a byte.
        strings = [item for item in scalars if type(item) is str]
        size = 2 + max(len(node) - 1, 0) + len(scalars) + len(strings) + sum(map(len, strings))
        if type(node) is dict:
            size += sum(3 + len(key) for key in node)
        return size

    # No limit: the caller compares the size with its own.
    return size_and_depth(value, own_bytes, limit=sys.maxsize)


def _map_schemas(value: JSON, visit: Callable[[dict[str, JSON]], JSON | None]) -> JSON:
    """Rebuild ``value`` walking sub-schemas outside definition tables;
    ``visit(node)`` may return a replacement, which is not descended into."""
    if isinstance(value, list):
        return [_map_schemas(item, visit) for item in value]
    if not isinstance(value, dict):
        return value
    replaced = visit(value)
    if replaced is not None:
        return replaced
    node = dict(value)
    for container, key in list(_schema_children(node, include_definitions=False)):
        container[key] = _map_schemas(container[key], visit)
    return node


def _strip_descriptions(value: JSON) -> JSON:
    def strip(value: JSON) -> JSON:
        if isinstance(value, list):
            return [strip(item) for item in value]
        if not isinstance(value, dict):
            return value
        node = {k: v for k, v in value.items() if k != "description"}
        for container, key in list(_schema_children(node, include_definitions=True)):
            container[key] = strip(container[key])
        return node

    return strip(value)


def _drop_definitions(value: JSON) -> JSON:
    def visit(node: dict[str, JSON]) -> JSON | None:
        ref = node.get("$ref")
        if isinstance(ref, str) and parse_local_definition_ref(ref) is not None:
            return {}
        return None

    out = _map_schemas(value, visit)
    if isinstance(out, dict):
        for table in _DEFINITION_TABLES:
            out.pop(table, None)
    return out


def _is_complex(node: dict[str, JSON]) -> bool:
    return any(key in node for key in (*_CHILD_KEYS, "properties", "additionalProperties", "$ref"))


def _collapse_deep(value: JSON, depth: int = 0) -> JSON:
    if isinstance(value, list):
        return [_collapse_deep(item, depth) for item in value]
    if not isinstance(value, dict):
        return value
    if depth >= MAX_COMPACT_SCHEMA_DEPTH and _is_complex(value):
        return {}
    node = dict(value)
    for container, key in list(_schema_children(node, include_definitions=False)):
        container[key] = _collapse_deep(container[key], depth + 1)
    return node


def _prune_compositions(value: JSON) -> JSON:
    def visit(node: dict[str, JSON]) -> JSON | None:
        return {} if any(key in node for key in _COMPOSITIONS) else None

    return _map_schemas(value, visit)


_COMPACTION_PASSES: tuple[Callable[[JSON], JSON], ...] = (
    _strip_descriptions,
    _drop_definitions,
    _collapse_deep,
    _prune_compositions,
)


def compact_large_schema(value: JSON) -> JSON:
    """The passes rewrite the ``properties`` maps and definition tables of the
    schema they are given in place (only the schema objects are copied): each
    schema is handed on and never read again, and no part of it is shared
    (sanitize builds every map it holds afresh)."""
    for compaction in _COMPACTION_PASSES:
        if _fits(value):
            break
        value = compaction(value)
    return value


# --- stage 5: the typed subset -----------------------------------------------


def _type(value: JSON, path: str) -> JSON:
    if isinstance(value, str) and value in _PRIMITIVES:
        return value
    if isinstance(value, list) and all(isinstance(t, str) and t in _PRIMITIVES for t in value):
        return list(value)
    raise SchemaRejected(f"{path}: data did not match any variant of untagged enum JsonSchemaType")


def _kept(kind: type, expected: str) -> Callable[[JSON, str], JSON]:
    """A field of one plain type, kept as it is (any other type rejects the tool)."""

    def read(value: JSON, path: str) -> JSON:
        if not isinstance(value, kind):
            raise SchemaRejected(f"{path}: expected {expected}")
        return value

    return read


def _items(value: JSON, path: str) -> JSON:
    return to_subset(value, path)


def _min_items(value: JSON, path: str) -> JSON:
    # An Option<u64>: a float (even 1000.0), a negative number or a bool fails.
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
        raise SchemaRejected(f"{path}: expected u64")
    return value


def _schema_map(value: JSON, path: str) -> JSON:
    # A BTreeMap: serialized in sorted key order.
    if not isinstance(value, dict):
        raise SchemaRejected(f"{path}: expected a map")
    return {key: to_subset(value[key], f"{path}.{key}") for key in sorted(value)}


def _string_list(value: JSON, path: str) -> JSON:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise SchemaRejected(f"{path}: expected a sequence of strings")
    return list(value)


def _additional_properties(value: JSON, path: str) -> JSON:
    if isinstance(value, bool):
        return value
    try:
        return to_subset(value, path)
    except SchemaRejected:
        raise SchemaRejected(f"{path}: data did not match any variant of AdditionalProperties") from None


def _schema_list(value: JSON, path: str) -> JSON:
    if not isinstance(value, list):
        raise SchemaRejected(f"{path}: expected a sequence")
    return [to_subset(item, f"{path}[{index}]") for index, item in enumerate(value)]


# The JsonSchema struct's fields in declaration order, which is the output
# key order; `null` counts as absent for every one of them (all are Option).
_FIELDS: tuple[tuple[str, Callable[[JSON, str], JSON]], ...] = (
    ("$ref", _kept(str, "a string")),
    ("type", _type),
    ("description", _kept(str, "a string")),
    ("encrypted", _kept(bool, "a boolean")),
    # Members are untyped JSON: kept verbatim, key order included.
    ("enum", _kept(list, "a sequence")),
    ("items", _items),
    # Not in the upstream source read for this model, but 0.169.0 keeps it
    # here (captured: schema/0.169.0/array-of-integers).
    ("minItems", _min_items),
    ("properties", _schema_map),
    ("required", _string_list),
    ("additionalProperties", _additional_properties),
    ("anyOf", _schema_list),
    ("oneOf", _schema_list),
    ("allOf", _schema_list),
    ("$defs", _schema_map),
    ("definitions", _schema_map),
)


def to_subset(value: JSON, path: str = "$") -> dict[str, JSON]:
    """Deserialize into the release's JsonSchema struct and serialize it back."""
    if not isinstance(value, dict):
        raise SchemaRejected(f"{path}: invalid type: expected struct JsonSchema, got {_kind(value)}")
    return {
        key: convert_field(value[key], f"{path}.{key}")
        for key, convert_field in _FIELDS
        if value.get(key) is not None
    }


def _kind(value: JSON) -> str:
    return "null" if value is None else type(value).__name__
