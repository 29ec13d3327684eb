"""The workshop's part of area ``tools``: see codex_conformance.areas.tools."""
