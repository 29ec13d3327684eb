"""A faithful Responses -> Responses pass-through proxy, and the ways real gateways break it.

    python passthrough_proxy.py --port PORT --upstream http://127.0.0.1:N/v1 [--break KIND]

Every request to ``/v1/...`` is forwarded to ``UPSTREAM/...`` with its body
and headers (less the hop-by-hop ones), and the answer is streamed back
chunk by chunk as it arrives, status and headers included.  Standard
library only: it is what ``codex-conformance gateway`` certifies in the
kit's own tests (every scenario passes), and a template for a gateway's
first run of the mode:

    codex-conformance gateway --gateway "cmd:python passthrough_proxy.py --port {port} --upstream {upstream}"

``--break KIND`` makes it one of the broken gateways the kit's tests show
failing on their clause (spec/gateway.md):

- ``flatten-namespaces``: namespace tools sent as flat functions
  ``NAMESPACE__TOOL``, and calls of them passed back unrestored;
- ``custom-to-function``: a ``custom_tool_call`` in the stream turned into a
  ``function_call`` with ``{"input": ...}`` arguments;
- ``drop-custom-calls``: ``custom_tool_call`` items left out of the history
  the release sends (their outputs stay);
- ``swallow-completed``: the stream's ``response.completed`` event not passed on;
- ``strip-headers``: only the content headers forwarded (Codex's identity lost);
- ``drop-hosted-tools``: tools of kinds other than ``function``, ``custom`` and
  ``namespace`` (``tool_search``, ``web_search``) left out of the request, as a
  gateway that knows only callable tools does: deferred tools can no longer be found;
- ``drop-lite-item``: input items of a type it does not know (a Responses-Lite
  ``additional_tools`` item) left out: a Lite model is offered no tools;
- ``strip-lite-header``: the ``x-openai-internal-codex-responses-lite`` header
  left out, as some gateways do on purpose (not a failure: spec/gateway.md);
- ``json-body-only``: a body sent with ``Content-Encoding: zstd`` refused with
  a 400, as a gateway that parses every body as plain JSON does.
"""

from __future__ import annotations

import argparse
import http.client
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

BREAKS = (
    "flatten-namespaces",
    "custom-to-function",
    "drop-custom-calls",
    "swallow-completed",
    "strip-headers",
    "drop-hosted-tools",
    "drop-lite-item",
    "strip-lite-header",
    "json-body-only",
)
_CALLABLE_KINDS = {"function", "custom", "namespace"}
_HOP_BY_HOP = {
    "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailers",
    "transfer-encoding", "upgrade", "host", "content-length",
}  # fmt: skip


def _flatten(body: dict[str, Any]) -> dict[str, Any]:
    tools = []
    for tool in body.get("tools") or []:
        if isinstance(tool, dict) and tool.get("type") == "namespace":
            for inner in tool.get("tools") or []:
                tools.append({**inner, "name": f"{tool['name']}__{inner['name']}"})
        else:
            tools.append(tool)
    return {**body, "tools": tools}


def _drop_custom_calls(body: dict[str, Any]) -> dict[str, Any]:
    kept = [
        item
        for item in body.get("input") or []
        if not (isinstance(item, dict) and item.get("type") == "custom_tool_call")
    ]
    return {**body, "input": kept}


def _drop_hosted_tools(body: dict[str, Any]) -> dict[str, Any]:
    tools = [
        tool
        for tool in body.get("tools") or []
        if isinstance(tool, dict) and tool.get("type") in _CALLABLE_KINDS
    ]
    return {**body, "tools": tools}


def _drop_lite_item(body: dict[str, Any]) -> dict[str, Any]:
    kept = [
        item
        for item in body.get("input") or []
        if not (isinstance(item, dict) and item.get("type") == "additional_tools")
    ]
    return {**body, "input": kept}


_BODY_BREAKS = {
    "flatten-namespaces": _flatten,
    "drop-custom-calls": _drop_custom_calls,
    "drop-hosted-tools": _drop_hosted_tools,
    "drop-lite-item": _drop_lite_item,
}


