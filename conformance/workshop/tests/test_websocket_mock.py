"""The mock's WebSocket side (drive/websocket_mock.py), driven by the `websockets` library's own client."""

from __future__ import annotations

import json
import socket
import urllib.request
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus
from websockets.sync.client import connect

from codex_conformance.mock_responses_server import MockResponsesServer
from codex_workshop.drive.websocket_mock import Refusal, WebSocketScript, WebSocketTurn

_TURN = WebSocketTurn(['{"type":"response.created"}', '{"type":"response.completed"}'])
_WARMUP = WebSocketTurn(['{"type":"warm"}'])


def _ws_url(server: MockResponsesServer) -> str:
    return server.base_url.replace("http://", "ws://") + "/responses"


@pytest.fixture
def mock() -> Iterator[tuple[MockResponsesServer, WebSocketScript]]:
    script = WebSocketScript(turns=[_TURN], warmup=_WARMUP)
    with MockResponsesServer(upgrade=script.serve) as server:
        yield server, script


def test_an_accepted_upgrade_answers_each_message_with_the_next_turn_and_records_it(
    mock: tuple[MockResponsesServer, WebSocketScript],
) -> None:
    server, script = mock
    with connect(_ws_url(server), additional_headers={"openai-beta": "x"}) as client:
        client.send('{"type":"response.create","n":1}')
        received = [client.recv(timeout=5), client.recv(timeout=5)]
    assert received == _TURN.messages
    assert [json.loads(m.data)["n"] for m in script.messages if m.kind == "text"] == [1]
    upgrade = server.requests[0]
    assert upgrade.method == "GET" and ("openai-beta", "x") in upgrade.headers
    assert ("Sec-WebSocket-Extensions", "permessage-deflate") in script.handshakes[0]


def test_a_warmup_message_gets_the_warmup_answer_and_takes_no_turn(
    mock: tuple[MockResponsesServer, WebSocketScript],
) -> None:
    server, _ = mock
    with connect(_ws_url(server)) as client:
        client.send('{"type":"response.create","generate":false}')
        assert client.recv(timeout=5) == _WARMUP.messages[0]
        client.send('{"type":"response.create"}')
        assert client.recv(timeout=5) == _TURN.messages[0]


def test_a_close_turn_sends_a_close_frame_after_its_messages() -> None:
    script = WebSocketScript(turns=[WebSocketTurn(['{"type":"response.created"}'], close=(1011, "bye"))])
    with MockResponsesServer(upgrade=script.serve) as server, connect(_ws_url(server)) as client:
        client.send("{}")
        assert client.recv(timeout=5) == '{"type":"response.created"}'
        with pytest.raises(ConnectionClosed) as closed:
            client.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1011


@pytest.mark.parametrize("status", [404, 426])
def test_a_refusal_answers_the_upgrade_with_its_status(status: int) -> None:
    script = WebSocketScript(refusals=[Refusal(status)])
    with MockResponsesServer(upgrade=script.serve) as server:
        with pytest.raises(InvalidStatus) as refused:
            connect(_ws_url(server))
        # The HTTP side is untouched: a POST still gets its stream.
        request = urllib.request.Request(server.base_url + "/responses", data=b"{}", method="POST")
        answer = urllib.request.urlopen(request, timeout=5)
        assert answer.status == 200
        answer.close()
    assert refused.value.response.status_code == status
    assert b"websocket not supported" in refused.value.response.body


def test_a_drop_closes_the_connection_unanswered() -> None:
    script = WebSocketScript(refusals=[Refusal(0)])
    with MockResponsesServer(upgrade=script.serve) as server, pytest.raises(InvalidMessage):
        connect(_ws_url(server), open_timeout=5)  # no HTTP response at all
    assert len(server.requests) == 1


def test_a_server_without_an_upgrade_hook_still_answers_404() -> None:
    with MockResponsesServer() as server:
        host, port = server.base_url.split("//")[1].split("/")[0].split(":")
        with socket.create_connection((host, int(port)), timeout=5) as raw:
            raw.sendall(
                b"GET /v1/responses HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
            )
            assert raw.recv(64).startswith(b"HTTP/1.1 404")


def test_a_run_made_again_on_a_new_server_starts_the_script_afresh() -> None:
    # A stalled release run is run once more (drive/stall.py) with the same script: the
    # second run must be refused and answered as the first was, and record only its own.
    script = WebSocketScript(turns=[_TURN], refusals=[Refusal(404), None])
    for run in (1, 2):
        with MockResponsesServer(upgrade=script.serve) as server:
            with pytest.raises(InvalidStatus):
                connect(_ws_url(server))
            with connect(_ws_url(server)) as client:
                client.send(json.dumps({"type": "response.create", "run": run}))
                assert client.recv(timeout=5) == _TURN.messages[0]
        assert [json.loads(m.data)["run"] for m in script.messages if m.kind == "text"] == [run]
        assert len(script.handshakes) == 1
