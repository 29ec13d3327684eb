"""The workshop's part of area ``skills``: see codex_conformance.areas.skills."""
