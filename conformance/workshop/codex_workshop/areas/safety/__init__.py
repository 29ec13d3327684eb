"""The workshop's part of area ``safety``: see codex_conformance.areas.safety."""
