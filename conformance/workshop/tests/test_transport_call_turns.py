"""The transport area's call and silent turns (areas/transport/release.py), and how observe.py sums
up a follow-up message (spec/transport.md, TRANSPORT-MESSAGE-3)."""

from __future__ import annotations

import json

import pytest
from websockets.sync.client import connect

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import MockResponsesServer
from codex_workshop.areas.transport.observe import message_summary
from codex_workshop.areas.transport.release import script
from codex_workshop.drive.errors import RequestArgsError
from codex_workshop.drive.websocket_mock import RecordedMessage

# Editions with the WebSocket transport, each with its own command tool.
WEBSOCKET_EDITIONS = ["0.94.0", "0.171.0"]


@pytest.mark.parametrize("version", WEBSOCKET_EDITIONS)
def test_the_call_turn_calls_the_editions_command_tool_harmlessly(version: str) -> None:
    turn = script({"turns": ["call"]}, version).turns[0]
    items = [event["item"] for event in map(json.loads, turn.messages) if "item" in event]
    edition = get_edition(version)
    assert [item["name"] for item in items] == [edition.command_tool]
    assert json.loads(items[0]["arguments"]) == edition.harmless_call_arguments
    assert json.loads(turn.messages[-1])["type"] == "response.completed"


def test_a_silent_turn_sends_nothing_and_leaves_the_connection_open() -> None:
    silent = script({"turns": ["silent"]}, "0.94.0").turns[0]
    assert silent.messages == [] and silent.close is None and not silent.cut


def test_an_unknown_turn_kind_is_a_clear_error() -> None:
    with pytest.raises(RequestArgsError, match="call"):
        script({"turns": ["tool"]}, "0.94.0")


def test_the_mock_answers_a_response_append_with_the_next_turn() -> None:
    mock = script({"turns": ["call", "full"]}, "0.94.0")
    with (
        MockResponsesServer(upgrade=mock.serve) as server,
        connect(server.base_url.replace("http://", "ws://") + "/responses") as client,
    ):
        client.send('{"type":"response.create","input":[]}')
        first = [json.loads(client.recv(timeout=5)) for _ in mock.turns[0].messages]
        client.send('{"type":"response.append","input":[]}')
        second = [json.loads(client.recv(timeout=5)) for _ in mock.turns[1].messages]
    assert first[1]["item"]["type"] == "function_call"
    assert second[1]["item"]["type"] == "message"


def test_a_follow_up_shows_its_type_keys_and_item_types() -> None:
    body = {"type": "response.append", "input": [{"type": "function_call"}, {"type": "function_call_output"}]}
    summary = message_summary(RecordedMessage(0, "text", json.dumps(body), 0.0))
    assert summary == {
        "connection": 0,
        "type": "response.append",
        "keys": ["type", "input"],
        "input_items": 2,
        "input_types": ["function_call", "function_call_output"],
    }


def test_a_turn_of_messages_alone_names_no_item_types() -> None:
    body = {"type": "response.create", "input": [{"type": "message", "role": "user"}]}
    assert "input_types" not in message_summary(RecordedMessage(0, "text", json.dumps(body), 0.0))
