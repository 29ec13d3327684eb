"""The workshop's part of area ``dispatch``: see codex_conformance.areas.dispatch."""
