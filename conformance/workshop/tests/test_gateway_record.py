"""Recording a gateway's traffic: the relay passes bytes unchanged and keeps them, the HTTP read-back
finds each reply's status, headers, body and write boundaries, the recorder turns a run into
entries, and the recording file keeps request bodies exactly while writing their repeats once.

The last test records the example pass-through proxy with a real release (skipped where none can be
had): what the release read through the proxy is what the kit's upstream wrote.
"""

from __future__ import annotations

import gzip
import http.client
import json
import re
from pathlib import Path
from typing import Any

import pytest

from codex_conformance.cli import main
from codex_conformance.editions import EDITIONS
from codex_conformance.mock_responses_server import MockResponsesServer, ScriptedStream
from codex_workshop.gateway.cli import gateway_version
from codex_workshop.gateway.http_wire import replies
from codex_workshop.gateway.observe import Observation, UpstreamRequest
from codex_workshop.gateway.record import Recorder, scenario_entries
from codex_workshop.gateway.recording_file import (
    SHARED_KEY,
    SHARED_MIN_BYTES,
    RecordingFileError,
    packed,
    read,
    write_run,
)
from codex_workshop.gateway.relay import Connection, RecordingRelay, recording_relay
from codex_workshop.gateway.sse_text import handed_back, output_items, payloads
from tests.example_proxies import certify_proxy

CALL = {"type": "function_call", "name": "shell", "arguments": '{"command":["true"]}', "call_id": "c1"}
STREAM_EVENTS = [
    {"type": "response.created", "response": {"id": "r1"}},
    {"type": "response.output_item.done", "item": CALL},
    {"type": "response.output_item.done", "item": {"type": "message", "role": "assistant", "content": []}},
    {"type": "response.completed", "response": {"id": "r1"}},
]
STREAM = "".join(f"event: {event['type']}\ndata: {json.dumps(event)}\n\n" for event in STREAM_EVENTS)


def _post(port: int, path: str = "/v1/responses") -> tuple[int, bytes]:
    client = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    client.request("POST", path, body=b"{}", headers={"Content-Type": "application/json"})
    response = client.getresponse()
    body = response.read()
    client.close()
    return response.status, body


def test_the_relay_passes_a_stream_unchanged_and_keeps_its_writes() -> None:
    data = STREAM.encode()
    pieces = [data[:30], data[30:31], data[31:]]
    with MockResponsesServer() as upstream:
        upstream.reset([ScriptedStream(pieces, [0.0, 0.02, 0.02])])
        target = ("127.0.0.1", int(upstream.base_url.split(":")[2].split("/")[0]))
        with recording_relay(target) as relay:
            status, body = _post(relay.port)
    assert (status, body) == (200, data)
    [reply] = [reply for connection in relay.connections for reply in replies(connection)]
    assert (reply.method, reply.path, reply.status) == ("POST", "/v1/responses", 200)
    assert reply.header("content-type") == "text/event-stream"
    assert reply.body == data
    # The chunked body's chunks are the upstream's writes.
    assert reply.writes == [30, 31]
    assert reply.complete


def test_a_gateway_that_cannot_be_reached_is_kept_as_refused() -> None:
    with recording_relay(("127.0.0.1", 1)) as relay, pytest.raises(OSError):
        _post(relay.port)
    [connection] = relay.connections
    assert connection.refused


def _connection(sent: bytes, *received: bytes) -> Connection:
    connection = Connection()
    connection.sent += sent
    connection.received.extend(received)
    return connection


