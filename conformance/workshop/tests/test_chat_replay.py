"""Which chat.request inputs the release adapter replays instead of probing, and the streams it replays."""

from __future__ import annotations

import json
from typing import Any

from codex_conformance.paths import fixtures_dir
from codex_workshop.areas.chat import replay


def captured_input(version: str, slug: str) -> list[dict[str, Any]]:
    path = fixtures_dir() / "chat" / f"captured-{version}.json"
    cases = json.loads(path.read_text(encoding="utf-8"))["cases"]
    case = next(case for case in cases if case["id"].endswith("/" + slug))
    found: list[dict[str, Any]] = case["args"]["input"]
    return found


def test_the_request_after_a_calls_output_with_reasoning_is_replayed() -> None:
    assert replay.needs_replay(captured_input("0.94.0", "request-after-reasoning-and-tool-call"))
    assert replay.needs_replay(captured_input("0.94.0", "request-after-reasoning-text-and-tool-call"))


def test_a_history_ending_with_the_prompt_or_with_reasoning_is_probed() -> None:
    # The first request of a turn (ends with the user's message): no reasoning is placed anyway.
    assert not replay.needs_replay(captured_input("0.94.0", "request-history-reasoning-positions"))
    # 0.25.0 records a reply's reasoning after the call's output: no request is made from that history.
    assert not replay.needs_replay(captured_input("0.25.0", "request-after-reasoning-and-tool-call"))
    # No reasoning after the last user message.
    assert not replay.needs_replay(captured_input("0.94.0", "request-after-tool-call"))


def test_a_reply_is_scripted_back_as_reasoning_text_and_calls() -> None:
    tail = captured_input("0.94.0", "request-after-reasoning-text-and-tool-call")[-5:]
    replies = replay._replies(tail)
    assert len(replies) == 1
    events = [
        json.loads(block.removeprefix("data: "))
        for block in replay._stream(replies[0]).split("\n\n")
        if block.startswith("data: {")
    ]
    deltas = [event["choices"][0]["delta"] for event in events]
    assert {"reasoning": "plan"} in deltas and {"content": "Checking."} in deltas
    calls = [delta["tool_calls"][0] for delta in deltas if "tool_calls" in delta]
    assert [(call["id"], call["function"]["name"]) for call in calls] == [("call_1", "no_such_tool")]
    assert events[-1]["choices"][0]["finish_reason"] == "tool_calls"
