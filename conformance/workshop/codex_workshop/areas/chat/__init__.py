"""The workshop's part of area ``chat``: see codex_conformance.areas.chat."""
