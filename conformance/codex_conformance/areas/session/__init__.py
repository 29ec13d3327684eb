"""Area ``session``: see spec/session.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="session",
    description="Every request a release sends over a scripted conversation, as the kit's mock server received it.",
    ops=("session.run",),
)
