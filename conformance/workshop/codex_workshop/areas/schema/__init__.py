"""The workshop's part of area ``schema``: see codex_conformance.areas.schema."""
