"""Recording a gateway's traffic while its scenarios run: what it sent Codex, and what it sent upstream.

``codex-conformance gateway --record FILE`` runs the certification as
always, with one change to the run through the gateway: the release is
pointed at a recording relay (``relay``) in front of the gateway's port
instead of at the port itself.  The relay is where the bytes the gateway
sends back to Codex can be seen at all (see its docstring), and it passes
them on unchanged, so the run, and so the verdicts, are the gateway's own.

A scenario's run becomes entries (``recording_file`` writes them):

- ``sse``: each reply with ``Content-Type: text/event-stream``, its status,
  headers and stream text exactly as the release received them (framing
  removed), with ``writes``, the offsets where the gateway's writes ended;
- ``reply``: each other reply (an error's status and body, a JSON answer);
- ``websocket``: a WebSocket the gateway took (its 101's headers), with the
  messages each side sent after it (websocket_wire.py);
- ``call``: each call item (``*_call``) the streams or WebSocket messages hand back, with the
  ``event`` it came in: a ``response.output_item.done`` (what the release
  routes to a tool), or the final response's ``output`` where no such event
  carried it (what a gateway sent that the release never read);
- ``request``: each request body the gateway forwarded to the kit's
  upstream (Responses or Chat Completions), as the upstream received it.

The direct runs are not recorded: the kit's own upstream wrote those
streams.  Nothing is masked: a recording is an input, replayed as it came.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from codex_workshop.gateway.http_wire import Reply, replies
from codex_workshop.gateway.observe import Observation
from codex_workshop.gateway.relay import RecordingRelay, recording_relay
from codex_workshop.gateway.sse_text import handed_back, handed_back_in_messages, is_call
from codex_workshop.gateway.websocket_wire import WebSocketExchange, websocket_exchange

Entry = dict[str, Any]
EVENT_STREAM = "text/event-stream"


def _relayed(url: str, port: int) -> str:
    """``url`` with its host and port replaced by the relay's."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"127.0.0.1:{port}"))


def _target(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    if parts.scheme != "http":
        # The relay copies bytes: under TLS they would be ciphertext, useless as inputs.
        raise ValueError(f"only a gateway reached over plain http can be recorded, not {url}")
    return parts.hostname or "127.0.0.1", parts.port or 80


def _body_fields(body: bytes) -> dict[str, Any]:
    """The body as text where it is UTF-8 (what every input takes), else as base64."""
    try:
        return {"body": body.decode("utf-8")}
    except UnicodeDecodeError:
        return {"body_base64": base64.b64encode(body).decode("ascii")}


def _reply_entry(reply: Reply, exchange: int) -> Entry:
    streamed = (reply.header("content-type") or "").lower().startswith(EVENT_STREAM)
    entry: Entry = {
        "kind": "sse" if streamed else "reply",
        "exchange": exchange,
        "method": reply.method,
        "path": reply.path,
        "status": reply.status,
        "reason": reply.reason,
        "headers": [[name, value] for name, value in reply.headers],
    }
    fields = _body_fields(reply.body)
    if streamed and "body" in fields:
        entry["stream"] = fields["body"]
        entry["writes"] = reply.writes
    else:
        entry.update(fields)
    entry["complete"] = reply.complete
    if reply.encoding is not None:
        entry["encoding"] = reply.encoding
    return entry


def _websocket_entry(socket: WebSocketExchange, exchange: int) -> Entry:
    return {
        "kind": "websocket",
        "exchange": exchange,
        "status": 101,
        "headers": [[name, value] for name, value in socket.headers],
        "from_release": socket.from_release,
        "from_gateway": socket.from_gateway,
        "complete": socket.complete,
    }


def _handed_back(entry: Entry) -> list[tuple[str, dict[str, Any]]]:
    """(event, item) of each item a recorded stream, or the gateway's WebSocket messages, hand back."""
    if entry["kind"] == "sse" and "stream" in entry:
        return handed_back(entry["stream"])
    if entry["kind"] == "websocket":
        texts = [message["data"] for message in entry["from_gateway"] if message["type"] == "text"]
        return handed_back_in_messages(texts)
    return []


def call_entries(replies_kept: list[Entry]) -> list[Entry]:
    """The call items handed back in the recorded streams and WebSocket messages among
    ``replies_kept``, in order."""
    return [
        {"kind": "call", "exchange": entry["exchange"], "event": event, "item": item}
        for entry in replies_kept
        for event, item in _handed_back(entry)
        if is_call(item)
    ]


def scenario_entries(relay: RecordingRelay, observation: Observation) -> list[Entry]:
    """The entries of one scenario's run through the gateway: its replies (in the order the
    release opened its connections), the calls in them, the requests forwarded upstream."""
    entries: list[Entry] = []
    exchange = 0
    for connection in relay.connections:
        if connection.refused is not None:
            exchange += 1
            entries.append({"kind": "refused", "exchange": exchange, "why": connection.refused})
            continue
        if (socket := websocket_exchange(connection)) is not None:
            exchange += 1
            entries.append(_websocket_entry(socket, exchange))
            continue
        for reply in replies(connection):
            exchange += 1
            entries.append(_reply_entry(reply, exchange))
    requests = [
        {"kind": "request", "api": request.api, "body": request.body} for request in observation.upstream
    ]
    return [*entries, *call_entries(entries), *requests]


@dataclass
class Recorder:
    """Collects the entries of every scenario run through the gateway, each marked with its
    edition and scenario; ``cli`` writes them with the run's provenance."""

    entries: list[Entry] = field(default_factory=list)

    @contextmanager
    def relaying(self, url: str) -> Iterator[tuple[str, RecordingRelay]]:
        """(the URL to give the release instead of ``url``, the relay recording it)."""
        with recording_relay(_target(url)) as relay:
            yield _relayed(url, relay.port), relay

    def keep(
        self, edition: str, scenario: str, model: str, relay: RecordingRelay, observation: Observation
    ) -> None:
        """Add the scenario's entries, each with the edition, the scenario and the model the release
        was run with (a call is dispatched under that model's tools)."""
        for entry in scenario_entries(relay, observation):
            self.entries.append({"edition": edition, "scenario": scenario, "model": model, **entry})


__all__ = ["EVENT_STREAM", "Entry", "Recorder", "call_entries", "scenario_entries"]
