"""``chat.request`` / ``chat.sse``: the Chat Completions wire of 0.25.0 and 0.94.0 (spec/chat.md)."""

from codex_reference.chat.ops import chat_request, chat_sse
from codex_reference.chat.rules import CHAT_0_25_0, CHAT_0_94_0, ChatRules

__all__ = ["CHAT_0_25_0", "CHAT_0_94_0", "ChatRules", "chat_request", "chat_sse"]
