"""The workshop's part of area ``session``: see codex_conformance.areas.session."""
