"""The workshop's part of area ``mcp``: see codex_conformance.areas.mcp."""
