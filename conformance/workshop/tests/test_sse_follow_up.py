"""A second request after a stream holding a call is the call's follow-up, not a retry (SSE-ITEM-5).

The release runs a call the stream holds and sends the tool's output in a
new request; the harness once read that request as a retry and failed
(`the release retried but printed no retry notice`, issue #33).
"""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from codex_conformance.mock_responses_server import RecordedRequest
from codex_workshop.drive import sse_observe
from codex_workshop.drive.errors import CaptureError
from codex_workshop.drive.exec_run import ExecRun

_PROMPT = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": sse_observe.PROMPT}]}
_CALL = {"type": "function_call", "id": "fc_1", "name": "get_weather", "arguments": "{}", "call_id": "call_1"}
_ANSWER = {"type": "function_call_output", "call_id": "call_1", "output": "unsupported call: get_weather"}
_RECOVERY = {
    "type": "message",
    "role": "assistant",
    "content": [{"type": "output_text", "text": sse_observe.RECOVERY_TEXT}],
}
_USAGE = {"input_tokens": 5, "cached_input_tokens": 2, "output_tokens": 3, "reasoning_output_tokens": 1}
_WARN = "2026-11-26T14:52:27.772061Z  WARN codex_core: stream disconnected - retrying turn (1/1 in 2s)..."


# The follow-up request arrives at this wall-clock time; the rollout's lines are stamped.
_FOLLOW_UP_AT = datetime(2026, 11, 26, 12, 0, 1, tzinfo=UTC)


def _stamped(line: dict[str, Any], before_follow_up: bool) -> dict[str, Any]:
    when = _FOLLOW_UP_AT + timedelta(milliseconds=-5 if before_follow_up else 5)
    return {"timestamp": when.isoformat().replace("+00:00", "Z"), **line}


def _token_count(usage: dict[str, Any]) -> dict[str, Any]:
    return {"type": "event_msg", "payload": {"type": "token_count", "info": {"last_token_usage": usage}}}


def _run(items: list[dict[str, Any]], *, stderr: str = "", stdout: str = "") -> ExecRun:
    wall = _FOLLOW_UP_AT.timestamp()
    requests = [RecordedRequest("POST", "/v1/responses", [], b"{}", float(n), wall - 1 + n) for n in range(2)]
    history = [_stamped({"type": "response_item", "payload": item}, True) for item in [_PROMPT, *items]]
    # The stream's usage, before the follow-up; after it, the release's estimates and the
    # recovery reply's: the stream's is the one read.
    after = [_token_count({"total_tokens": 6475}), {"type": "response_item", "payload": _RECOVERY}]
    rollout = (*history, _stamped(_token_count(_USAGE), True), *(_stamped(line, False) for line in after))
    return ExecRun(0, stdout, stderr, requests, rollout)


def test_a_request_carrying_a_calls_answer_is_a_follow_up() -> None:
    run = _run([_CALL, _ANSWER])
    assert sse_observe.followed_up(run, [])
    assert sse_observe._recorded_items(run) == [{"type": "output_item.done", "item": _CALL}]
    assert sse_observe._end(run) == {"kind": "completed", "usage": _USAGE}


def test_a_call_without_a_call_id_is_answered_under_the_empty_one() -> None:
    shell: dict[str, Any] = {
        "type": "local_shell_call",
        "id": None,
        "call_id": None,
        "status": "completed",
        "action": {},
    }
    answer = {"type": "function_call_output", "call_id": "", "output": "LocalShellCall without call_id or id"}
    assert sse_observe._recorded_items(_run([shell, answer])) == [{"type": "output_item.done", "item": shell}]


def test_an_output_answering_no_call_is_kept() -> None:
    other = {**_ANSWER, "call_id": "call_9"}
    assert len(sse_observe._recorded_items(_run([_CALL, other]))) == 2


@pytest.mark.parametrize("said", ["warning", "notice"])
def test_a_second_request_the_release_calls_a_retry_is_one(said: str) -> None:
    notice = json.dumps({"type": "error", "message": "stream error: boom; retrying 1/1 in 205ms…"})
    run = _run(
        [_CALL, _ANSWER], stderr=_WARN if said == "warning" else "", stdout=notice if said == "notice" else ""
    )
    assert not sse_observe.followed_up(run, sse_observe.json_lines(run.stdout))


def test_a_second_request_with_neither_a_retry_nor_an_answer_is_still_a_harness_error() -> None:
    with pytest.raises(CaptureError, match="no retry notice"):
        sse_observe._end(_run([_CALL]))


def test_a_lone_printed_count_after_a_follow_up_is_the_recovery_replys() -> None:
    # 0.25.0 prints a token_count per response that has a usage: the stream had none here.
    count = json.dumps({"type": "token_count", "input_tokens": 1, "output_tokens": 1, "total_tokens": 2})
    run = _run([_CALL, _ANSWER], stdout=count)
    run = dataclasses.replace(run, rollout=tuple(line for line in run.rollout if line["type"] != "event_msg"))
    assert sse_observe._end(run) == {"kind": "completed", "usage": None}
    stream_count = json.dumps({"type": "token_count", "input_tokens": 5})
    assert sse_observe._end(dataclasses.replace(run, stdout=f"{stream_count}\n{count}"))["usage"] == {
        "input_tokens": 5
    }


def test_a_tool_search_answered_by_the_release_is_a_follow_up() -> None:
    # litellm's recorded tool-search stream: 0.169.0 answers the call and sends its output.
    search = {"type": "tool_search_call", "id": "tsc_1", "call_id": "call_search", "execution": "client"}
    found = {"type": "tool_search_output", "id": "tso_1", "call_id": "call_search", "tools": []}
    run = _run([search, found])
    assert sse_observe.followed_up(run, [])
    assert sse_observe._recorded_items(run) == [{"type": "output_item.done", "item": search}]
    unanswered = {**found, "call_id": "call_other"}
    assert not sse_observe.followed_up(_run([search, unanswered]), [])
