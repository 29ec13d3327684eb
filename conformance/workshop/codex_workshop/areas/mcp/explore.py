"""The explorer of ``mcp.tools_to_responses``: inputs from ``codex_conformance.areas.mcp.inputs``."""

from __future__ import annotations

from codex_conformance.areas.mcp.inputs import generate_args
from codex_workshop.explorer import Explorer, args_as_scenario

__all__ = ["EXPLORERS"]

EXPLORERS = (
    Explorer("mcp.tools_to_responses", generate_args, args_as_scenario("servers"), ("MCP-EXPLORE-1",)),
)
