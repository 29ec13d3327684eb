"""Area ``mcp``: see spec/mcp.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="mcp",
    description="MCP tools as the release adds them to the Responses request's tools array.",
    ops=("mcp.tools_to_responses",),
)
