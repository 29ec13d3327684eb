"""Chat Completions SSE as a provider streams it, for the mock server's ``chat_streams``.

A chat stream is ``data: <chunk>`` events, each a ``chat.completion.chunk``
whose single choice carries a ``delta``, a last chunk with ``finish_reason``,
and ``data: [DONE]``.  Scenarios write streams out in full (they are what
the release reads); these helpers only make the common shapes short.
"""

from __future__ import annotations

import json
from typing import Any

DONE = "data: [DONE]\n\n"


def chunk(delta: dict[str, Any], finish_reason: str | None = None, chunk_id: str = "chatcmpl-1") -> str:
    """One SSE event carrying one ``chat.completion.chunk``."""
    payload = {
        "id": chunk_id,
        "object": "chat.completion.chunk",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    }
    return f"data: {json.dumps(payload, ensure_ascii=False)}\n\n"


def text_reply(text: str) -> str:
    """An assistant text answer, then ``stop`` and ``[DONE]``."""
    return chunk({"role": "assistant", "content": text}) + chunk({}, "stop") + DONE


def empty_reply() -> str:
    """A turn that ends without content: the release records nothing from it."""
    return chunk({"role": "assistant"}) + chunk({}, "stop") + DONE


def tool_call_reply(name: str, arguments: str, call_id: str = "call_1") -> str:
    """One function call in one delta, then ``tool_calls`` and ``[DONE]``."""
    call = {"index": 0, "id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
    return chunk({"role": "assistant", "tool_calls": [call]}) + chunk({}, "tool_calls") + DONE
