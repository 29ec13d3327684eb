"""The explorer of ``mcp.tools_to_responses``: inputs from ``codex_conformance.areas.mcp.inputs``."""

from __future__ import annotations

from codex_conformance.areas.mcp.inputs import generate_args
from codex_workshop.explorer import Explorer, args_as_scenario

__all__ = ["EXPLORERS"]

EXPLORERS = (
    Explorer(
        op="mcp.tools_to_responses",
        generate=generate_args,
        scenario=args_as_scenario("servers"),
        clauses=("MCP-EXPLORE-1",),
    ),
)