def _request_body(raw: bytes, broken: str | None) -> bytes:
    rewrite = _BODY_BREAKS.get(broken or "")
    if rewrite is None or not raw:
        return raw
    body = json.loads(raw)
    if not isinstance(body, dict):
        return raw
    return json.dumps(rewrite(body)).encode("utf-8")


def _event(block: bytes, broken: str | None) -> bytes | None:
    """One SSE event block (without its blank line) as passed on; None drops it."""
    lines = block.split(b"\n")
    data = [line[len(b"data: ") :] for line in lines if line.startswith(b"data: ")]
    if not data:
        return block
    try:
        payload = json.loads(b"\n".join(data))
    except json.JSONDecodeError:
        return block
    if broken == "swallow-completed" and payload.get("type") == "response.completed":
        return None
    item = payload.get("item") if isinstance(payload, dict) else None
    if broken == "custom-to-function" and isinstance(item, dict) and item.get("type") == "custom_tool_call":
        payload["item"] = {
            "type": "function_call",
            "id": item.get("id"),
            "name": item.get("name"),
            "arguments": json.dumps({"input": item.get("input")}),
            "call_id": item.get("call_id"),
        }
        kept = [line for line in lines if not line.startswith(b"data: ")]
        return b"\n".join([*kept, b"data: " + json.dumps(payload).encode("utf-8")])
    return block


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    upstream = urlsplit("http://127.0.0.1:1/v1")
    broken: str | None = None

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
        return

    def _refuse(self, message: str) -> None:
        answer = json.dumps({"error": {"type": "invalid_request_error", "message": message}}).encode("utf-8")
        self.send_response(400)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def _forward(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if self.broken == "json-body-only" and (self.headers.get("Content-Encoding") or "").lower() == "zstd":
            self.rfile.read(length)
            self._refuse("the body is not valid JSON")
            return
        body = _request_body(self.rfile.read(length) if length else b"", self.broken)
        path = self.path[len("/v1") :] if self.path.startswith("/v1") else self.path
        headers = {name: value for name, value in self.headers.items() if name.lower() not in _HOP_BY_HOP}
        if self.broken == "strip-headers":
            headers = {
                name: value
                for name, value in headers.items()
                if name.lower() in {"content-type", "authorization"}
            }
        if self.broken == "strip-lite-header":
            headers = {
                name: value
                for name, value in headers.items()
                if name.lower() != "x-openai-internal-codex-responses-lite"
            }
        headers["Content-Length"] = str(len(body))
        connection = http.client.HTTPConnection(
            self.upstream.hostname or "127.0.0.1", self.upstream.port, timeout=60
        )
        try:
            connection.request(
                self.command, self.upstream.path.rstrip("/") + path, body=body, headers=headers
            )
            answer = connection.getresponse()
            self.send_response(answer.status)
            for name, value in answer.getheaders():
                if name.lower() not in _HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self._stream(answer)
        finally:
            connection.close()

    def _stream(self, answer: http.client.HTTPResponse) -> None:
        sse = (answer.getheader("Content-Type") or "").startswith("text/event-stream")
        pending = b""
        while chunk := answer.read1(65536):
            if not sse or self.broken not in {"swallow-completed", "custom-to-function"}:
                self._write(chunk)
                continue
            pending += chunk
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                passed = _event(block, self.broken)
                if passed is not None:
                    self._write(passed + b"\n\n")
        if pending:
            self._write(pending)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _write(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    do_GET = do_POST = do_PUT = do_DELETE = _forward


def parser(doc: str | None, breaks: tuple[str, ...]) -> argparse.ArgumentParser:
    """The command line (websocket_proxy.py adds its own breaks)."""
    found = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    found.add_argument("--port", type=int, required=True)
    found.add_argument("--upstream", required=True, help="the Responses base URL, e.g. http://127.0.0.1:N/v1")
    found.add_argument("--break", dest="broken", choices=breaks, help="break it on purpose (see above)")
    return found


def main() -> None:
    options = parser(__doc__, BREAKS).parse_args()
    Proxy.upstream = urlsplit(options.upstream)
    Proxy.broken = options.broken
    server = ThreadingHTTPServer(("127.0.0.1", options.port), Proxy)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
