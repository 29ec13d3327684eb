"""0.25.0's schema conversion (``core/src/openai_tools.rs`` of August 2025).

Three stages, each with its own way to lose information:

1. The MCP ``Tool`` is decoded into ``mcp_types::ToolInputSchema``, a struct
   with only ``properties``, ``required`` and ``type``: every other top-level
   keyword (``additionalProperties``, ``description``, ``$schema``...) is
   gone before anything else happens (see ``mcp.decode``).
2. ``sanitize`` rewrites the JSON: a type is chosen or inferred for every
   schema object, objects get ``properties``, arrays get ``items``.
3. The result is deserialized into an internally tagged enum with five
   variants (boolean, string, number alias integer, array, object) whose
   fields are few; unknown keywords vanish, wrong types make the tool fail.

Output key order is the enum's: ``type`` (the tag) first, then the variant's
fields in declaration order; ``properties`` is a BTreeMap, so sorted.
"""

from __future__ import annotations

from codex_reference.errors import SchemaRejected
from codex_reference.json_types import JSON
from codex_reference.schema import walk

# The only `type` names the sanitizer accepts out of a type array, in the
# order it tests each array element against (first element that is one wins).
_UNION_PICKABLE = frozenset({"object", "array", "string", "number", "integer", "boolean"})
_NUMERIC_HINTS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")


def prepare_top_level(input_schema: dict[str, JSON]) -> dict[str, JSON]:
    """Stage 1 after decoding: the ToolInputSchema struct re-serialized.

    ``properties: null`` decodes as absent and is then filled with ``{}``,
    which is what OpenAI models require.  Field order is the struct's.
    """
    out: dict[str, JSON] = {}
    properties = input_schema.get("properties")
    out["properties"] = {} if properties is None else properties
    if input_schema.get("required") is not None:
        out["required"] = input_schema["required"]
    out["type"] = input_schema["type"]
    return out


def sanitize(value: JSON) -> JSON:
    """Stage 2: returns the rewritten value (the input is not modified)."""
    if not isinstance(value, dict):
        return walk.non_object(value, sanitize)
    # Upstream also sanitizes oneOf, anyOf, allOf and prefixItems, but stage 3
    # drops those keywords whatever they hold, so only `items` can show.
    node = walk.with_sanitized_children(value, sanitize, ("items",))

    declared = node.get("type")
    ty: str | None = declared if isinstance(declared, str) else None
    if ty is None and isinstance(declared, list):
        ty = next((t for t in declared if isinstance(t, str) and t in _UNION_PICKABLE), None)
    if ty is None:
        ty = _infer_type(node)
    node["type"] = ty

    if ty == "object":
        node.setdefault("properties", {})
        extra = node.get("additionalProperties")
        if "additionalProperties" in node and not isinstance(extra, bool):
            node["additionalProperties"] = sanitize(extra)
    if ty == "array" and "items" not in node:
        node["items"] = {"type": "string"}
    return node


def _infer_type(node: dict[str, JSON]) -> str:
    if any(key in node for key in ("properties", "required", "additionalProperties")):
        return "object"
    if "items" in node or "prefixItems" in node:
        return "array"
    if any(key in node for key in ("enum", "const", "format")):
        return "string"
    if any(key in node for key in _NUMERIC_HINTS):
        return "number"
    return "string"


def to_subset(value: JSON, path: str = "$", *, schema_valued_additional: bool = False) -> dict[str, JSON]:
    """Stage 3: deserialize into the typed subset and serialize it back.

    ``schema_valued_additional``: `additionalProperties` may hold a schema
    (0.94.0's field is a boolean or a schema); 0.25.0's is a boolean only.
    """
    nested = {"schema_valued_additional": schema_valued_additional}
    if not isinstance(value, dict):
        raise SchemaRejected(f"{path}: invalid type: expected a schema object, got {_kind(value)}")
    # Stage 2 gives every schema object a string `type`, so the tag is always there.
    tag = value.get("type")
    if tag in ("boolean", "string", "number", "integer"):
        out: dict[str, JSON] = {"type": "number" if tag == "integer" else tag}
        _copy_description(value, out, path)
        return out
    if tag == "array":
        # Stage 2 gives every array `items`, so serde's missing-field error cannot happen here.
        out = {"type": "array", "items": to_subset(value["items"], f"{path}.items", **nested)}
        _copy_description(value, out, path)
        return out
    if tag == "object":
        props = value.get("properties")
        if not isinstance(props, dict):
            raise SchemaRejected(f"{path}.properties: invalid type: expected a map, got {_kind(props)}")
        out = {
            "type": "object",
            "properties": {
                key: to_subset(props[key], f"{path}.properties.{key}", **nested) for key in sorted(props)
            },
        }
        required = value.get("required")
        if required is not None:
            if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
                raise SchemaRejected(f"{path}.required: expected a sequence of strings")
            out["required"] = list(required)
        extra = value.get("additionalProperties")
        if isinstance(extra, dict) and schema_valued_additional:
            out["additionalProperties"] = to_subset(extra, f"{path}.additionalProperties", **nested)
        elif extra is not None:
            # Only a boolean fits 0.25.0's field; a schema here fails.
            if not isinstance(extra, bool):
                raise SchemaRejected(f"{path}.additionalProperties: invalid type: expected a boolean")
            out["additionalProperties"] = extra
        return out
    raise SchemaRejected(f"{path}: unknown variant `{tag}`")


def _copy_description(value: dict[str, JSON], out: dict[str, JSON], path: str) -> None:
    description = value.get("description")
    if description is None:
        return
    if not isinstance(description, str):
        raise SchemaRejected(f"{path}.description: invalid type: expected a string")
    out["description"] = description


def _kind(value: JSON) -> str:
    if value is None:
        return "null"
    return type(value).__name__


def convert(input_schema: dict[str, JSON]) -> dict[str, JSON]:
    """The ``parameters`` for an input schema that decoded (see ``mcp.decode``)."""
    return to_subset(sanitize(prepare_top_level(input_schema)))


def convert_type_defaulting_to_object(input_schema: dict[str, JSON]) -> dict[str, JSON]:
    """0.94.0: the decoded input schema's `type` defaults to "object" when
    absent (captured: mcp schema-missing-type, input-schema-empty-object),
    then 0.25.0's conversion with schema-valued `additionalProperties`
    (captured: schema nested-additional-schema)."""
    prepared = prepare_top_level({"type": "object", **input_schema})
    return to_subset(sanitize(prepared), schema_valued_additional=True)


def convert_whole_schema(schema: JSON) -> dict[str, JSON]:
    """A schema that is not first decoded into ToolInputSchema: every
    top-level keyword reaches the sanitizer and the subset (0.94.0's dynamic
    tools, captured: dynamic schema-sanitized keeps `additionalProperties`,
    schema-empty gives a string schema, schema-true/false too)."""
    return to_subset(sanitize(schema), schema_valued_additional=True)
