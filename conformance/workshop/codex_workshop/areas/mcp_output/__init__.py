"""The workshop's part of area ``mcp_output``: see codex_conformance.areas.mcp_output."""
