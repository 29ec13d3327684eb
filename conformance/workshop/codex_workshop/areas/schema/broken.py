"""Broken ports of ``schema.sanitize``: one edition's schema conversion changed, caught on its clause."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from codex_reference.editions import V0_25_0, V0_94_0
from codex_reference.schema import typed_subset
from codex_workshop.broken import adapters, with_edition


def _keep_enum(
    convert: Callable[[dict[str, Any]], dict[str, Any]],
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Like 0.25.0 but copies `enum` of top-level properties into the output."""

    def converted(schema: dict[str, Any]) -> dict[str, Any]:
        out = convert(schema)
        for key, prop in (schema.get("properties") or {}).items():
            if isinstance(prop, dict) and "enum" in prop and key in out.get("properties", {}):
                out["properties"][key]["enum"] = prop["enum"]
        return out

    return converted


def _type_defaulting(
    convert: Callable[[dict[str, Any]], dict[str, Any]],
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """``convert`` with a missing top-level `type` read as "object"."""
    return lambda schema: convert({"type": "object", **schema})


BROKEN = adapters(
    {
        "keeps-enum-classic": (
            "SCHEMA-KEEP-1",
            "0.25.0 keeps `enum`, which its typed schema subset drops",
            with_edition(V0_25_0, convert_schema=_keep_enum(typed_subset.convert)),
        ),
        "additional-schema-rejected-in-0.94.0": (
            "SCHEMA-OBJ-1",
            "0.94.0 defaults `type` but keeps 0.25.0's boolean-only additionalProperties",
            with_edition(V0_94_0, convert_schema=_type_defaulting(typed_subset.convert)),
        ),
    }
)
