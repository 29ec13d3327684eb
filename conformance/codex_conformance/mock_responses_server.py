"""A loopback Responses endpoint that replays scripted SSE and records requests.

The release under capture is pointed at ``base_url``; every request it makes
(any method, any path) is recorded with its headers and raw body.  ``POST``
requests to a path ending in ``/responses`` are answered with the next
scripted SSE stream; once the script is exhausted the last stream repeats,
so a release that retries still gets an answer.  ``POST`` requests to a
path ending in ``/chat/completions`` are answered the same way from
``chat_streams`` (its own script and counter; chat_sse.py writes chat
chunks), when the server was given one.  Anything else gets a 404, which is
what a provider without that endpoint would say.

A stream is either SSE text (sent at once, with a Content-Length) or a
``ScriptedStream``: byte chunks written one by one with a pause before each,
chunked transfer encoding, and optionally another HTTP status.  That is how
the SSE captures show what a release does with an event split across reads,
a slow stream, or an HTTP-level failure.  A scripted stream with ``abort``
closes the connection after its last chunk without the final empty chunk:
the body ends mid-transfer, as when a gateway or the network drops the
connection in the middle of an event (spec/http.md).
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class _LoopbackServer(ThreadingHTTPServer):
    """Stays quiet when a client drops its connection before or during a reply.

    A release gives up on side requests (a WebSocket upgrade it falls back
    from, a retry it abandons) by closing the socket; the standard server
    would print that as a traceback into the capturing process's output,
    where it reads like a failure of the kit.  Any other error still prints.
    """

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: list[tuple[str, str]]
    body: bytes
    # time.monotonic() when the request arrived: retry delays are read from it.
    received_at: float = 0.0
    # time.time() then: compared with the timestamps of a release's own log lines.
    received_wall: float = 0.0

    def json_body(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


def sse_event(payload: dict[str, Any]) -> str:
    """One SSE event whose ``event:`` name is the payload's ``type``."""
    return f"event: {payload['type']}\ndata: {json.dumps(payload)}\n\n"


_USAGE = {
    "input_tokens": 1,
    "input_tokens_details": None,
    "output_tokens": 1,
    "output_tokens_details": None,
    "total_tokens": 2,
}


def turn_events(
    items: Sequence[dict[str, Any]], response_id: str, *, completed: bool = True
) -> list[dict[str, Any]]:
    """The events of one model turn: created, each output item, and ``response.completed`` unless
    the turn is cut short (a stream that ends without it)."""
    events: list[dict[str, Any]] = [{"type": "response.created", "response": {"id": response_id}}]
    events += [{"type": "response.output_item.done", "item": item} for item in items]
    if completed:
        events.append({"type": "response.completed", "response": {"id": response_id, "usage": _USAGE}})
    return events


def turn_stream(items: list[dict[str, Any]], response_id: str = "resp_1") -> str:
    """One model turn every edition accepts: the output items, then ``response.completed``."""
    return "".join(sse_event(event) for event in turn_events(items, response_id))


def simple_reply_stream(text: str = "done", response_id: str = "resp_1") -> str:
    """The smallest stream every edition accepts: one assistant message, completed."""
    message = {
        "type": "message",
        "role": "assistant",
        "id": "msg_1",
        "content": [{"type": "output_text", "text": text, "annotations": []}],
    }
    return turn_stream([message], response_id)


def _is_chat_path(path: str) -> bool:
    return path.split("?", maxsplit=1)[0].rstrip("/").endswith("/chat/completions")


@dataclass(frozen=True)
class ScriptedStream:
    """A response written chunk by chunk: ``chunks[i]`` after sleeping ``delays[i]`` seconds."""

    chunks: list[bytes]
    delays: list[float] = field(default_factory=list)
    status: int = 200
    # None: no Content-Type header at all (a reply that names no type).
    content_type: str | None = "text/event-stream"
    headers: list[tuple[str, str]] = field(default_factory=list)
    # Close the connection after the chunks, without the chunked body's end.
    abort: bool = False

    def delay_before(self, index: int) -> float:
        return self.delays[index] if index < len(self.delays) else 0.0


