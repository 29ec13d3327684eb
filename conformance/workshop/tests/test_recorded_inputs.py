"""Recorded gateway traffic as explorer inputs: a recording file becomes sse, dispatch and items inputs
for the edition that received it, each once and with its provenance; a malformed one is refused
naming the file and the entry; the committed recordings all load.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from codex_conformance.editions import EDITIONS
from codex_reference.adapter import handle
from codex_workshop.explore.recorded import (
    RecordedInputError,
    load,
    recorded_inputs,
    recording_files,
    request_bodies,
)
from codex_workshop.gateway.recording_file import FORMAT, packed
from tests.recordings import NOT_YET_RECORDED, RECORDED

EDITION, OTHER = list(EDITIONS)[:2]
CALL = {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "call_1"}
MESSAGE = {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "hi"}]}
NO_ID = {"type": "custom_tool_call", "name": "apply_patch", "input": "x"}
STREAM = (
    "".join(
        "data: " + json.dumps({"type": "response.output_item.done", "item": item}) + "\n\n"
        for item in (CALL, MESSAGE)
    )
    + 'data: {"type": "response.completed", "response": {"id": "r"}}\n\n'
)


def _entry(kind: str, edition: str = EDITION, **fields: Any) -> dict[str, Any]:
    return {"edition": edition, "scenario": "function-call", "model": "gpt-x", "kind": kind, **fields}


def _sse(stream: str = STREAM, status: int = 200, edition: str = EDITION) -> dict[str, Any]:
    headers = [["Content-Type", "text/event-stream"]]
    return _entry("sse", edition, status=status, headers=headers, stream=stream, writes=[3, 10, 10_000])


ENTRIES = [
    _sse(),
    _sse(),  # the same stream again: one input
    _sse(status=500),  # not a stream the release reads as one
    _sse(edition=OTHER),
    _entry("reply", status=429, headers=[], body="{}"),
    _entry("call", item=CALL),
    _entry("call", item=NO_ID),
    _entry("request", api="chat", body={"messages": ["x" * 2000]}),
    _entry("request", api="chat", body={"messages": ["x" * 2000, "y"]}),
]


def _file(tmp_path: Path, entries: list[Any], name: str = "gw.json") -> Path:
    run = {"name": "gw 1.2.3", "version": "1.2.3", "date": "2026-12-02", "entries": entries}
    path = tmp_path / name
    path.write_text(json.dumps(packed("gw", [run])), encoding="utf-8")
    return path


def test_a_recording_becomes_inputs_of_each_op_for_its_edition(tmp_path: Path) -> None:
    path = _file(tmp_path, ENTRIES)
    [sse] = recorded_inputs("sse.responses", EDITION, [path])
    # Cut where the gateway's writes ended, offsets past the stream left out.
    assert sse.args == {"edition": EDITION, "stream": STREAM, "splits": [3, 10]}
    assert sse.provenance == (
        f"gw 1.2.3 (gw.json run 0 entry 0): release {EDITION}, scenario function-call, recorded 2026-12-02"
    )
    [call] = recorded_inputs("dispatch.call", EDITION, [path])
    assert call.args == {"edition": EDITION, "model": "gpt-x", "config": {}, "item": CALL}
    items = recorded_inputs("items.serialize", EDITION, [path])
    assert [recorded.args["item"] for recorded in items] == [CALL, MESSAGE]
    assert len(recorded_inputs("sse.responses", OTHER, [path])) == 1
    # A reply that is no stream, under the http area's retry limits.
    [reply] = recorded_inputs("http.reply", EDITION, [path])
    assert reply.args == {
        "edition": EDITION,
        "status": 429,
        "headers": [],
        "body": "{}",
        "abort": False,
        "request_max_retries": 1,
        "stream_max_retries": 1,
    }
    bodies = request_bodies([path])
    assert [body for _, _, body in bodies] == [{"messages": ["x" * 2000]}, {"messages": ["x" * 2000, "y"]}]


def test_a_responses_request_s_items_are_items_inputs_a_chat_request_s_none(tmp_path: Path) -> None:
    output = {"type": "function_call_output", "call_id": "call_1", "output": "done"}
    body = {"model": "m", "input": [MESSAGE, CALL, output, "no object"]}
    entries = [
        _entry("request", api="responses", body=body),
        _entry("request", api="responses", body={"input": "a text, not items"}),
        _entry("request", api="chat", body={"messages": [MESSAGE]}),
    ]
    items = recorded_inputs("items.serialize", EDITION, [_file(tmp_path, entries)])
    # Each once, in the body's order; what is no object too (the release is asked what it makes of it).
    assert [recorded.args["item"] for recorded in items] == [MESSAGE, CALL, output, "no object"]
    assert all("entry 0" in recorded.provenance for recorded in items)


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("text", "entry 1: not an object"),
        (_entry("tape"), "entry 1: unknown kind 'tape'"),
        (_entry("call", edition="0.0.1", item=CALL), "entry 1: edition '0.0.1' is none the kit drives"),
        ({**_entry("call", item=CALL), "scenario": None}, "entry 1: no scenario"),
        (
            _entry("sse", status=200, headers=[], writes=[]),
            "entry 1: a sse entry needs 'stream' of type string",
        ),
        ({**_sse(), "writes": [-1]}, "entry 1: 'writes' must be byte offsets"),
        (_entry("call", item="call"), "entry 1: a call entry needs 'item' of type object"),
        (_entry("request", api="chat"), "entry 1: a request entry needs its 'body'"),
        (_entry("reply", status=429, headers=[]), "entry 1: a reply entry needs 'body' of type string"),
        (_entry("reply", status=429, headers=[["a"]], body=""), "entry 1: 'headers' must be [name, value]"),
    ],
)
def test_a_malformed_entry_is_named_with_its_file_and_place(tmp_path: Path, entry: Any, said: str) -> None:
    path = _file(tmp_path, [_sse(), entry], "broken.json")
    with pytest.raises(RecordedInputError, match=re.escape(said)) as caught:
        load([path])
    assert f"{path}: run 0 (gw 1.2.3) entry 1" in str(caught.value)


def test_a_file_that_is_no_recording_is_named(tmp_path: Path) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(RecordedInputError, match=re.escape(f"{path}: not a gateway recording")):
        load([path])
    undated = tmp_path / "undated.json"
    undated.write_text(
        json.dumps({"format": FORMAT, "runs": [{"name": "gw", "entries": []}]}), encoding="utf-8"
    )
    with pytest.raises(RecordedInputError, match=re.escape("run 0: needs its gateway 'name' and the 'date'")):
        load([undated])


def test_inputs_take_each_gateway_run_in_turn(tmp_path: Path) -> None:
    streams = [STREAM.replace("hi", f"hi {index}") for index in range(3)]
    first = _file(tmp_path, [_sse(stream) for stream in streams], "a.json")
    second = _file(tmp_path, [_sse(STREAM.replace("hi", "other"))], "b.json")
    found = [
        recorded.provenance.split(" (")[1][:6]
        for recorded in recorded_inputs("sse.responses", EDITION, [first, second])
    ]
    assert found == ["a.json", "b.json", "a.json", "a.json"]


def test_an_op_no_recording_feeds_is_refused() -> None:
    with pytest.raises(RecordedInputError, match=re.escape("no recorded inputs feed mcp.tools")):
        recorded_inputs("mcp.tools", EDITION, [])


def test_the_committed_recordings_load_and_feed_every_edition() -> None:
    files = recording_files()
    assert len(files) >= 6, "recorded traffic of at least six gateways is committed (issue 33)"
    every = load(files)
    for edition in RECORDED:
        ops = {recorded.op for recorded in every if recorded.args["edition"] == edition}
        assert ops == {"sse.responses", "dispatch.call", "items.serialize", "http.reply"}, edition


def test_the_editions_not_yet_recorded_are_exactly_those_no_recording_feeds() -> None:
    # One test over every edition (not one per listed edition), so that an empty list is
    # still checked rather than skipped as an empty parameter set.
    unknown = NOT_YET_RECORDED - set(EDITIONS)
    assert not unknown, f"no such edition: {sorted(unknown)}"
    fed = {recorded.args["edition"] for recorded in load(recording_files())}
    for edition in EDITIONS:
        if edition in NOT_YET_RECORDED:
            assert edition not in fed, f"{edition} has recorded inputs now: drop it from tests/recordings.py"
        else:
            assert edition in fed, f"no recorded input for {edition}: list it in tests/recordings.py"


def test_the_reference_answers_every_committed_recorded_input_without_failing() -> None:
    for recorded in load(recording_files()):
        response = handle({"op": recorded.op, "args": recorded.args})
        # Declining an input is allowed (the explorer counts it apart); failing on one is not.
        assert "error" not in response or response["error"]["kind"] != "internal", recorded.provenance
