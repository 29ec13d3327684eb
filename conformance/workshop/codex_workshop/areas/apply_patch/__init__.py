"""The workshop's part of area ``apply_patch``: see codex_conformance.areas.apply_patch."""
