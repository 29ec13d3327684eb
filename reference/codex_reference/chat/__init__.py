"""``chat.request`` / ``chat.sse``: 0.25.0's Chat Completions wire (spec/chat.md)."""

from codex_reference.chat.ops import chat_request, chat_sse
from codex_reference.chat.rules import CLASSIC_CHAT, ChatRules

__all__ = ["CLASSIC_CHAT", "ChatRules", "chat_request", "chat_sse"]
