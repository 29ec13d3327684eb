"""Area ``safety``: see spec/safety.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="safety",
    description="Whether a release asks before running an argv (safety.is_known_safe_command).",
    ops=("safety.is_known_safe_command",),
)
