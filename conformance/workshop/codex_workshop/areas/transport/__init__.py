"""The workshop's part of area ``transport``: see codex_conformance.areas.transport."""
