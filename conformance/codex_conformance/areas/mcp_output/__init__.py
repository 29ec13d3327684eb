"""Area ``mcp_output``: see spec/mcp_output.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="mcp_output",
    description="An MCP server's answer to tools/call as the release writes it back in the next request.",
    ops=("mcp.call_output", "mcp.resource_output"),
)
