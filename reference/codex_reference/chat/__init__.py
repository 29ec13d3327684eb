"""``chat.request`` / ``chat.sse``: 0.25.0's Chat Completions wire (spec/chat.md)."""

from codex_reference.chat.ops import chat_request, chat_sse
from codex_reference.chat.rules import CHAT_0_25_0, ChatRules

__all__ = ["CHAT_0_25_0", "ChatRules", "chat_request", "chat_sse"]
