"""``transport.turn``: what a release does over the WebSocket for a scripted server, and after.

The server's side is the kit's mock (spec/transport.md): its whole turn ends in
an assistant message saying ``over websocket``, its HTTP answer in one saying
``done``, its refusals carry the body ``REFUSAL_BODY``, and
its error event is ``ERROR_EVENT_TEXT``.  The delays are the run's own
(``observed``), written back as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON
from codex_reference.transport.rules import TransportRules

WS_REPLY = "over websocket"
HTTP_REPLY = "done"
REFUSAL_MESSAGE = "websocket not supported"
REFUSAL_BODY = '{"error":{"message":"websocket not supported"}}'
ERROR_EVENT_TEXT = (
    '{"type": "error", "status": 400, "error": {"type": "invalid_request_error", '
    '"code": "conformance_error", "message": "refused by the mock"}}'
)
FALLBACK_NOTICE = "warning: Falling back from WebSockets to HTTPS transport. "
_TURNS = ("full", "error", "close", "cut", "call", "silent")
# What a tool call adds to the turn's conversation: the call, then its output (TRANSPORT-MESSAGE-3).
_CALL_HISTORY = ("function_call", "function_call_output")
_API_KEY = "sk-conformance"
# The shortest `response.create` text there is: a stated limit under it is smaller than every
# message; one of LARGE_LIMIT or more is larger than any turn the cases send.  Between the
# two the answer depends on the bodies' sizes, which this model does not build.
_SMALLEST_MESSAGE = len('{"type":"response.create"}')
LARGE_LIMIT = 16 * 1024 * 1024


def _flag(args: Mapping[str, Any], table: str, key: str) -> bool:
    values = args.get(table) or {}
    if not isinstance(values, Mapping):
        raise InvalidArgs(f"{table} must be an object")
    value = values.get(key)
    if value is not None and not isinstance(value, bool):
        raise InvalidArgs(f"{table}.{key} must be true, false or absent")
    return value is True


def enabled(rules: TransportRules, args: Mapping[str, Any]) -> bool:
    """TRANSPORT-WHEN-1."""
    provider = _flag(args, "provider", "supports_websockets")
    feature = _flag(args, "features", "responses_websockets")
    if rules.enabled_by == "provider":
        return provider
    if rules.enabled_by == "provider-and-feature":
        return provider and feature
    return False


@dataclass(frozen=True)
class Who:
    """Who talks to the server (TRANSPORT-HANDSHAKE-3): the mock's table or the built-in
    provider, with the API key or a ChatGPT login's access token and account."""

    builtin: bool = False
    token: str | None = None
    account: str | None = None

    def table(self, rules: TransportRules) -> tuple[tuple[str, str | None], ...]:
        login = self.token is not None
        if self.builtin:
            headers = rules.builtin_login_handshake if login else rules.builtin_handshake
        else:
            headers = rules.login_handshake if login else rules.handshake
        if not headers:
            raise NotModelled("this provider or login in this edition: not captured")
        return headers

    def metadata_keys(self, rules: TransportRules) -> tuple[str, ...]:
        if not self.builtin:
            return ()
        login = rules.builtin_login_metadata_keys if self.token is not None else ()
        return (*rules.builtin_metadata_keys, *login)


def who(rules: TransportRules, args: Mapping[str, Any]) -> Who:
    provider = args.get("provider") or {}
    builtin = isinstance(provider, Mapping) and provider.get("builtin") is not None
    if builtin and (provider.get("builtin") != "openai" or set(provider) != {"builtin"}):
        raise InvalidArgs('a built-in provider is {"builtin": "openai"}, with no other provider key')
    auth = args.get("auth")
    if auth is None:
        found = Who(builtin)
    else:
        tokens = auth.get("chatgpt") if isinstance(auth, Mapping) else None
        if not isinstance(tokens, Mapping) or not all(
            isinstance(tokens.get(name), str) for name in ("access_token", "account_id")
        ):
            raise InvalidArgs('auth must be {"chatgpt": {"access_token": "…", "account_id": "…", ...}}')
        found = Who(builtin, str(tokens["access_token"]), str(tokens["account_id"]))
    if found != Who():
        found.table(rules)  # a combination no case shows is declined before anything else
    return found


