"""The kit's upstream over a WebSocket: the scenario's scripted model answering ``response.create``.

In the ``websocket`` scenario the upstream accepts the upgrade (spec/transport.md: Responses over a
WebSocket), so that a gateway that relays the WebSocket itself reaches a server that speaks it.
The protocol is the mock's WebSocket side (drive/websocket_mock.py); this module only decides what
each message gets: a warm-up (``generate: false``) an empty completed response, any other message
the script's next step as Responses events, one per text frame, with the calls made the way the
message's tools offer them (model.py), as the HTTP upstream answers a request.

What the verdicts compare is each message as a model request: its handshake's headers (those of
the upgrade request that opened its connection) and its body.  A message that continues an earlier
response (``previous_response_id``) carries only the items that response did not have; its body is
read here with that response's input and output put back in front, as the API reads it, so that
the clauses that follow calls and outputs through the history (GATEWAY-PAIR-1, GATEWAY-SEARCH-1)
read a WebSocket turn as they read an HTTP one.  0.94.0's ``response.append`` (spec/transport.md
TRANSPORT-MESSAGE-3) names no response: it continues the last one answered on its connection, and
carries that response's output again itself (the call, then its output), so it is read with the
input of the request it continues put back in front, and answered with that request's tools (it
carries none of its own).  The upstream takes it to continue the last response it gave at all,
which is the same response while the release keeps one connection open at a time, as every
scenario's run does.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from codex_conformance.mock_responses_server import RecordedRequest, turn_events
from codex_workshop.drive.websocket_mock import WebSocketScript, WebSocketTurn
from codex_workshop.gateway.model import Failure, Script, model_visible_tools

# The name a model request received over the WebSocket goes by in a scenario's result and report.
WEBSOCKET_API = "websocket"


@dataclass(frozen=True)
class RelayedMessage:
    """A ``response.create`` the upstream received: when, on which connection, with which handshake
    headers (names lower-cased), and its body with an earlier response's history put back."""

    received_at: float
    connection: int
    headers: dict[str, str]
    body: Any


def _frames(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(event) for event in events]


@dataclass
class WebSocketUpstream:
    """Plug ``mock.serve`` into ``MockResponsesServer.upgrade``; read back with ``messages``."""

    script: Script
    mock: WebSocketScript = field(init=False)
    # Each message's text and its body read with the history it continues, in the order answered.
    _read: list[tuple[str, Any]] = field(default_factory=list)
    # Each response id the upstream gave: the input it answered (history included) and its output.
    _histories: dict[str, list[Any]] = field(default_factory=dict)
    # The input (history included) and tools of the request each response id answered, and the
    # last response id given: what a ``response.append`` continues.
    _inputs: dict[str, list[Any]] = field(default_factory=dict)
    _tools: dict[str, Any] = field(default_factory=dict)
    _last_response: str | None = None
    _steps: int = 0
    _warmups: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.mock = WebSocketScript(answer=self._answer)

    def _answer(self, text: str) -> WebSocketTurn | None:
        try:
            message = json.loads(text)
        except ValueError:
            return None  # not a message the scripted model can read: left unanswered
        if not isinstance(message, dict):
            return None
        with self._lock:
            body = self._with_history(message)
            self._read.append((text, body))
            if message.get("generate") is False:
                self._warmups += 1
                response_id = f"resp_gateway_warmup_{self._warmups}"
                self._histories[response_id] = list(body.get("input") or [])
                self._remember(response_id, body)
                return WebSocketTurn(_frames(turn_events([], response_id)))
            index = min(self._steps, len(self.script.steps) - 1)
            self._steps += 1
        step = self.script.steps[index]
        response_id = f"resp_gateway_{index + 1}"
        if isinstance(step, Failure):
            # The Responses API's WebSocket reports a refused turn as an error event.
            event = {"type": "error", "status": step.status, **dict(step.body)}
            return WebSocketTurn(_frames([event]))
        items = [output.item(model_visible_tools(body)) for output in step.outputs]
        with self._lock:
            self._histories[response_id] = [*(body.get("input") or []), *items]
            self._remember(response_id, body)
        return WebSocketTurn(_frames(turn_events(items, response_id, completed=not step.cut)), cut=step.cut)

    def _remember(self, response_id: str, body: dict[str, Any]) -> None:
        self._inputs[response_id] = list(body.get("input") or [])
        self._tools[response_id] = body.get("tools")
        self._last_response = response_id

    def _with_history(self, message: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(message.get("input"), list):
            return message
        if message.get("type") == "response.append":
            continued = str(self._last_response)
            earlier = self._inputs.get(continued)
        else:
            continued = str(message.get("previous_response_id"))
            earlier = self._histories.get(continued)
        if earlier is None:
            return message
        read = {**message, "input": [*earlier, *message["input"]]}
        if "tools" not in message and self._tools.get(continued) is not None:
            read["tools"] = self._tools[continued]
        return read

    def messages(self, requests: list[RecordedRequest]) -> list[RelayedMessage]:
        """Every text message the upstream received, given the server's recorded ``requests`` (the
        n-th WebSocket upgrade among them opened connection n)."""
        handshakes = [
            {name.lower(): value for name, value in request.headers}
            for request in requests
            if request.method == "GET"
            and any(
                name.lower() == "upgrade" and value.lower() == "websocket" for name, value in request.headers
            )
        ]
        with self._lock:
            unread = list(self._read)
        found = []
        for recorded in list(self.mock.messages):
            if recorded.kind != "text":
                continue
            at = next((i for i, (text, _) in enumerate(unread) if text == recorded.data), None)
            if at is not None:
                body = unread.pop(at)[1]
            else:
                try:
                    body = recorded.json()
                except ValueError:
                    body = recorded.data
            headers = handshakes[recorded.connection] if recorded.connection < len(handshakes) else {}
            found.append(RelayedMessage(recorded.received_at, recorded.connection, headers, body))
        return found


__all__ = ["WEBSOCKET_API", "RelayedMessage", "WebSocketUpstream"]
