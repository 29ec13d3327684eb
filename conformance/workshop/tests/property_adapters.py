"""Adapters for the property-check tests: subtly broken ports and misbehaving ones.

``length_off_by_one`` is the reference engineer's broken adapter (limit 63
instead of 64 bytes in 0.25.0): only names of exactly 64 bytes show it, which
general generation rarely produces, so catching it needs boundary inputs and
shrinking.  ``integer_kept_classic`` keeps ``integer`` in 0.25.0 schemas.
"""

from __future__ import annotations

from typing import Any

from codex_reference.adapter import handle as reference
from codex_reference.editions import V0_25_0
from codex_reference.schema import typed_subset
from codex_workshop.areas.mcp.broken import BROKEN
from codex_workshop.broken import with_edition

length_off_by_one = next(broken for broken in BROKEN if broken.name == "length-limit-off-by-one").handle


def _keep_integer(schema: dict[str, Any]) -> dict[str, Any]:
    out = typed_subset.convert(schema)
    for key, prop in (schema.get("properties") or {}).items():
        if isinstance(prop, dict) and prop.get("type") == "integer" and key in out.get("properties", {}):
            out["properties"][key]["type"] = "integer"
    return out


integer_kept_classic = with_edition(V0_25_0, convert_schema=_keep_integer)


def crashes_on_two_servers(request: dict[str, Any]) -> dict[str, Any]:
    """Raises (a harness error) whenever a tool set has two servers or more."""
    if len(request.get("args", {}).get("servers") or []) >= 2:
        raise RuntimeError("boom")
    return reference(request)


def declines_schemas(request: dict[str, Any]) -> dict[str, Any]:
    """Declares schema.sanitize but answers it ``unsupported``."""
    if request["op"] == "schema.sanitize":
        return {"unsupported": "schemas are not ported yet"}
    return reference(request)
