"""The workshop's part of area ``dynamic``: see codex_conformance.areas.dynamic."""
