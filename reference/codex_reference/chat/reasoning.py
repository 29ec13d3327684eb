"""Where the text of reasoning items goes in a chat body (CHAT-REQ-REASONING-1/2).

The answer is a map from the index of the item whose message carries the
text (an assistant message or a call) to the text.
"""

from __future__ import annotations

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON

_CALLS = ("function_call", "local_shell_call")


def reasoning_text(item: dict[str, JSON]) -> str:
    content = item.get("content")
    parts = content if isinstance(content, list) else []
    return "".join(str(part.get("text", "")) for part in parts if isinstance(part, dict))


def _is_assistant_message(item: dict[str, JSON]) -> bool:
    return item.get("type") == "message" and item.get("role") == "assistant"


def _is_user_message(item: dict[str, JSON]) -> bool:
    return item.get("type") == "message" and item.get("role") == "user"


def beside_after_last_user(items: list[dict[str, JSON]]) -> dict[int, str]:
    """CHAT-REQ-REASONING-2: reasoning after the last user message, unless the history ends with one,
    goes on the assistant message right before it, else on the call or assistant message right after it;
    texts landing on one message are joined.  (A history ending with a user message needs no test of
    its own: after that message come only items that become no message, so none is an anchor.)"""
    users = [index for index, item in enumerate(items) if _is_user_message(item)]
    if not users:
        # Every history a release holds has one: the turn's prompt (and the environment context).
        raise NotModelled("a history without a user message: no release holds one")
    anchors: dict[int, str] = {}
    for index in range(users[-1] + 1, len(items)):
        item = items[index]
        if item.get("type") != "reasoning":
            continue
        text = reasoning_text(item)
        if not text.strip():
            continue
        before = items[index - 1]  # the last user message at the latest
        after = items[index + 1] if index + 1 < len(items) else None
        if _is_assistant_message(before):
            anchor = index - 1
        elif after is not None and (after.get("type") in _CALLS or _is_assistant_message(after)):
            anchor = index + 1
        else:
            continue
        anchors[anchor] = anchors.get(anchor, "") + text
    return anchors


def dropped(items: list[dict[str, JSON]]) -> dict[int, str]:
    """CHAT-REQ-REASONING-1: 0.25.0 sends no reasoning."""
    return {}
