"""``transport.turn``: Responses over a WebSocket, and the fallback to HTTP (spec/transport.md)."""

from codex_reference.transport.rules import (
    TRANSPORT_0_25_0,
    TRANSPORT_0_94_0,
    TRANSPORT_0_169_0,
    TRANSPORT_0_171_0,
    TransportRules,
)
from codex_reference.transport.turn import turn

__all__ = [
    "TRANSPORT_0_25_0",
    "TRANSPORT_0_94_0",
    "TRANSPORT_0_169_0",
    "TRANSPORT_0_171_0",
    "TransportRules",
    "turn",
]
