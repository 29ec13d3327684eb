"""The workshop's part of area ``exec_output``: see codex_conformance.areas.exec_output."""
