"""Broken ports of the chat area: one entry of the chat rules changed, each caught on its clause."""

from __future__ import annotations

from functools import partial
from typing import Any

from codex_reference.chat import reasoning
from codex_reference.editions import V0_25_0, V0_94_0
from codex_reference.json_types import JSON
from codex_workshop.broken import adapters, rewrites, with_rules, with_rules_from


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


BROKEN = adapters(
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
        "chat-system-messages-sent-0.25": (
            "CHAT-REQ-MSG-3",
            "system-role messages sent like any other",
            with_rules(V0_25_0, "chat", dropped_roles=()),
        ),
        "chat-calls-not-grouped-0.94": (
            "CHAT-REQ-CALL-2",
            "consecutive calls sent as one assistant message each (0.25.0's rule)",
            with_rules_from(V0_94_0, "chat", group_calls=V0_25_0),
        ),
        "chat-reasoning-not-sent-0.94": (
            "CHAT-REQ-REASONING-2",
            "the reasoning of the last reply left out (0.25.0's rule)",
            with_rules_from(V0_94_0, "chat", reasoning_attachment=V0_25_0),
        ),
        "chat-aborted-outputs-first-0.94": (
            "CHAT-REQ-OUTPUT-3",
            "the aborted outputs of unanswered calls sent first, not after their calls (0.25.0's rule)",
            with_rules_from(V0_94_0, "chat", missing_outputs_first=V0_25_0),
        ),
        "chat-sse-one-call-per-reply-0.94": (
            "CHAT-SSE-CALL-2",
            "a chat stream read as 0.25.0 reads it: one call per reply, index not read",
            with_rules_from(V0_94_0, "chat", read_stream=V0_25_0),
        ),
        "chat-sse-length-not-fatal-0.94": (
            "CHAT-SSE-FINISH-2",
            "finish_reason length ignored like content_filter: the text recorded, the turn completed",
            with_rules(V0_94_0, "chat", length_error=None),
        ),
        "chat-sse-message-id-from-chunk-0.25": rewrites("CHAT-SSE-TEXT-1", "chat.sse", _text_with_message_id),
    }
)
