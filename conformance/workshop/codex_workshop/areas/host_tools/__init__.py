"""The workshop's part of area ``host_tools``: see codex_conformance.areas.host_tools."""