def handshake(rules: TransportRules, sender: Who, args: Mapping[str, Any]) -> dict[str, JSON]:
    """TRANSPORT-HANDSHAKE-1, and TRANSPORT-HANDSHAKE-3 under a login or the built-in provider."""
    places = {
        "{key}": _API_KEY,
        "{token}": sender.token or "",
        "{account}": sender.account or "",
        "{version}": str(args.get("edition")),
        "{model}": str(args.get("model", "gpt-5")),
    }
    headers: list[JSON] = []
    for name, template in sender.table(rules):
        value = template
        for place, text in places.items():
            value = None if value is None else value.replace(place, text)
        headers.append([name, value])
    return {"path": "/v1/responses", "headers": headers}


def _metadata(rules: TransportRules, extra: tuple[str, ...], lacking: tuple[str, ...]) -> dict[str, JSON]:
    if not rules.metadata_keys:
        return {}
    names = sorted({*rules.metadata_keys, *extra} - set(lacking))
    return {"metadata_keys": list(names)}


def message(
    rules: TransportRules,
    connection: int,
    kind: str,
    extra: tuple[str, ...] = (),
    carried: tuple[str, ...] = (),
) -> dict[str, JSON]:
    """TRANSPORT-MESSAGE-1, -2 and -3: a `response.create` of kind "warmup", "chained", "whole"
    or "follow-up" (the output of a tool call, when the edition sends it as one); ``carried``:
    the items of the tool calls made earlier in the turn, which a whole message sends again."""
    present = {"type", *rules.body_fields}
    types: list[str] = ["message"] * rules.input_items + list(carried)
    lacking: tuple[str, ...] = ()
    if kind == "warmup":
        present.add("generate")
        types, lacking = ["message"], rules.warmup_lacks_metadata
    elif kind == "chained":
        present.add("previous_response_id")
        types = types[1:]
    elif kind == "follow-up":
        present.add("previous_response_id")
        types = list(rules.follow_up_items)
    keys: list[JSON] = [name for name in rules.message_fields if name in present]
    summary: dict[str, JSON] = {
        "connection": connection,
        "type": rules.follow_up_type if kind == "follow-up" else "response.create",
        "keys": keys,
    }
    if kind == "warmup":
        summary["generate"] = False
    summary["input_items"] = len(types)
    if any(name != "message" for name in types):
        summary["input_types"] = list[JSON](types)
    return summary | _metadata(rules, (*rules.ws_metadata_keys, *extra), lacking)


def follow_up(rules: TransportRules, connection: int, extra: tuple[str, ...] = ()) -> dict[str, JSON]:
    """TRANSPORT-MESSAGE-3: the message that carries a tool call's output on the call's connection."""
    if not rules.follow_up_fields:
        return message(rules, connection, "follow-up", extra)
    items: list[JSON] = list(rules.follow_up_items)
    keys: list[JSON] = list(rules.follow_up_fields)
    return {
        "connection": connection,
        "type": rules.follow_up_type,
        "keys": keys,
        "input_items": len(items),
        "input_types": items,
    }


def http_request(rules: TransportRules, extra: tuple[str, ...] = ()) -> dict[str, JSON]:
    keys: list[JSON] = list(rules.body_fields)
    summary: dict[str, JSON] = {"method": "POST", "path": "/v1/responses", "keys": keys}
    summary["input_items"] = rules.input_items
    return summary | _metadata(rules, extra, ())


