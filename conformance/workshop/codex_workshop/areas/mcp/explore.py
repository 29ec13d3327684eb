"""The explorer of ``mcp.tools_to_responses``: inputs from ``codex_conformance.areas.mcp.inputs``."""

from __future__ import annotations

from codex_conformance.areas.mcp.inputs import generate_args
from codex_workshop.explorer import Explorer

__all__ = ["EXPLORERS"]

EXPLORERS = (
    Explorer(
        op="mcp.tools_to_responses",
        generate=generate_args,
        scenario=lambda args: {"servers": args["servers"]},
        clauses=("MCP-EXPLORE-1",),
    ),
)
