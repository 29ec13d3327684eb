"""Recording a WebSocket a gateway takes: the messages each side sent after its 101 (websocket_wire.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Close, Frame, Opcode

from codex_conformance.editions import EDITIONS
from codex_workshop.explore.recorded import load
from codex_workshop.gateway.observe import Observation
from codex_workshop.gateway.record import Recorder, scenario_entries
from codex_workshop.gateway.recording_file import write_run
from codex_workshop.gateway.relay import Connection, RecordingRelay
from codex_workshop.gateway.websocket_wire import websocket_exchange
from tests.example_proxies import WEBSOCKET_PROXY, certify_proxy

UPGRADE = (
    b"GET /v1/responses HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
)
TOOK = b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
CALL = {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "call_ws"}
EVENTS = [
    {"type": "response.created", "response": {"id": "resp_1"}},
    {"type": "response.output_item.done", "item": CALL},
    {"type": "response.completed", "response": {"id": "resp_1", "output": [CALL]}},
]
CREATE = json.dumps({"type": "response.create", "model": "gpt-5", "input": []})


def _text(payload: str, *, fin: bool = True, opcode: Opcode = Opcode.TEXT) -> Frame:
    return Frame(opcode, payload.encode("utf-8"), fin=fin)


def _connection(sent: list[bytes], received: list[bytes]) -> Connection:
    connection = Connection()
    connection.sent += b"".join(sent)
    connection.received.extend(received)
    return connection


def _plain_exchange() -> Connection:
    """The release sends response.create in two fragments and closes; the gateway answers with
    three events and a ping, in reads that cut through frames."""
    release_frames = [
        _text(CREATE[:20], fin=False).serialize(mask=True),
        _text(CREATE[20:], fin=True, opcode=Opcode.CONT).serialize(mask=True),
        Frame(Opcode.CLOSE, Close(1000, "done").serialize()).serialize(mask=True),
    ]
    gateway = b"".join(
        [
            *(_text(json.dumps(event)).serialize(mask=False) for event in EVENTS),
            Frame(Opcode.PING, b"hi").serialize(mask=False),
        ]
    )
    reads = [TOOK + b"\r\n" + gateway[:7], gateway[7:50], gateway[50:]]
    return _connection([UPGRADE, *release_frames], reads)


def test_each_sides_messages_are_read_back_fragments_joined() -> None:
    exchange = websocket_exchange(_plain_exchange())
    assert exchange is not None and exchange.complete
    assert exchange.from_release == [
        {"type": "text", "data": CREATE},
        {"type": "close", "code": 1000, "reason": "done"},
    ]
    assert [json.loads(m["data"]) for m in exchange.from_gateway if m["type"] == "text"] == EVENTS
    assert exchange.from_gateway[-1] == {"type": "ping", "data": "hi"}
    assert ("Upgrade", "websocket") in exchange.headers


def test_compressed_messages_are_inflated_with_the_parameters_the_101_accepted() -> None:
    accepted = b"Sec-WebSocket-Extensions: permessage-deflate; server_no_context_takeover\r\n"
    # The gateway compresses as a server whose context resets each message; the release as a client.
    server = PerMessageDeflate(False, True, 15, 15)
    client = PerMessageDeflate(True, False, 15, 15)
    gateway = b"".join(
        _text(json.dumps(event)).serialize(mask=False, extensions=[server]) for event in EVENTS
    )
    release = _text(CREATE).serialize(mask=True, extensions=[client])
    assert json.dumps(EVENTS[0]).encode() not in gateway  # really compressed
    exchange = websocket_exchange(_connection([UPGRADE, release], [TOOK + accepted + b"\r\n" + gateway]))
    assert exchange is not None and exchange.complete
    assert [json.loads(m["data"]) for m in exchange.from_gateway] == EVENTS
    assert exchange.from_release == [{"type": "text", "data": CREATE}]


def test_bytes_that_end_inside_a_frame_keep_the_whole_messages_and_say_so() -> None:
    whole = _plain_exchange()
    cut = _connection([bytes(whole.sent)], [b"".join(whole.received)[:-3]])
    exchange = websocket_exchange(cut)
    assert exchange is not None and not exchange.complete
    assert [json.loads(m["data"]) for m in exchange.from_gateway] == EVENTS  # the ping was cut


def test_a_connection_the_gateway_did_not_take_is_no_websocket() -> None:
    refused = _connection([UPGRADE], [b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"])
    assert websocket_exchange(refused) is None
    plain = _connection([b"POST /v1/responses HTTP/1.1\r\nContent-Length: 0\r\n\r\n"], [TOOK + b"\r\n"])
    assert websocket_exchange(plain) is None


def _recorded(connection: Connection) -> list[dict[str, Any]]:
    relay = RecordingRelay(("127.0.0.1", 9))
    try:
        relay.connections.append(connection)
        observation = Observation(0, [], [], [], [], "", "")
        return scenario_entries(relay, observation)
    finally:
        relay.close()


def test_a_websocket_becomes_an_entry_and_the_calls_its_messages_hand_back_call_entries() -> None:
    entries = _recorded(_plain_exchange())
    assert [entry["kind"] for entry in entries] == ["websocket", "call"]
    assert entries[0]["status"] == 101 and entries[0]["complete"]
    assert entries[1] == {
        "kind": "call",
        "exchange": 1,
        "event": "response.output_item.done",
        "item": CALL,
    }


def test_a_recording_with_a_websocket_entry_is_read_as_explorer_inputs(tmp_path: Path) -> None:
    version = next(v for v, e in EDITIONS.items() if e.websocket_config is not None)
    tagged = [
        {"edition": version, "scenario": "websocket", "model": "gpt-5", **e}
        for e in _recorded(_plain_exchange())
    ]
    path = tmp_path / "gw.json"
    run = {"name": "gw 1.0", "version": "1.0", "command": "gw", "date": "2026-12-03", "editions": [version]}
    write_run(path, "gw", {**run, "entries": tagged})
    inputs = load([path])
    assert [found.op for found in inputs] == ["dispatch.call"]


def test_the_websocket_relay_is_recorded_as_the_release_and_the_upstream_spoke() -> None:
    version = [v for v, e in EDITIONS.items() if e.websocket_config is not None][-1]
    recorder = Recorder()
    run = certify_proxy(version, proxy=WEBSOCKET_PROXY, only=("websocket",), recorder=recorder)
    assert [result.outcome for result in run.results] == ["pass"]
    sockets = [entry for entry in recorder.entries if entry["kind"] == "websocket"]
    assert sockets and all(entry["complete"] for entry in sockets)
    sent = [json.loads(m["data"]) for s in sockets for m in s["from_release"] if m["type"] == "text"]
    got = [json.loads(m["data"]) for s in sockets for m in s["from_gateway"] if m["type"] == "text"]
    assert {message["type"] for message in sent} == {"response.create"}
    # Each response.create is answered to its end (a warm-up one included where the release sends it).
    assert [event["type"] for event in got].count("response.completed") == len(sent) >= 2
    calls = [entry for entry in recorder.entries if entry["kind"] == "call"]
    assert [call["item"]["call_id"] for call in calls] == ["call_websocket"]
