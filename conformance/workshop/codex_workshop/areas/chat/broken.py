"""Broken ports of the chat area: one entry of the chat rules changed, each caught on its clause."""

from __future__ import annotations

from functools import partial
from typing import Any

from codex_reference.chat import reasoning
from codex_reference.editions import V0_25_0
from codex_reference.json_types import JSON
from codex_workshop.broken import area_adapters, rewrites, with_rules


def _becomes_assistant(item: dict[str, JSON]) -> bool:
    """An item sent as an assistant message: an assistant text or a call."""
    if item.get("type") == "message":
        return item.get("role") == "assistant"
    return item.get("type") in ("function_call", "local_shell_call")


def _nearest_assistant(step: int, items: list[dict[str, JSON]]) -> dict[int, str]:
    """No release's rule: each reasoning text on the nearest assistant message or call
    in one direction (-1 before it, 1 after it)."""
    anchors: dict[int, str] = {}
    for index, item in enumerate(items):
        if item.get("type") != "reasoning":
            continue
        other = index + step
        while 0 <= other < len(items) and not _becomes_assistant(items[other]):
            other += step
        if 0 <= other < len(items):
            anchors[other] = reasoning.reasoning_text(item)
    return anchors


def _text_with_message_id(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """A chat stream's assistant text recorded with the chunk's id as the message id."""
    for item in result.get("items", []):
        if isinstance(item, dict) and item.get("type") == "message" and item.get("id") is None:
            item["id"] = "chatcmpl-1"


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "chat-reasoning-on-previous-assistant-0.25": (
            "CHAT-REQ-REASONING-1",
            "reasoning attached to the wrong message: the assistant message before it",
            with_rules(V0_25_0, "chat", reasoning_attachment=partial(_nearest_assistant, -1)),
        ),
        "chat-reasoning-on-next-assistant-0.25": (
            "CHAT-REQ-REASONING-1",
            "reasoning attached to the next assistant message (no release's rule)",
            with_rules(V0_25_0, "chat", reasoning_attachment=partial(_nearest_assistant, 1)),
        ),
        "chat-sse-message-id-from-chunk-0.25": rewrites("CHAT-SSE-TEXT-1", "chat.sse", _text_with_message_id),
    },
)
