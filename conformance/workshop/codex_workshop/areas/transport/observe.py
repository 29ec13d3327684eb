"""What one ``codex exec`` run over the WebSocket mock shows, in the neutral form of ``transport.turn``.

The result (spec/transport.md, "How a result is observed"):

- ``upgrades``: how many WebSocket upgrade requests the release made;
  ``handshake``: the first one's path and headers in the order sent, names in
  lower case, ``host`` left out, and the value of a header that is made up per
  run (a key, an id, the user agent, the turn metadata) written as null;
- ``upgrade_delays``: seconds from each upgrade request to the next, and
  ``fallback_delay``: from the last one to the first HTTP request (null: none
  followed), as decimal texts in tenths of a second: volatile, matched by their
  case within a band (areas/transport/capture.py);
- ``sent``: each message the release sent on an accepted connection, summed
  up as what a server reads first: its connection's number, ``type``, its keys
  in order, ``generate`` where it has one, the number of input items (and
  their types, ``input_types``, where one is not a message: a tool call or
  its output, which a follow-up carries) and the names of its
  ``client_metadata`` keys; a close frame as its code and reason;
- ``http``: each HTTP request to the Responses endpoint that followed, with
  its body's keys and ``client_metadata`` key names, to hold beside ``sent``;
- ``differs_from_http``: where a run sent a turn's whole message over the
  WebSocket and then the turn over HTTP, the places where the two differ (a
  key, or ``key.subkey`` inside an object), sorted; null otherwise;
- ``exit``, ``reply`` (the final message the release printed) and ``notices``
  (the error and fallback lines it printed, in order, without timestamps, the
  mock's port in a URL written as 8080).
"""

from __future__ import annotations

import json
import re
from itertools import pairwise
from typing import Any

from codex_conformance.mock_responses_server import RecordedRequest
from codex_workshop.drive.exec_run import ExecRun
from codex_workshop.drive.websocket_mock import RecordedMessage

_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# Header values made up per run, besides any holding an id.
_PER_RUN = frozenset({"sec-websocket-key", "user-agent", "x-codex-turn-metadata"})
_CLIENT_HEADERS = frozenset({"host"})
# 0.25.0 prints its progress on stdout, each line after a timestamp in brackets.
_STAMP = re.compile(r"^\[[^\]]+\] ")
_NOTICE = re.compile(r"^(?:ERROR: |warning: Falling back)")
# The mock's port, made up per run, as a notice names it: written as the port every case names.
_MOCK_ORIGIN = re.compile(r"(?<=//127\.0\.0\.1:)[0-9]+")
CASE_PORT = "8080"


def is_upgrade(request: RecordedRequest) -> bool:
    return request.method == "GET" and any(
        name.lower() == "upgrade" and value.lower() == "websocket" for name, value in request.headers
    )


def _header_value(name: str, value: str) -> str | None:
    return None if name in _PER_RUN or _UUID.search(value) else value


def handshake(request: RecordedRequest) -> dict[str, Any]:
    headers = [
        [name.lower(), value] for name, value in request.headers if name.lower() not in _CLIENT_HEADERS
    ]
    return {"path": request.path, "headers": [[name, _header_value(name, value)] for name, value in headers]}


def seconds(delay: float) -> str:
    return f"{max(delay, 0.0):.1f}"


def _body_summary(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        return {"body": body}
    summary: dict[str, Any] = {"type": body.get("type"), "keys": list(body)}
    if "generate" in body:
        summary["generate"] = body["generate"]
    if isinstance(body.get("input"), list):
        summary["input_items"] = len(body["input"])
        types = [item.get("type") if isinstance(item, dict) else None for item in body["input"]]
        if any(kind != "message" for kind in types):
            summary["input_types"] = types
    if isinstance(body.get("client_metadata"), dict):
        summary["metadata_keys"] = sorted(body["client_metadata"])
    return summary


def message_summary(message: RecordedMessage) -> dict[str, Any]:
    if message.kind == "close":
        return {"connection": message.connection, "close": message.data}
    try:
        body = message.json()
    except ValueError:
        return {"connection": message.connection, message.kind: message.data}
    return {"connection": message.connection, **_body_summary(body)}


def http_summary(request: RecordedRequest) -> dict[str, Any]:
    try:
        body = request.json_body()
    except ValueError:
        body = None
    summary = _body_summary(body)
    summary.pop("type", None)  # an HTTP body names no message type
    return {"method": request.method, "path": request.path, **summary}


def reply(stdout: str) -> str | None:
    """The final message: all of stdout, or (timestamped progress) the lines after the last `codex`."""
    lines = stdout.splitlines()
    if not any(_STAMP.match(line) for line in lines):
        text = stdout.strip("\n")
        return text or None
    starts = [index for index, line in enumerate(lines) if _STAMP.sub("", line) == "codex"]
    if not starts:
        return None
    body: list[str] = []
    for line in lines[starts[-1] + 1 :]:
        if _STAMP.match(line):
            break
        body.append(line)
    return "\n".join(body) or None


def notices(run: ExecRun) -> list[str]:
    found = []
    for printed in [*run.stdout.splitlines(), *run.stderr.splitlines()]:
        line = _STAMP.sub("", printed)
        if _NOTICE.match(line):
            found.append(_MOCK_ORIGIN.sub(CASE_PORT, line))
    return found


def _differences(left: Any, right: Any) -> list[str]:
    """The keys (and ``key.subkey`` of objects on both sides) whose values differ."""
    places: list[str] = []
    for key in sorted(set(left) | set(right)):
        here, there = left.get(key), right.get(key)
        if isinstance(here, dict) and isinstance(there, dict):
            places += [
                f"{key}.{sub}" for sub in sorted(set(here) | set(there)) if here.get(sub) != there.get(sub)
            ]
        elif here != there or (key in left) != (key in right):
            places.append(key)
    return places


def differs_from_http(messages: list[RecordedMessage], posts: list[RecordedRequest]) -> list[str] | None:
    """Where the last whole turn message sent over the WebSocket differs from the first HTTP body."""
    whole = []
    for message in messages:
        try:
            body = message.json() if message.kind == "text" else None
        except ValueError:
            continue
        if (
            isinstance(body, dict)
            and "previous_response_id" not in body
            and body.get("generate") is not False
        ):
            whole.append(body)
    if not whole or not posts:
        return None
    try:
        http_body = posts[0].json_body()
    except ValueError:
        return None
    return _differences(whole[-1], http_body) if isinstance(http_body, dict) else None


def observe(run: ExecRun, messages: list[RecordedMessage]) -> dict[str, Any]:
    upgrades = [request for request in run.requests if is_upgrade(request)]
    posts = run.responses_requests()
    times = [request.received_at for request in upgrades]
    fallback = None
    if upgrades and posts:
        fallback = seconds(posts[0].received_at - upgrades[-1].received_at)
    return {
        "upgrades": len(upgrades),
        "handshake": handshake(upgrades[0]) if upgrades else None,
        "upgrade_delays": [seconds(later - earlier) for earlier, later in pairwise(times)],
        "fallback_delay": fallback,
        "sent": [message_summary(message) for message in messages],
        "http": [http_summary(request) for request in posts],
        "differs_from_http": differs_from_http(messages, posts),
        "exit": run.returncode,
        "reply": reply(run.stdout),
        "notices": notices(run),
    }


def json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
