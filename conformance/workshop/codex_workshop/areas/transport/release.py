"""The transport op a release answers by being run: ``transport.turn``.

The release is run once (``codex exec``) with the mock's provider table,
``supports_websockets`` and the ``responses_websockets`` feature as the args
say, against the mock server with its WebSocket side scripted from
``args.server`` (drive/websocket_mock.py): each upgrade accepted, refused with
an HTTP status, or dropped unanswered, and each message the release sends
answered by the next of ``server.turns``:

- ``full``: a whole turn as Responses events, one per text frame (created,
  one assistant message, completed);
- ``error``: one ``error`` event;
- ``close``: ``response.created``, then a close frame (1011);
- ``cut``: ``response.created``, then the TCP connection shut without a close;
- ``call``: a whole turn whose output is one call of the edition's command tool
  running ``true`` (inside the capture's sandbox), so that the release runs it
  and sends its output as a follow-up message on the same connection;
- ``silent``: nothing, the connection left open (a server that does not read
  the message it was sent: the release waits out its idle timeout).

``server.max_message_bytes`` is sent as the handshake answer's
``x-codex-websocket-max-message-bytes`` header.  A warm-up message
(``generate: false``) is answered with an empty completed response and
takes no turn.  The result is areas/transport/observe.py's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from codex_conformance.mock_responses_server import turn_events
from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.transport.observe import observe
from codex_workshop.drive import chatgpt_login
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.conversation_run import harmless_call
from codex_workshop.drive.errors import RequestArgsError
from codex_workshop.drive.exec_run import run_exec
from codex_workshop.drive.request_observe import BUILTIN_PROVIDERS
from codex_workshop.drive.websocket_mock import Refusal, WebSocketScript, WebSocketTurn

REPLY_TEXT = "over websocket"
# A stream that goes quiet is given up after this long (the default is minutes): a
# release that does not understand a server message waits for the next one, and the
# run must end within a capture's time (spec/transport.md).
STREAM_IDLE_TIMEOUT_MS = 3000
ERROR_EVENT = {
    "type": "error",
    "status": 400,
    "error": {"type": "invalid_request_error", "code": "conformance_error", "message": "refused by the mock"},
}
CLOSE = (1011, "conformance close")
# What a server may say in its handshake answer: the largest message it takes (0.171.0's binary names it).
MAX_MESSAGE_BYTES_HEADER = "x-codex-websocket-max-message-bytes"
_MESSAGE = {
    "type": "message",
    "role": "assistant",
    "id": "msg_ws",
    "content": [{"type": "output_text", "text": REPLY_TEXT, "annotations": []}],
}


def _frames(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(event) for event in events]


SERVER_TURNS: dict[str, WebSocketTurn] = {
    "full": WebSocketTurn(_frames(turn_events([_MESSAGE], "resp_ws"))),
    "error": WebSocketTurn(_frames([ERROR_EVENT])),
    "close": WebSocketTurn(_frames(turn_events([], "resp_ws", completed=False)), close=CLOSE),
    "cut": WebSocketTurn(_frames(turn_events([], "resp_ws", completed=False)), cut=True),
    "silent": WebSocketTurn([]),
}
WARMUP = WebSocketTurn(_frames(turn_events([], "resp_warmup")))

# The turn that depends on the edition: its command tool and that tool's arguments.
CALL_TURN = "call"
CALL_ID = "call_ws"
TURN_KINDS = (*SERVER_TURNS, CALL_TURN)


def server_turn(kind: str, version: str) -> WebSocketTurn:
    if kind == CALL_TURN:
        return WebSocketTurn(_frames(turn_events([harmless_call(version, CALL_ID)], "resp_call")))
    return SERVER_TURNS[kind]


def _flag(args: Mapping[str, Any], table: str, key: str) -> bool | None:
    values = args.get(table) or {}
    if not isinstance(values, Mapping):
        raise RequestArgsError(f"{table} must be an object")
    value = values.get(key)
    if value is not None and not isinstance(value, bool):
        raise RequestArgsError(f"{table}.{key} must be true, false or absent")
    return value


def script(server: Any, version: str) -> WebSocketScript:
    """The mock's WebSocket side for ``args.server``, its tool call that of ``version``."""
    if not isinstance(server, Mapping):
        raise RequestArgsError(
            "server must be an object: {upgrade, turns, refused_upgrades, max_message_bytes}"
        )
    upgrade = server.get("upgrade", "accept")
    turns = server.get("turns", ["full"])
    if not isinstance(turns, list) or not turns or any(turn not in TURN_KINDS for turn in turns):
        raise RequestArgsError(f"server.turns must be a non-empty list of {sorted(TURN_KINDS)}")
    refusal: Refusal | None
    if upgrade == "accept":
        refusal = None
    elif upgrade == "drop":
        refusal = Refusal(0)
    elif (
        isinstance(upgrade, int)
        and not isinstance(upgrade, bool)
        and 100 <= upgrade <= 599
        and upgrade != 101
    ):
        refusal = Refusal(upgrade)
    else:
        raise RequestArgsError(f'server.upgrade must be "accept", "drop" or an HTTP status, not {upgrade!r}')
    refused = server.get("refused_upgrades")
    if refused is not None and (not isinstance(refused, int) or isinstance(refused, bool) or refused < 0):
        raise RequestArgsError("server.refused_upgrades must be a count")
    refusals: list[Refusal | None] = [] if refusal is None else [refusal]
    if refusal is not None and refused is not None:
        refusals = [refusal] * refused + [None]
    limit = server.get("max_message_bytes")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise RequestArgsError("server.max_message_bytes must be a byte count")
    headers = [] if limit is None else [(MAX_MESSAGE_BYTES_HEADER, str(limit))]
    return WebSocketScript(
        turns=[server_turn(turn, version) for turn in turns],
        refusals=refusals,
        warmup=WARMUP,
        response_headers=headers,
    )


