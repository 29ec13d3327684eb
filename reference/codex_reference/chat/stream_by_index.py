"""A Chat Completions SSE stream → the items 0.94.0 records from it (spec/chat.md, CHAT-SSE-*).

Two stages, as in the release.  The chunk reader reads every choice of
every chunk: calls are told apart by ``index``; ``finish_reason:
"tool_calls"`` hands on the reasoning item (one content part per delta)
and then the calls; ``stop``, ``[DONE]`` or the body's end hand on the
reasoning item and the text and complete the reply; ``length`` fails it.
The aggregator passes calls and reasoning items on as they come, keeps the
text, and on completion records the whole reasoning text as one more
reasoning item, then the text as one message.  Nothing after completion is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from codex_reference.chat.call_deltas import CallDeltas
from codex_reference.chat.chunks import chat_chunks
from codex_reference.json_types import JSON

if TYPE_CHECKING:
    from codex_reference.chat.rules import ChatRules


def _reasoning(parts: list[str]) -> dict[str, JSON]:
    content: list[JSON] = [{"type": "reasoning_text", "text": part} for part in parts]
    return {"type": "reasoning", "summary": [], "content": content, "encrypted_content": None}


def _reasoning_text(value: JSON) -> str | None:
    """CHAT-SSE-REASONING-1: a string, or an object's string ``text``, else its string ``content``."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in ("text", "content"):
            if isinstance(value.get(key), str):
                return str(value[key])
    return None


@dataclass
class _Reply:
    recorded: list[dict[str, JSON]] = field(default_factory=list)
    calls: dict[int, CallDeltas] = field(default_factory=dict)
    reasoning_parts: list[str] | None = None  # the reader's pending reasoning item
    all_reasoning: str = ""  # the aggregator's
    text: str = ""

    def delta(self, delta: dict[str, JSON]) -> None:
        reasoning = _reasoning_text(delta.get("reasoning"))
        if reasoning is not None:
            self.reasoning_parts = [*(self.reasoning_parts or []), reasoning]
            self.all_reasoning += reasoning
        content = delta.get("content")
        pieces = [content] if isinstance(content, str) else []
        if isinstance(content, list):  # an array of parts: the string `text` of each
            pieces = [p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)]
        for piece in pieces:
            self.text += str(piece)  # CHAT-SSE-TEXT-1
        calls = delta.get("tool_calls")
        for entry in calls if isinstance(calls, list) else []:
            if isinstance(entry, dict):
                self._call_delta(entry)

    def _call_delta(self, entry: dict[str, JSON]) -> None:
        """CHAT-SSE-CALL-1: calls are told apart by their ``index``."""
        index = entry.get("index")
        self.calls.setdefault(index if isinstance(index, int) else 0, CallDeltas()).add(entry)

    def hand_on_reasoning(self) -> None:
        if self.reasoning_parts is not None:
            self.recorded.append(_reasoning(self.reasoning_parts))
            self.reasoning_parts = None

    def hand_on_calls(self) -> None:
        """CHAT-SSE-CALL-2: every call, in the order its index first came; one never named is lost."""
        for index, call in self.calls.items():
            if call.name is None:
                continue
            item: dict[str, JSON] = {
                "type": "function_call",
                "name": call.name,
                "arguments": call.arguments,
                "call_id": call.call_id if call.call_id is not None else f"tool-call-{index}",
            }
            self.recorded.append(item)
        self.calls = {}

    def completed(self) -> list[dict[str, JSON]]:
        """CHAT-SSE-ORDER-1: the aggregator's reasoning, then its text."""
        items = list(self.recorded)
        if self.all_reasoning:
            items.append(_reasoning([self.all_reasoning]))
        if self.text:
            content = [{"type": "output_text", "text": self.text}]
            items.append({"type": "message", "role": "assistant", "content": content})
        return items


def _choices(chunk: dict[str, JSON]) -> list[dict[str, JSON]]:
    choices = chunk.get("choices")
    return [c for c in choices if isinstance(c, dict)] if isinstance(choices, list) else []


def chat_sse(rules: ChatRules, args: dict[str, JSON]) -> dict[str, JSON]:
    reply = _Reply()
    for chunk in chat_chunks(args):
        for choice in _choices(chunk) if isinstance(chunk, dict) else []:  # CHAT-SSE-JSON-1: every choice
            delta = choice.get("delta")
            if isinstance(delta, dict):
                reply.delta(delta)
            finish = choice.get("finish_reason")
            if finish == "stop":  # CHAT-SSE-FINISH-1: the reply is complete; nothing after it is read
                reply.hand_on_reasoning()
                return {"items": reply.completed(), "end": {"kind": "completed", "usage": None}}
            if finish == "length" and rules.length_error is not None:
                end = {"kind": "error", "error": "fatal", "message": rules.length_error}
                return {"items": list(reply.recorded), "end": end}
            if finish == "tool_calls":
                reply.hand_on_reasoning()
                reply.hand_on_calls()
    reply.hand_on_reasoning()
    return {"items": reply.completed(), "end": {"kind": "completed", "usage": None}}
