"""A loopback endpoint that answers every request with 404 and records nothing.

Release 0.94.0 refreshes its model list from the built-in OpenAI provider
(``GET $OPENAI_BASE_URL/models?client_version=...``) whatever provider the
configuration names.  With no network the connection fails and the release
retries with backoff for about three seconds before it gives up and uses the
catalog bundled in the binary; a 404 ends the refresh at once with the same
outcome ("failed to refresh available models").  Pointing ``OPENAI_BASE_URL``
here turns a 3.5-second run into a half-second one without touching what the
mock server records (its request lists are evidence; this door's are not).
One door serves every run of the process.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_NOT_FOUND = b'{"error":{"message":"not found"}}'
_lock = threading.Lock()
_server: ThreadingHTTPServer | None = None


class _Refuse(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        return  # the capturing process's stderr is not this door's to write

    def _refuse(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.send_response(404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(_NOT_FOUND)))
        self.end_headers()
        self.wfile.write(_NOT_FOUND)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = _refuse


def closed_door_url() -> str:
    """The door's base URL (``http://127.0.0.1:PORT/v1``), started on first use."""
    global _server
    with _lock:
        if _server is None:
            _server = ThreadingHTTPServer(("127.0.0.1", 0), _Refuse)
            _server.daemon_threads = True
            threading.Thread(target=_server.serve_forever, name="closed-door", daemon=True).start()
        return f"http://127.0.0.1:{_server.server_address[1]}/v1"
