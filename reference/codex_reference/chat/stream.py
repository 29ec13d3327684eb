"""A Chat Completions SSE stream → the items 0.25.0 records from it (spec/chat.md, CHAT-SSE-*).

Two stages, as in the release: a chunk reader that assembles one function
call, emits it at ``finish_reason: "tool_calls"`` and stops reading at the
first finish reason of any kind, and an aggregator that holds all text and
reasoning until the stream completes and then records the reasoning, then
the message.  So a call is always recorded before the text and reasoning of
the same reply, whatever order the deltas came in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codex_reference.chat.call_deltas import CallDeltas
from codex_reference.chat.chunks import chat_chunks
from codex_reference.json_types import JSON

if TYPE_CHECKING:
    from codex_reference.chat.rules import ChatRules


@dataclass
class _Call:
    """CHAT-SSE-CALL-1/2: one call per reply; only the first entry of each delta's tool_calls is read."""

    deltas: CallDeltas = field(default_factory=CallDeltas)
    active: bool = False  # an entry came, even one that gave nothing

    def add(self, entry: JSON) -> None:
        if isinstance(entry, dict):
            self.active = True
            self.deltas.add(entry)

    def item(self) -> dict[str, JSON]:
        return {
            "type": "function_call",
            "id": None,
            "name": self.deltas.name or "",
            "arguments": self.deltas.arguments,
            "call_id": self.deltas.call_id or "",
        }


@dataclass
class _Reply:
    items: list[dict[str, JSON]] = field(default_factory=list)
    text: str = ""
    reasoning: str = ""
    call: _Call = field(default_factory=_Call)

    def chunk(self, chunk: dict[str, JSON]) -> bool:
        """Read one chunk; False once the reply is finished (CHAT-SSE-FINISH-1)."""
        choices = chunk.get("choices")
        choice = choices[0] if isinstance(choices, list) and choices else None
        if not isinstance(choice, dict):
            return True  # CHAT-SSE-JSON-1: only choices[0] is read
        delta = choice.get("delta")
        delta = delta if isinstance(delta, dict) else {}
        if isinstance(delta.get("content"), str):
            self.text += delta["content"]  # CHAT-SSE-TEXT-1
        self.reasoning += _reasoning_text(delta.get("reasoning"))
        calls = delta.get("tool_calls")
        if isinstance(calls, list) and calls:
            self.call.add(calls[0])
        finish = choice.get("finish_reason")
        if finish == "tool_calls" and self.call.active:  # CHAT-SSE-FINISH-1
            self.items.append(self.call.item())
        return not isinstance(finish, str)

    def completed(self) -> list[dict[str, JSON]]:
        """CHAT-SSE-ORDER-1: what the aggregator records when the stream completes."""
        items = list(self.items)
        if self.reasoning:
            content = [{"type": "reasoning_text", "text": self.reasoning}]
            items.append(
                {"type": "reasoning", "id": "", "summary": [], "content": content, "encrypted_content": None}
            )
        if self.text:
            content = [{"type": "output_text", "text": self.text}]
            items.append({"type": "message", "id": None, "role": "assistant", "content": content})
        return items


def _reasoning_text(value: JSON) -> str:
    """CHAT-SSE-REASONING-1: a string, or an object's non-empty ``text``, else its ``content``."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in ("text", "content"):
            if isinstance(value.get(key), str) and value[key]:
                return str(value[key])
    return ""


def chat_sse(rules: ChatRules, args: dict[str, JSON]) -> dict[str, JSON]:
    reply = _Reply()
    for chunk in chat_chunks(args):
        if isinstance(chunk, dict) and not reply.chunk(chunk):
            break
    return {"items": reply.completed(), "end": {"kind": "completed", "usage": None}}
