"""The workshop's part of area ``items``: see codex_conformance.areas.items."""
