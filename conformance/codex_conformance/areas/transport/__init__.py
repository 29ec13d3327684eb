"""Area ``transport``: see spec/transport.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="transport",
    description=(
        "Responses over a WebSocket: when a release upgrades, the handshake, the messages it sends, "
        "how it reads the server's, and its fallback to HTTP when the upgrade is refused."
    ),
    ops=("transport.turn",),
)
