"""transport.turn: bad args get a clear error, never a traceback (spec/transport.md)."""

from __future__ import annotations

from typing import Any

import pytest

from codex_reference.adapter import handle

_GOOD: dict[str, Any] = {
    "edition": "0.169.0",
    "provider": {"supports_websockets": True},
    "server": {"upgrade": 404, "turns": ["full"]},
    "observed": {"upgrade_delays": ["0.2"], "fallback_delay": "0.0"},
}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("server", None),
        ("server", {"upgrade": "maybe"}),
        ("server", {"upgrade": 101}),
        ("server", {"upgrade": True}),
        ("server", {"turns": []}),
        ("server", {"turns": ["whole"]}),
        ("server", {"refused_upgrades": -1}),
        ("server", {"max_message_bytes": "1"}),
        ("provider", ["supports_websockets"]),
        ("provider", {"supports_websockets": "yes"}),
        ("observed", "0.2"),
        ("observed", {"upgrade_delays": "0.2"}),
        ("observed", {"fallback_delay": 0.2}),
        ("auth", {"chatgpt": {"access_token": 1, "account_id": "acct"}}),
        ("auth", "token"),
        ("provider", {"builtin": "other"}),
        ("provider", {"builtin": "openai", "supports_websockets": True}),
    ],
)
def test_bad_args_are_invalid_args(field: str, value: Any) -> None:
    response = handle({"op": "transport.turn", "args": {**_GOOD, field: value}})
    assert response["error"]["kind"] == "invalid-args", response


def test_the_good_args_give_a_result_with_the_observed_delays_written_back() -> None:
    result = handle({"op": "transport.turn", "args": _GOOD})["result"]
    assert result["upgrade_delays"] == ["0.2"]
    assert result["upgrades"] == 7
    assert result["http"] and result["reply"] == "done"


def test_a_limit_between_the_modelled_ones_is_unsupported_not_guessed() -> None:
    args = {**_GOOD, "edition": "0.171.0", "server": {"upgrade": "accept", "max_message_bytes": 30000}}
    assert "unsupported" in handle({"op": "transport.turn", "args": args})


_LOGIN = {"chatgpt": {"access_token": "at", "account_id": "acct"}}


@pytest.mark.parametrize(
    "changes",
    [
        {"edition": "0.25.0", "auth": _LOGIN},  # no WebSocket there, and no case
        {"edition": "0.94.0", "provider": {"builtin": "openai"}},
        {"provider": {"builtin": "openai"}},  # a refused upgrade: its idle timeout is its own
    ],
)
def test_a_login_or_builtin_provider_no_case_shows_is_unsupported_not_guessed(
    changes: dict[str, Any],
) -> None:
    assert "unsupported" in handle({"op": "transport.turn", "args": {**_GOOD, **changes}})


def test_a_login_puts_the_account_before_its_bearer() -> None:
    args = {**_GOOD, "auth": _LOGIN, "server": {"upgrade": "accept", "turns": ["full"]}}
    headers = handle({"op": "transport.turn", "args": args})["result"]["handshake"]["headers"]
    names = [name for name, _ in headers]
    assert names.index("chatgpt-account-id") + 1 == names.index("authorization")
    assert ["authorization", "Bearer at"] in headers


def test_a_fallback_after_a_tool_call_is_unsupported_not_guessed() -> None:
    # Every retry silent: the turn falls back to HTTP with the call in its history, which no case shows.
    args = {**_GOOD, "server": {"upgrade": "accept", "turns": ["call", "silent"]}}
    assert "unsupported" in handle({"op": "transport.turn", "args": args})


def test_two_calls_send_two_follow_ups_on_the_connection() -> None:
    args = {**_GOOD, "edition": "0.94.0", "features": {"responses_websockets": True}}
    args["server"] = {"upgrade": "accept", "turns": ["call", "call", "full"]}
    sent = handle({"op": "transport.turn", "args": args})["result"]["sent"]
    assert [message["type"] for message in sent] == ["response.create", "response.append", "response.append"]
    assert {message["connection"] for message in sent} == {0}
