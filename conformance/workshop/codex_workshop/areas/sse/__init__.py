"""The workshop's part of area ``sse``: see codex_conformance.areas.sse."""
