"""The workshop's part of area ``request``: see codex_conformance.areas.request."""
