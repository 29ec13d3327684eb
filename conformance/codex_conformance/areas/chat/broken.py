"""Broken ports of the chat area: one entry of the chat rules changed, each caught on its clause."""

from __future__ import annotations

from typing import Any

from codex_conformance.broken import BrokenAdapter, rewrites, with_rules
from codex_reference.editions import V0_25_0

BROKEN = [
    BrokenAdapter(
        "chat-reasoning-on-previous-assistant-0.25",
        "CHAT-REQ-REASONING-1",
        "reasoning attached to the wrong message: the assistant message before it",
        with_rules(V0_25_0, "chat", reasoning_attachment="previous-assistant"),
    ),
    BrokenAdapter(
        "chat-reasoning-on-next-assistant-0.25",
        "CHAT-REQ-REASONING-1",
        "reasoning attached to the next assistant message (a later release's rule)",
        with_rules(V0_25_0, "chat", reasoning_attachment="next-assistant"),
    ),
    BrokenAdapter(
        "chat-system-messages-sent-0.25",
        "CHAT-REQ-MSG-3",
        "system-role messages sent like any other",
        with_rules(V0_25_0, "chat", dropped_roles=()),
    ),
]


def _text_with_message_id(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """A chat stream's assistant text recorded with the chunk's id as the message id."""
    for item in result.get("items", []):
        if isinstance(item, dict) and item.get("type") == "message" and item.get("id") is None:
            item["id"] = "chatcmpl-1"


BROKEN.append(
    rewrites("chat-sse-message-id-from-chunk-0.25", "CHAT-SSE-TEXT-1", "chat.sse", _text_with_message_id)
)