def _login(args: Mapping[str, Any]) -> dict[str, str] | None:
    """A ChatGPT login's tokens (``auth.chatgpt``), or None: the mock provider's API key."""
    return chatgpt_login.chatgpt_tokens(args.get("auth"))


def _builtin(args: Mapping[str, Any]) -> str | None:
    """``provider.builtin``: the release's own provider named instead of the mock's table."""
    provider = args.get("provider") or {}
    name = provider.get("builtin") if isinstance(provider, Mapping) else None
    if name is None:
        return None
    if name not in BUILTIN_PROVIDERS:
        raise RequestArgsError(f"provider.builtin must be one of {sorted(BUILTIN_PROVIDERS)}, not {name!r}")
    if set(provider) != {"builtin"}:
        raise RequestArgsError("a built-in provider takes no other provider key (its own table decides)")
    return str(name)


def transport_turn(version: str, args: dict[str, Any]) -> dict[str, Any]:
    mock = script(args.get("server", {}), version)
    provider: dict[str, Any] = {"stream_idle_timeout_ms": STREAM_IDLE_TIMEOUT_MS}
    supports = _flag(args, "provider", "supports_websockets")
    if supports is not None:
        provider["supports_websockets"] = supports
    extra: dict[str, Any] = {}
    feature = _flag(args, "features", "responses_websockets")
    if feature is not None:
        extra["features.responses_websockets"] = feature
    login = _login(args)
    builtin = _builtin(args)
    mock_config: dict[str, str] = {}
    mock_env: dict[str, str] = {}
    if login is not None:
        # Every ChatGPT host the login reaches is the mock (drive/chatgpt_login.py); a table
        # takes the login of auth.json and reads no key (spec/request.md, REQ-AUTH-3).
        mock_config |= chatgpt_login.CHATGPT_CONFIG
        mock_env |= chatgpt_login.CHATGPT_ENV
        provider |= {"requires_openai_auth": True, "env_key": None}
    if builtin is not None:
        # The built-in provider pointed at the mock both ways the releases read (spec/request.md).
        env_table, config_table = BUILTIN_PROVIDERS[builtin]
        mock_env |= {key: value.replace("{url}", "{origin}/v1") for key, value in env_table.items()}
        mock_config |= {key: value.replace("{url}", "{origin}/v1") for key, value in config_table.items()}
    run = run_exec(
        release_binary(version),
        model=str(args.get("model", "gpt-5")),
        servers=[],
        provider=None if builtin is not None else provider,
        builtin_provider=builtin,
        extra=extra,
        upgrade=mock.serve,
        mock_config=mock_config,
        mock_env=mock_env,
        home_texts=None if login is None else lambda: {"auth.json": chatgpt_login.auth_json(login)},
    )
    return observe(run, list(mock.messages))


OPS: dict[str, ReleaseOp] = {"transport.turn": transport_turn}
