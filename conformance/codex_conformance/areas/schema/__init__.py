"""Area ``schema``: see spec/schema.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="schema",
    description="MCP input schemas as the release sends them in a function tool's parameters.",
    ops=("schema.sanitize",),
)
