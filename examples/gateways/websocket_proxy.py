"""The pass-through proxy (passthrough_proxy.py) that also relays Responses over a WebSocket.

    python websocket_proxy.py --port PORT --upstream http://127.0.0.1:N/v1 [--break KIND]

HTTP requests go as in passthrough_proxy.py.  A WebSocket upgrade of
``/v1/responses`` is relayed message by message: the proxy opens its own
WebSocket to ``UPSTREAM/responses`` with the release's handshake headers (less
the hop-by-hop and ``sec-websocket-*`` ones, which each side negotiates for
itself), answers the release's handshake with the upstream's answer headers,
then passes each text message on, both ways, as it comes, and a close or a
cut of either side on to the other.  An upgrade the upstream refuses is
refused to the release with the same status and body, so the release falls
back to HTTP as it would talking to the upstream itself.  The ``websockets``
library does the protocol on both sides (the kit's workshop depends on it).

This is what ``codex-conformance gateway --only websocket`` certifies as a
relay in the kit's own tests; ``--break KIND`` makes it fail on one clause
(spec/gateway.md):

- ``ws-drop-metadata``: each ``response.create`` passed on without its
  ``client_metadata``, as a relay that rebuilds a message from the keys it
  knows does (GATEWAY-WS-1);
- ``ws-strip-handshake``: only ``authorization`` kept of the handshake's own
  headers, as a relay that opens its upstream WebSocket with its own headers
  does: Codex's identity, and ``openai-beta``, are lost (GATEWAY-HEADERS-1).

The breaks of passthrough_proxy.py apply to its HTTP requests too.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from contextlib import suppress
from http.server import ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from passthrough_proxy import _HOP_BY_HOP, BREAKS, Proxy, parser
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidState, InvalidStatus
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.server import ServerProtocol
from websockets.sync.client import ClientConnection, connect

WEBSOCKET_BREAKS = ("ws-drop-metadata", "ws-strip-handshake")
# Each side of the relay negotiates these for itself: they are not the release's to pass on.
_HANDSHAKE_OWN = _HOP_BY_HOP | {
    "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions", "sec-websocket-protocol",
    "sec-websocket-accept", "date", "server",
}  # fmt: skip
_READ_BYTES = 65536
_CONNECT_SECONDS = 10.0


def _message(text: str, broken: str | None) -> str:
    if broken != "ws-drop-metadata":
        return text
    try:
        message = json.loads(text)
    except ValueError:
        return text
    if not isinstance(message, dict) or "client_metadata" not in message:
        return text
    return json.dumps({key: value for key, value in message.items() if key != "client_metadata"})


class WebSocketProxy(Proxy):
    def _forward(self) -> None:
        if (self.headers.get("Upgrade") or "").lower() == "websocket":
            self._relay_websocket()
            return
        super()._forward()

    do_GET = do_POST = do_PUT = do_DELETE = _forward

    def _handshake_headers(self) -> list[tuple[str, str]]:
        headers = [
            (name, value) for name, value in self.headers.items() if name.lower() not in _HANDSHAKE_OWN
        ]
        if self.broken == "ws-strip-handshake":
            headers = [(name, value) for name, value in headers if name.lower() == "authorization"]
        return headers

    def _relay_websocket(self) -> None:
        self.close_connection = True
        path = self.path[len("/v1") :] if self.path.startswith("/v1") else self.path
        url = f"ws://{self.upstream.hostname}:{self.upstream.port}{self.upstream.path.rstrip('/')}{path}"
        try:
            upstream = connect(
                url,
                additional_headers=self._handshake_headers(),
                user_agent_header=None,  # the release's own user-agent is among the headers passed on
                open_timeout=_CONNECT_SECONDS,
                max_size=None,
            )
        except InvalidStatus as refused:
            self._answer_refusal(refused.response.status_code, refused.response.body or b"")
            return
        except (OSError, InvalidHandshake, TimeoutError) as failed:
            self._answer_refusal(502, json.dumps({"error": {"message": f"upstream: {failed}"}}).encode())
            return
        with upstream:
            _Relay(self, upstream).run()

    def _answer_refusal(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)


class _Relay:
    """One release connection and the proxy's upstream WebSocket, passing messages both ways."""

    def __init__(self, handler: WebSocketProxy, upstream: ClientConnection) -> None:
        self.handler, self.upstream = handler, upstream
        self.socket: socket.socket = handler.connection
        self.protocol = ServerProtocol(extensions=[ServerPerMessageDeflateFactory()], max_size=None)
        # Both directions write on the release's side: one at a time.
        self.lock = threading.Lock()

    def _flush(self) -> None:
        for chunk in self.protocol.data_to_send():
            if chunk:
                self.socket.sendall(chunk)

    def _locked(self, action: Callable[[], Any]) -> None:
        with self.lock:
            action()
            self._flush()

    def run(self) -> None:
        # The handler has read the request already: given to the protocol as the bytes it was.
        raw: bytes = getattr(self.handler, "raw_requestline", b"")
        lines = [raw.rstrip(b"\r\n")]
        lines += [f"{name}: {value}".encode("latin-1") for name, value in self.handler.headers.items()]
        self.protocol.receive_data(b"\r\n".join(lines) + b"\r\n\r\n")
        request = next(event for event in self.protocol.events_received() if isinstance(event, Request))
        response = self.protocol.accept(request)
        answered = self.upstream.response
        for name, value in answered.headers.raw_items() if answered is not None else ():
            if name.lower() not in _HANDSHAKE_OWN:
                response.headers[name] = value
        self._locked(lambda: self.protocol.send_response(response))
        if response.status_code != 101:
            return
        downstream = threading.Thread(target=self._to_release, daemon=True)
        downstream.start()
        with suppress(OSError, ConnectionClosed):
            self._to_upstream()
        downstream.join(timeout=5)

    def _to_upstream(self) -> None:
        while True:
            data = self.handler.rfile.read1(_READ_BYTES)
            if not data:
                self.upstream.close()
                return
            with self.lock:
                self.protocol.receive_data(data)
                frames = [event for event in self.protocol.events_received() if isinstance(event, Frame)]
                self._flush()  # pongs, and the answer to a close
            for frame in frames:
                if frame.opcode is Opcode.TEXT:
                    self.upstream.send(_message(bytes(frame.data).decode("utf-8"), self.handler.broken))
                elif frame.opcode is Opcode.BINARY:
                    self.upstream.send(bytes(frame.data))
                elif frame.opcode is Opcode.CLOSE:
                    code = self.protocol.close_code
                    self.upstream.close(1000 if code is None else code, self.protocol.close_reason or "")
                    return

    def _to_release(self) -> None:
        try:
            while True:
                message = self.upstream.recv()
                if isinstance(message, str):
                    self._locked(lambda text=message: self.protocol.send_text(text.encode("utf-8")))
                else:
                    self._locked(lambda data=message: self.protocol.send_binary(data))
        except ConnectionClosed as closed:
            received = closed.rcvd
            # The release closed first (its close is passed on already), or a close to pass back.
            with suppress(OSError, InvalidState):
                if received is None:  # the upstream cut the connection: so is the release's
                    self.socket.shutdown(socket.SHUT_RDWR)
                else:
                    self._locked(lambda: self.protocol.send_close(received.code, received.reason))
        except (OSError, InvalidState):
            return


def main() -> None:
    options = parser(__doc__, (*BREAKS, *WEBSOCKET_BREAKS)).parse_args()
    WebSocketProxy.upstream = urlsplit(options.upstream)
    WebSocketProxy.broken = options.broken
    server = ThreadingHTTPServer(("127.0.0.1", options.port), WebSocketProxy)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