def test_replies_are_read_by_length_by_close_and_cut_short() -> None:
    requests = b"POST /v1/responses HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}" * 2
    by_length = b"HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 5\r\n\r\nslow!"
    by_close = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: 1\n\n"
    first, second = replies(_connection(requests, by_length[:-2], by_length[-2:] + by_close))
    assert (first.status, first.reason, first.body) == (429, "Too Many Requests", b"slow!")
    assert first.headers == [("Retry-After", "1"), ("Content-Length", "5")]
    assert first.writes == [3]  # where the relay's reads ended inside the body
    assert (second.status, second.body, second.complete) == (200, b"data: 1\n\n", True)
    cut = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n9\r\nwor"
    [reply] = replies(_connection(requests[: len(requests) // 2], cut))
    assert (reply.body, reply.writes, reply.complete) == (b"hellowor", [5], False)


def test_an_informational_reply_is_skipped_and_gzip_is_undone() -> None:
    body = gzip.compress(b"data: {}\n\n")
    received = (
        b"HTTP/1.1 100 Continue\r\n\r\n"
        b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
    )
    [reply] = replies(_connection(b"POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n", received))
    assert (reply.status, reply.body, reply.encoding, reply.writes) == (200, b"data: {}\n\n", "gzip", [])


def test_payloads_and_items_are_read_from_any_line_ends() -> None:
    crlf = STREAM.replace("\n", "\r\n") + "data: {cut"
    assert payloads(crlf) == STREAM_EVENTS
    assert output_items(STREAM.replace("\n", "\r")) == [CALL, STREAM_EVENTS[2]["item"]]


def test_items_only_in_the_final_response_are_handed_back_too() -> None:
    late = {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "c2", "status": "ready"}
    completed = {"type": "response.completed", "response": {"id": "r1", "output": [CALL, late]}}
    stream = STREAM.replace(json.dumps(STREAM_EVENTS[-1]), json.dumps(completed))
    assert handed_back(stream) == [
        ("response.output_item.done", CALL),
        ("response.output_item.done", STREAM_EVENTS[2]["item"]),
        ("response.completed", late),
    ]


def _observation(*bodies: Any) -> Observation:
    upstream = [UpstreamRequest("chat", {}, body) for body in bodies]
    return Observation(0, [], upstream, [], [], "", "")


class _Relay(RecordingRelay):
    """The relay's record without sockets."""

    def __init__(self, *connections: Connection) -> None:
        self.connections = list(connections)


def test_a_run_becomes_sse_reply_call_and_request_entries() -> None:
    sent = b"POST /v1/responses HTTP/1.1\r\nContent-Length: 0\r\n\r\n" * 2
    ok = b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: %d\r\n\r\n%s" % (
        len(STREAM),
        STREAM.encode(),
    )
    failed = b"HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
    entries = scenario_entries(_Relay(_connection(sent, ok, failed)), _observation({"messages": []}))
    assert [entry["kind"] for entry in entries] == ["sse", "reply", "call", "request"]
    sse, reply, call, request = entries
    assert (sse["stream"], sse["status"], sse["exchange"]) == (STREAM, 200, 1)
    assert ["Content-Type", "text/event-stream"] in sse["headers"]
    assert (reply["status"], reply["body"], reply["exchange"]) == (400, "{}", 2)
    assert (call["item"], call["exchange"], call["event"]) == (CALL, 1, "response.output_item.done")
    assert request == {"kind": "request", "api": "chat", "body": {"messages": []}}
    recorder = Recorder()
    recorder.keep("9.9.9", "text", "gpt-x", _Relay(_connection(sent, ok)), _observation())
    assert {(entry["edition"], entry["scenario"], entry["model"]) for entry in recorder.entries} == {
        ("9.9.9", "text", "gpt-x")
    }


def _run(name: str, *bodies: Any) -> dict[str, Any]:
    entries = [
        {"kind": "request", "edition": "e", "scenario": "s", "api": "chat", "body": body} for body in bodies
    ]
    return {"name": name, "version": "1", "date": "2026-01-01", "entries": entries}


def test_repeated_parts_of_request_bodies_are_written_once_and_read_back_exactly(tmp_path: Path) -> None:
    instructions = "x" * SHARED_MIN_BYTES
    once = "y" * SHARED_MIN_BYTES
    bodies = [{"messages": [instructions, "a"]}, {"messages": [instructions, "b"], "only": once}]
    content = packed("gw", [_run("gw 1", *bodies)])
    assert len(content["shared"]) == 1  # the instructions, not the text sent once
    text = json.dumps(content)
    assert text.count(instructions) == 1 and SHARED_KEY in text and once in text
    path = tmp_path / "gw.json"
    path.write_text(text, encoding="utf-8")
    assert [entry["body"] for entry in read(path)["runs"][0]["entries"]] == bodies


def test_a_run_recorded_again_replaces_the_one_of_its_name(tmp_path: Path) -> None:
    path = tmp_path / "gw.json"
    write_run(path, "gw", _run("gw 1 (chat)", {"v": 1}))
    write_run(path, "gw", _run("gw 1 (responses)", {"v": 2}))
    write_run(path, "gw", _run("gw 1 (chat)", {"v": 3}))
    runs = read(path)["runs"]
    assert [(run["name"], run["entries"][0]["body"]) for run in runs] == [
        ("gw 1 (chat)", {"v": 3}),
        ("gw 1 (responses)", {"v": 2}),
    ]


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{not json", "not JSON"),
        ('{"format": "other"}', "not a gateway recording"),
        ('{"format": "codex-conformance gateway recording 1", "runs": [{}]}', "run 0: not an object"),
        (
            '{"format": "codex-conformance gateway recording 1", "runs": [{"entries": '
            '[{"kind": "request", "body": {"$shared": "nope"}}]}]}',
            "run 0 entry 0: refers to a shared value 'nope'",
        ),
    ],
)
def test_a_broken_recording_file_is_named_with_the_place(tmp_path: Path, content: str, said: str) -> None:
    path = tmp_path / "broken.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordingFileError, match=re.escape(said)) as caught:
        read(path)
    assert str(path) in str(caught.value)


def test_the_gateways_version_comes_from_the_flag_or_the_name() -> None:
    assert gateway_version("litellm 1.106.12 (openai/ models: Responses)", None) == "1.106.12"
    assert gateway_version("codex-router-proxy v0.5.0", None) == "0.5.0"
    assert gateway_version("my gateway", "2.0") == "2.0"
    assert gateway_version("my gateway", None) is None


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ([], "--record needs --name"),
        (["--name", "my gateway"], "needs the gateway's version"),
    ],
)
def test_record_usage_errors(
    tmp_path: Path, extra: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["gateway", "--gateway", "cmd:proxy {port}", "--record", str(tmp_path / "r.json"), *extra]
    assert main(argv) == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("report", "said"), [("gw.md", "writes its JSON"), ("gw.json", "writes its Markdown")]
)
def test_a_recording_where_the_report_would_go_is_refused_before_anything_runs(
    tmp_path: Path, report: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "gw.json"
    argv = ["gateway", "--gateway", "cmd:proxy {port}", "--record", str(record), "--name", "gw 1.0"]
    assert main([*argv, "--report", str(tmp_path / report)]) == 2
    assert said in capsys.readouterr().err and not record.exists()


def test_a_broken_recording_file_is_refused_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_text("[]", encoding="utf-8")
    argv = ["gateway", "--gateway", "cmd:proxy {port}", "--record", str(path), "--name", "gw 1.0"]
    assert main(argv) == 2
    assert f"{path}: not a gateway recording" in capsys.readouterr().err


def test_the_pass_through_proxy_is_recorded_as_the_upstream_wrote() -> None:
    version = next(iter(EDITIONS))
    recorder = Recorder()
    run = certify_proxy(version, only=("function-call",), recorder=recorder)
    assert [result.outcome for result in run.results] == ["pass"], render(run)
    kinds = [entry["kind"] for entry in recorder.entries]
    assert kinds == ["sse", "sse", "call", "request", "request"]
    first = recorder.entries[0]
    assert (first["status"], first["edition"], first["scenario"]) == (200, version, "function-call")
    # The proxy passes the upstream's stream through: its events are the scripted turn's.
    events = payloads(first["stream"])
    assert events[-1]["type"] == "response.completed"
    assert recorder.entries[2]["item"]["call_id"] in first["stream"]


def render(run: Any) -> str:
    return json.dumps([(result.slug, result.error, result.failed_clauses()) for result in run.results])
