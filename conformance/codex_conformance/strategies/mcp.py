"""Hypothesis strategies for the ``mcp`` and ``schema`` areas' inputs, for a port's own tests.

The public home of ``codex_conformance.areas.mcp.strategies``; see its docstring.
"""

from codex_conformance.areas.mcp.strategies import (
    input_schemas,
    mcp_servers,
    mcp_tools,
    server_names,
    tool_names,
)

__all__ = ["input_schemas", "mcp_servers", "mcp_tools", "server_names", "tool_names"]
