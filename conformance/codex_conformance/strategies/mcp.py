"""Hypothesis strategies for the ``mcp`` and ``schema`` areas' inputs, for a port's own tests.

The public home of ``codex_conformance.areas.mcp.strategies`` and of the
explorers' ``explored_mcp_args`` (server sets named from all of Unicode, at
every length boundary) and ``explored_schema_args`` (schemas from the whole
JSON Schema vocabulary); see their docstrings.
"""

from codex_conformance.areas.mcp.inputs import explored_mcp_args
from codex_conformance.areas.mcp.strategies import (
    input_schemas,
    mcp_servers,
    mcp_tools,
    server_names,
    tool_names,
)
from codex_conformance.areas.schema.inputs import explored_schema_args

__all__ = [
    "explored_mcp_args",
    "explored_schema_args",
    "input_schemas",
    "mcp_servers",
    "mcp_tools",
    "server_names",
    "tool_names",
]
