"""What a library really posts to ``/chat/completions``, read off a loopback server.

For the Python adapters that put a Responses-to-Chat bridge behind ``chat.request``
(spec/chat.md): ``from codex_conformance.chat_loopback import shared_loopback``.  The
library under test is pointed at ``base_url`` and makes its request as it would against
any OpenAI-compatible server; the server keeps the raw body and answers with a one-word
text stream, so the library's call completes normally.  The body is parsed with its key
order kept: ``chat.request`` compares key order.

Also here: how an adapter sets up the input a user of such a bridge gives it in place
of Codex 0.25.0.  Codex sends its built-in instructions in the Responses request's
``instructions`` field (REQ-TEXT-1); the kit's reference model holds that release text
(``request.builtins``), so the bridge gets the same ``instructions`` the release would
put on the Responses wire.  Nothing of the expected Chat body is taken from anywhere.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["Loopback", "Recorder", "codex_instructions", "shared_loopback"]

_CHUNK = {
    "id": "chatcmpl-loopback",
    "object": "chat.completion.chunk",
    "created": 0,
    "model": "loopback",
}
_STREAM = (
    "data: "
    + json.dumps(
        {
            **_CHUNK,
            "choices": [{"index": 0, "delta": {"role": "assistant", "content": "ok"}, "finish_reason": None}],
        }
    )
    + "\n\ndata: "
    + json.dumps({**_CHUNK, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    + "\n\ndata: "
    + json.dumps(
        {**_CHUNK, "choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
    )
    + "\n\ndata: [DONE]\n\n"
).encode()


class Recorder:
    """The bodies posted to the loopback server, in order."""

    def __init__(self) -> None:
        self.bodies: list[tuple[str, bytes]] = []
        self.lock = threading.Lock()

    def take(self) -> list[tuple[str, bytes]]:
        with self.lock:
            taken, self.bodies = self.bodies, []
        return taken


def _handler(recorder: Recorder) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("content-length") or 0))
            with recorder.lock:
                recorder.bodies.append((self.path, raw))
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("content-length", str(len(_STREAM)))
            self.end_headers()
            self.wfile.write(_STREAM)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    return Handler


class Loopback:
    """A server on 127.0.0.1 for the adapter's lifetime; ``base_url`` ends in ``/v1``."""

    def __init__(self) -> None:
        self.recorder = Recorder()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self.recorder))
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base_url = f"http://127.0.0.1:{self.server.server_port}/v1"

    @contextmanager
    def capture(self) -> Iterator[list[Any]]:
        """Collects the parsed bodies posted to ``/v1/chat/completions`` inside the block."""
        self.recorder.take()
        found: list[Any] = []
        try:
            yield found
        finally:
            for path, raw in self.recorder.take():
                if path.rstrip("/").endswith("/chat/completions"):
                    found.append(json.loads(raw))


def codex_instructions(edition: str, model: str) -> str:
    """The release's built-in instructions, as it sends them in ``instructions`` (REQ-TEXT-1)."""
    from codex_reference.adapter import handle

    answer = handle({"op": "request.builtins", "args": {"edition": edition, "model": model}})
    return str(answer["result"]["texts"][0])


_shared: Loopback | None = None


def shared_loopback() -> Loopback:
    """One loopback server per process, started on first use (an adapter serves many cases)."""
    global _shared
    if _shared is None:
        _shared = Loopback()
    return _shared
