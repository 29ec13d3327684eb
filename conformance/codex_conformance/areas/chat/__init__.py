"""Area ``chat``: see spec/chat.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.editions import CHAT_WIRE

AREA = Area(
    name="chat",
    description=(
        'Releases that accept wire_api = "chat": the Chat Completions request body for a history, '
        "and the items a chat stream leaves in the history."
    ),
    ops=(
        "chat.request",
        "chat.sse",
    ),
    feature=CHAT_WIRE,
)