Stream = str | ScriptedStream
# A stream made when its request arrives, from the Responses requests so far (that
# one included): a scripted model can then echo what the release just wrote back,
# such as a cursor the release issued.
StreamFactory = Callable[[list[RecordedRequest]], Stream]


@dataclass
class MockResponsesServer:
    """Start with ``with MockResponsesServer(streams) as server:``."""

    streams: Sequence[Stream | StreamFactory] = field(default_factory=lambda: [simple_reply_stream()])
    requests: list[RecordedRequest] = field(default_factory=list)
    # None: `/chat/completions` is not served (404), as before chat captures existed.
    chat_streams: Sequence[Stream | StreamFactory] | None = None
    # 0: any free port.  A fixed port is for a server something else was
    # configured to reach before it started (a gateway already running).
    port: int = 0
    # Given: a WebSocket upgrade request (recorded like any other) is handed to it with the
    # handler that read it, instead of the 404 (codex_workshop/drive/websocket_mock.py).
    upgrade: Callable[[BaseHTTPRequestHandler], None] | None = None
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _served: int = 0
    _chat_served: int = 0

    @property
    def base_url(self) -> str:
        assert self._server is not None, "server not started"
        port = self._server.server_address[1]
        return f"http://127.0.0.1:{port}/v1"

    def reset(
        self,
        streams: Sequence[Stream | StreamFactory],
        chat_streams: Sequence[Stream | StreamFactory] | None = None,
    ) -> None:
        """Start over with another script, forgetting the requests so far (one server, many runs)."""
        with self._lock:
            self.streams = streams
            self.chat_streams = chat_streams
            self.requests = []
            self._served = 0
            self._chat_served = 0

    def responses_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.method == "POST" and r.path.rstrip("/").endswith("/responses")]

    def _next_stream(self) -> Stream:
        with self._lock:
            index = min(self._served, len(self.streams) - 1)
            self._served += 1
            stream = self.streams[index]
        return stream(self.responses_requests()) if callable(stream) else stream

    def chat_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.method == "POST" and _is_chat_path(r.path)]

    def _next_chat_stream(self) -> Stream | None:
        with self._lock:
            if not self.chat_streams:
                return None
            index = min(self._chat_served, len(self.chat_streams) - 1)
            self._chat_served += 1
            stream = self.chat_streams[index]
        return stream(self.chat_requests()) if callable(stream) else stream

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def __enter__(self) -> MockResponsesServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
                return  # captures must not write to the capturing process's stderr

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                owner._record(
                    RecordedRequest(
                        self.command,
                        self.path,
                        list(self.headers.items()),
                        body,
                        time.monotonic(),
                        time.time(),
                    )
                )
                if owner.upgrade is not None and self.headers.get("Upgrade", "").lower() == "websocket":
                    owner.upgrade(self)
                    return
                stream: Stream | None = None
                if self.command == "POST" and self.path.split("?")[0].rstrip("/").endswith("/responses"):
                    stream = owner._next_stream()
                elif self.command == "POST" and _is_chat_path(self.path):
                    stream = owner._next_chat_stream()
                if isinstance(stream, ScriptedStream):
                    self._write_scripted(stream)
                    return
                if stream is not None:
                    payload = stream.encode("utf-8")
                    self.send_response(200)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                payload = b'{"error":{"message":"not found"}}'
                try:
                    self.send_response(404)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    return  # a release that gave up on a side request (a WebSocket upgrade): not an error

            def _write_scripted(self, stream: ScriptedStream) -> None:
                self.send_response(stream.status)
                if stream.content_type is not None:
                    self.send_header("Content-Type", stream.content_type)
                for name, value in stream.headers:
                    self.send_header(name, value)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                try:
                    for index, chunk in enumerate(stream.chunks):
                        time.sleep(stream.delay_before(index))
                        if chunk:  # an empty chunk would end the body early
                            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                            self.wfile.flush()
                    if stream.abort:
                        self.close_connection = True
                        self.connection.shutdown(socket.SHUT_RDWR)
                        return
                    self.wfile.write(b"0\r\n\r\n")
                except OSError:  # BrokenPipeError, ConnectionResetError: the client left
                    return  # the client gave up on the stream: that is an observation, not an error

            do_GET = do_POST = do_PUT = do_DELETE = _handle

        self._server = _LoopbackServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
