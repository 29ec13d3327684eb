"""The workshop's part of area ``http``: see codex_conformance.areas.http."""
