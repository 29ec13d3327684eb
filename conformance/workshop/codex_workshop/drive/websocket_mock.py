"""The mock server's WebSocket side: Responses over a WebSocket, scripted, and recorded.

A release whose provider supports WebSockets first asks ``GET base_url/responses``
as a WebSocket upgrade on the mock's own origin; the mock's HTTP handler hands
such a request to ``WebSocketScript.serve`` (its ``upgrade`` hook), so that the
HTTP fallback that follows a refusal reaches the same server.  The protocol
itself (handshake, framing, masking, permessage-deflate, ping and close) is the
``websockets`` library's sans-I/O ``ServerProtocol``; this module only moves the
bytes between it and the socket and decides, from the script, what to answer.

What the script can do with an upgrade: accept it (and then answer each message
the release sends with the next scripted turn), refuse it with an HTTP status
(404, 426, ...), or drop the connection without answering.  A turn is a list of
text messages (Responses events as JSON), then optionally a close frame or a
cut of the TCP connection.  Everything the release sends on an accepted
connection is recorded in order, with its connection's number and arrival time.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from typing import Any

from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.http11 import Request, Response
from websockets.server import ServerProtocol

# A release that opened a connection and sent nothing is not waited for longer than this.
_READ_TIMEOUT_SECONDS = 30.0
_READ_BYTES = 65536


@dataclass(frozen=True)
class WebSocketTurn:
    """The mock's answer to one message: ``messages`` as text frames, then what ends the turn.

    ``close``: a close frame (code, reason) after the messages; ``cut``: the TCP
    connection is shut without a close frame; neither: the connection stays open
    for the next message."""

    messages: list[str]
    close: tuple[int, str] | None = None
    cut: bool = False


@dataclass(frozen=True)
class RecordedMessage:
    connection: int
    # "text", "binary" or "close" (a close frame's data is its code and reason as "code reason",
    # empty for a close frame without a code).
    kind: str
    data: str
    received_at: float

    def json(self) -> Any:
        return json.loads(self.data)


@dataclass(frozen=True)
class Refusal:
    """An upgrade answered with an HTTP status instead (``status`` 0: dropped unanswered)."""

    status: int
    body: bytes = b'{"error":{"message":"websocket not supported"}}'


@dataclass
class WebSocketScript:
    """Plug into ``MockResponsesServer.upgrade``.  ``refusals[i]`` answers the i-th upgrade
    (the last one repeats; empty: every upgrade is accepted); ``turns[j]`` answers the j-th
    message counted over all connections (the last one repeats)."""

    turns: Sequence[WebSocketTurn] = ()
    refusals: Sequence[Refusal | None] = ()
    deflate: bool = True
    # The answer to a warm-up (a ``response.create`` with ``generate: false``, sent by some
    # releases before the turn's own): it takes no turn, so one script serves every edition.
    warmup: WebSocketTurn | None = None
    # Headers added to every accepted handshake's response (what a server tells the client there).
    response_headers: Sequence[tuple[str, str]] = ()
    # Given: it answers every message (its text) instead of ``turns`` and ``warmup``, for a server
    # whose answer depends on what was sent (the gateway mode's scripted model reads the tools).
    answer: Callable[[str], WebSocketTurn | None] | None = None
    messages: list[RecordedMessage] = field(default_factory=list)
    # The response headers of each accepted handshake, in order.
    handshakes: list[list[tuple[str, str]]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _upgrades: int = 0
    _answered: int = 0
    # The server of the run being answered: a run made again (drive/stall.py) has a new one,
    # and starts the script afresh rather than where the stalled run left it.
    _server: object = None

    def _start_run_of(self, server: object) -> None:
        """Forget what an earlier run (one that stalled, then was run again) was sent and answered."""
        with self._lock:
            if server is self._server:
                return
            if self._server is not None:
                self._upgrades = self._answered = 0
                self.messages.clear()
                self.handshakes.clear()
            self._server = server

    def _next_refusal(self) -> tuple[int, Refusal | None]:
        with self._lock:
            number = self._upgrades
            self._upgrades += 1
        if not self.refusals:
            return number, None
        return number, self.refusals[min(number, len(self.refusals) - 1)]

    def _next_turn(self) -> WebSocketTurn | None:
        with self._lock:
            if not self.turns:
                return None
            turn = self.turns[min(self._answered, len(self.turns) - 1)]
            self._answered += 1
        return turn

    def serve(self, handler: BaseHTTPRequestHandler) -> None:
        """Answer the upgrade request ``handler`` has read (its request line and headers)."""
        handler.close_connection = True
        self._start_run_of(handler.server)
        number, refusal = self._next_refusal()
        connection: socket.socket = handler.connection
        if refusal is not None:
            _refuse(handler, refusal)
            return
        factories = [ServerPerMessageDeflateFactory()] if self.deflate else None
        protocol = ServerProtocol(extensions=factories, max_size=None)
        # The handler has read the request already: it is given to the protocol as the bytes it
        # was, so that the protocol's parser moves on to frames as it does after its own read.
        protocol.receive_data(_request_bytes(handler))
        request = next(event for event in protocol.events_received() if isinstance(event, Request))
        response: Response = protocol.accept(request)
        for name, value in self.response_headers:
            response.headers[name] = value
        protocol.send_response(response)
        with self._lock:
            self.handshakes.append(list(response.headers.raw_items()))
        try:
            _flush(connection, protocol)
            if response.status_code == 101:
                self._converse(handler, connection, protocol, number)
        except OSError:
            return  # the release went away: what it sent so far is the observation

    def _converse(
        self,
        handler: BaseHTTPRequestHandler,
        connection: socket.socket,
        protocol: ServerProtocol,
        number: int,
    ) -> None:
        connection.settimeout(_READ_TIMEOUT_SECONDS)
        while True:
            data = handler.rfile.read1(_READ_BYTES)
            if not data:
                protocol.receive_eof()
                return
            protocol.receive_data(data)
            for frame in protocol.events_received():
                if not isinstance(frame, Frame):
                    continue  # the handshake's request was taken before the loop
                if frame.opcode is Opcode.CLOSE:
                    code = protocol.close_code
                    self._record(
                        number, "close", "" if code is None else f"{code} {protocol.close_reason}".rstrip()
                    )
                    _flush(connection, protocol)
                    return
                if frame.opcode in (Opcode.TEXT, Opcode.BINARY):
                    kind = "text" if frame.opcode is Opcode.TEXT else "binary"
                    text = bytes(frame.data).decode("utf-8", errors="replace")
                    self._record(number, kind, text)
                    if not self._answer(connection, protocol, self._turn_for(text)):
                        return
            _flush(connection, protocol)  # pongs and close answers the protocol queued

    def _turn_for(self, text: str) -> WebSocketTurn | None:
        if self.answer is not None:
            return self.answer(text)
        if self.warmup is not None and _is_warmup(text):
            return self.warmup
        return self._next_turn()

    def _answer(
        self, connection: socket.socket, protocol: ServerProtocol, turn: WebSocketTurn | None
    ) -> bool:
        """Send ``turn``; False when it ended the connection."""
        if turn is None:
            return True
        for message in turn.messages:
            protocol.send_text(message.encode("utf-8"))
        if turn.cut:
            _flush(connection, protocol)
            connection.shutdown(socket.SHUT_RDWR)
            return False
        if turn.close is not None:
            protocol.send_close(*turn.close)
        _flush(connection, protocol)
        return turn.close is None

    def _record(self, number: int, kind: str, data: str) -> None:
        with self._lock:
            self.messages.append(RecordedMessage(number, kind, data, time.monotonic()))


def _is_warmup(text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("generate") is False


def _request_bytes(handler: BaseHTTPRequestHandler) -> bytes:
    # The handler keeps the request line it read as bytes (an attribute typeshed does not name).
    raw: bytes = getattr(handler, "raw_requestline", b"")
    lines = [raw.rstrip(b"\r\n")]
    lines += [f"{name}: {value}".encode("latin-1") for name, value in handler.headers.items()]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def _flush(connection: socket.socket, protocol: ServerProtocol) -> None:
    for chunk in protocol.data_to_send():
        if chunk:
            connection.sendall(chunk)


def _refuse(handler: BaseHTTPRequestHandler, refusal: Refusal) -> None:
    try:
        if refusal.status == 0:
            handler.connection.shutdown(socket.SHUT_RDWR)
            return
        # One write for the status line, headers and body: a client that reads the refusal
        # once then sees the body too, every run (written in pieces, whether it did was a race).
        reason = HTTPStatus(refusal.status).phrase if refusal.status in set(HTTPStatus) else "Refused"
        head = (
            f"HTTP/1.1 {refusal.status} {reason}\r\n"
            "Content-Type: application/json\r\n"
            f"Content-Length: {len(refusal.body)}\r\n"
            "Connection: close\r\n\r\n"
        )
        handler.connection.sendall(head.encode("ascii") + refusal.body)
    except OSError:
        return  # a release that gave up first: not an error