def _over_limit(rules: TransportRules, limit: int | None) -> bool:
    """TRANSPORT-HANDSHAKE-2: whether the server's stated limit keeps the messages off the WebSocket."""
    if limit is None or not rules.honours_max_message_bytes or limit >= LARGE_LIMIT:
        return False
    if limit < _SMALLEST_MESSAGE:
        return True
    raise NotModelled(
        f"a max message size of {limit} bytes: whether a message fits depends on its body's size, "
        f"not modelled (below {_SMALLEST_MESSAGE} or from {LARGE_LIMIT} bytes it is)"
    )


@dataclass
class _Run:
    rules: TransportRules
    upgrade: Any
    refused_upgrades: int | None
    turns: list[str]
    over_limit: bool = False
    # client_metadata keys the provider and the login add (TRANSPORT-HANDSHAKE-3).
    extra_metadata: tuple[str, ...] = ()
    # Whether a turn's whole message (no warm-up before it on its connection) went out.
    whole_sent: bool = False
    # The items of the tool calls the server made so far, sent again by a whole message.
    carried: tuple[str, ...] = ()
    upgrades: int = 0
    answered: int = 0
    sent: list[JSON] = field(default_factory=list)
    notices: list[JSON] = field(default_factory=list)

    def connect(self) -> tuple[int, str | None]:
        """(the upgrade's number, None when accepted or the way it failed: "status" or "drop")."""
        number = self.upgrades
        self.upgrades += 1
        accepted = self.upgrade == "accept" or (
            self.refused_upgrades is not None and number >= self.refused_upgrades
        )
        if accepted:
            return number, None
        return number, "drop" if self.upgrade == "drop" else "status"

    def next_turn(self) -> str:
        turn = self.turns[min(self.answered, len(self.turns) - 1)]
        self.answered += 1
        return turn

    def reason(self, failure: str) -> str:
        text = self.rules.fallback_reasons[failure]
        if failure != "status":
            return text
        status = HTTPStatus(int(self.upgrade))
        quoted = self.rules.refusal_text.format(message=REFUSAL_MESSAGE, body=REFUSAL_BODY)
        return text.format(status=f"{status.value} {status.phrase}", message=quoted)

    def at_once(self, failure: str | None) -> bool:
        return failure == "status" and int(self.upgrade) in self.rules.fallback_at_once

    def play(self) -> str:
        """The turn over the WebSocket: "reply", "failed", or "fallback"."""
        rules = self.rules
        warm: int | None = None
        connection: int | None = None
        if rules.warmup:
            number, failure = self.connect()
            if self.at_once(failure) or (failure is None and self.over_limit):
                return "fallback"
            if failure is None:
                self.sent.append(message(rules, number, "warmup", self.extra_metadata))
                warm = connection = number
        attempt = 0
        while True:
            failure: str | None = None  # type: ignore[no-redef]
            if connection is None:
                number, failure = self.connect()
                if self.at_once(failure) or (failure is None and self.over_limit):
                    return "fallback"
                connection = number if failure is None else None
            if connection is not None:
                kind = "chained" if connection == warm else "whole"
                self.whole_sent |= kind == "whole"
                self.sent.append(message(rules, connection, kind, self.extra_metadata, self.carried))
                turn = self.next_turn()
                while turn == "call":
                    # The release runs the call and sends its output where the call came from.
                    self.carried += _CALL_HISTORY
                    self.sent.append(follow_up(rules, connection, self.extra_metadata))
                    turn = self.next_turn()
                if turn == "full":
                    return "reply"
                if turn == "error" and rules.error_event_fails_turn:
                    self.notices += [f"ERROR: {ERROR_EVENT_TEXT}"] * 2
                    return "failed"
                # An error event not read, or nothing at all: the stream goes idle.
                idle = turn in ("error", "silent")
                if idle and rules.closes_idle:
                    self.sent.append({"connection": connection, "close": ""})  # the release ends the idle one
                failure = "idle" if idle else turn
                connection = None
            attempt += 1
            if attempt > rules.stream_retries:
                self.notices.append(FALLBACK_NOTICE + self.reason(str(failure)))
                return "fallback"
            if rules.reconnect_notices and attempt >= 2:
                self.notices.append(f"ERROR: Reconnecting... {attempt}/{rules.stream_retries}")


