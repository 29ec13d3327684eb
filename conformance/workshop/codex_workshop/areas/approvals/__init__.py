"""The workshop's part of area ``approvals``: see codex_conformance.areas.approvals."""
