"""Capture inputs of the ``chat`` area (fixtures/chat/_scenarios.json).

A chat stream is written as a list of events so the file stays readable:
``{"delta": {...}, "finish_reason": ...}`` is one ``chat.completion.chunk``
(chat_sse.chunk), ``"[DONE]"`` the end marker, ``{"raw": "..."}`` literal
SSE text (malformed data, comments, odd framing).  The case args carry the
rendered text: that, not the shorthand, is what the release read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from codex_workshop.areas.chat import sse_text as chat_sse
from codex_workshop.areas.scenarios import Scenario, load_scenarios

StreamEvents = list[dict[str, Any] | Literal["[DONE]"]]


def render(events: StreamEvents) -> str:
    pieces: list[str] = []
    for event in events:
        if event == "[DONE]":
            pieces.append(chat_sse.DONE)
        elif "raw" in event:
            pieces.append(str(event["raw"]))
        else:
            pieces.append(chat_sse.chunk(event.get("delta", {}), event.get("finish_reason")))
    return "".join(pieces)


class ChatScenario(Scenario):
    op: Literal["chat.request", "chat.sse"]
    # chat.request: the release resumes `history`, is given `prompt`, and reads
    # `streams` (one per request) before a last reply that records nothing.
    model: str = "gpt-5"
    config: dict[str, Any] = Field(default_factory=dict)
    history: list[dict[str, Any]] = Field(default_factory=list)
    prompt: str = "hi"
    streams: list[StreamEvents] = Field(default_factory=list)
    # chat.sse: the stream under test, cut into reads at byte offsets `splits`.
    stream: StreamEvents = Field(default_factory=list)
    splits: list[int] = Field(default_factory=list)


def load_chat_scenarios(path: Path) -> list[ChatScenario]:
    return load_scenarios(path, ChatScenario)