def _server(args: Mapping[str, Any]) -> tuple[Any, int | None, list[str], int | None]:
    server = args.get("server")
    if not isinstance(server, Mapping):
        raise InvalidArgs("server must be an object: {upgrade, turns, refused_upgrades, max_message_bytes}")
    upgrade = server.get("upgrade", "accept")
    if upgrade not in ("accept", "drop") and not (
        isinstance(upgrade, int)
        and not isinstance(upgrade, bool)
        and upgrade in set(HTTPStatus)
        and upgrade != 101
    ):
        raise InvalidArgs(f'server.upgrade must be "accept", "drop" or an HTTP status, not {upgrade!r}')
    turns = server.get("turns", ["full"])
    if not isinstance(turns, list) or not turns or any(turn not in _TURNS for turn in turns):
        raise InvalidArgs(f"server.turns must be a non-empty list of {list(_TURNS)}")
    refused = server.get("refused_upgrades")
    if refused is not None and (not isinstance(refused, int) or isinstance(refused, bool) or refused < 0):
        raise InvalidArgs("server.refused_upgrades must be a count")
    limit = server.get("max_message_bytes")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise InvalidArgs("server.max_message_bytes must be a byte count")
    return upgrade, refused, [str(turn) for turn in turns], limit


def _observed(args: Mapping[str, Any]) -> tuple[list[JSON], str | None]:
    """The captured run's delays, written back as given (TRANSPORT-FALLBACK-2)."""
    observed = args.get("observed") or {}
    if not isinstance(observed, Mapping):
        raise InvalidArgs("observed must be an object")
    delays = observed.get("upgrade_delays") or []
    if not isinstance(delays, list) or not all(isinstance(delay, str) for delay in delays):
        raise InvalidArgs("observed.upgrade_delays must be a list of strings")
    fallback = observed.get("fallback_delay")
    if fallback is not None and not isinstance(fallback, str):
        raise InvalidArgs("observed.fallback_delay must be a string or null")
    return list(delays), fallback


def turn(rules: TransportRules, args: Mapping[str, Any]) -> dict[str, JSON]:
    upgrade, refused, turns, limit = _server(args)
    delays, fallback_delay = _observed(args)
    sender = who(rules, args)
    extra = sender.metadata_keys(rules)
    if sender.builtin and (upgrade != "accept" or turns != ["full"]):
        # Only a whole turn is captured with it: the built-in provider's idle timeout is its own.
        raise NotModelled(
            "the built-in provider with a server that does not answer a whole turn: not captured"
        )
    result: dict[str, JSON] = {
        "upgrades": 0,
        "handshake": None,
        "upgrade_delays": delays,
        "fallback_delay": fallback_delay,
        "sent": [],
        "http": [http_request(rules, extra)],
        "differs_from_http": None,
        "exit": 0,
        "reply": HTTP_REPLY,
        "notices": [],
    }
    if not (sender.builtin or enabled(rules, args)):  # the built-in provider says so itself
        return result
    run = _Run(rules, upgrade, refused, turns, _over_limit(rules, limit), extra_metadata=extra)
    ending = run.play()
    if ending == "fallback" and run.carried:
        raise NotModelled("a turn that falls back to HTTP after a tool call over the WebSocket: not captured")
    result |= {
        "upgrades": run.upgrades,
        "handshake": handshake(rules, sender, args),
        "sent": run.sent,
        "notices": run.notices,
    }
    if ending == "fallback" and run.whole_sent:
        ws_only = [*rules.ws_only, *(f"client_metadata.{key}" for key in rules.ws_metadata_keys)]
        result["differs_from_http"] = sorted(ws_only)
    if ending != "fallback":
        result["http"] = []
        result["exit"] = 0 if ending == "reply" else 1
        result["reply"] = WS_REPLY if ending == "reply" else None
    return result
