"""Runs under the built-in OpenAI provider and a ChatGPT login (drive/chatgpt_login.py,
drive/request_observe.py): what the harness writes, and how a compressed body is read.

No release runs here: the captured cases (request/*/chatgpt-login, ...) show the
release side; these show the harness's own choices, each failing where it should.
"""

from __future__ import annotations

import base64
import json
import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import zstandard

from codex_conformance.credentials import redact_text
from codex_conformance.mock_responses_server import RecordedRequest
from codex_workshop.drive import request_volatile
from codex_workshop.drive.chatgpt_login import auth_json, chatgpt_tokens, fake_tokens
from codex_workshop.drive.errors import CaptureError, RequestArgsError
from codex_workshop.drive.exec_run import ExecRun, write_config
from codex_workshop.drive.request_observe import _builtin, decoded_body, first_request, run_request

_URL = "http://127.0.0.1:9/v1"
_TOKENS = fake_tokens("acct-x", "plus", "x@example.invalid")


def _claims(jwt: str) -> Any:
    payload = jwt.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def test_the_made_up_tokens_name_the_account_and_are_not_taken_for_live_ones() -> None:
    claims = _claims(_TOKENS["id_token"])
    assert claims["https://api.openai.com/auth"]["chatgpt_account_id"] == "acct-x"
    assert claims["email"] == "x@example.invalid"
    assert "email" not in _claims(_TOKENS["access_token"])
    # The credential redaction would otherwise blank them out of the goldens.
    assert all(redact_text(token) == token for token in _TOKENS.values())


def test_auth_json_is_stamped_with_the_run_start() -> None:
    moment = datetime(2031, 5, 6, 7, 8, 9, tzinfo=UTC)
    document = json.loads(auth_json(_TOKENS, moment))
    assert document["last_refresh"] == "2031-05-06T07:08:09.000000Z"
    assert document["tokens"] == _TOKENS
    assert document["OPENAI_API_KEY"] is None


@pytest.mark.parametrize(
    "auth",
    [
        {"chatgpt": {**_TOKENS, "extra": "x"}},
        {"chatgpt": {k: v for k, v in _TOKENS.items() if k != "account_id"}},
        {"apikey": "sk-x"},
        "chatgpt",
    ],
)
def test_a_malformed_login_is_refused(auth: Any) -> None:
    with pytest.raises(RequestArgsError):
        chatgpt_tokens(auth)


def test_a_builtin_provider_takes_only_its_url() -> None:
    assert _builtin({"builtin": "openai", "base_url": _URL}) == "openai"
    assert _builtin({"base_url": _URL}) is None
    with pytest.raises(RequestArgsError, match="one of"):
        _builtin({"builtin": "oss", "base_url": _URL})
    with pytest.raises(RequestArgsError, match="only base_url"):
        _builtin({"builtin": "openai", "base_url": _URL, "wire_api": "chat"})


def test_a_login_without_the_builtin_provider_is_refused_before_any_run() -> None:
    args = {"model": "gpt-5", "provider": {"base_url": _URL}, "auth": {"chatgpt": _TOKENS}}
    with pytest.raises(RequestArgsError, match=r"provider\.builtin"):
        run_request("0.169.0", args)


def test_a_case_may_not_point_the_builtin_provider_elsewhere() -> None:
    args = {"model": "gpt-5", "provider": {"builtin": "openai", "base_url": _URL}}
    with pytest.raises(RequestArgsError, match="OPENAI_BASE_URL"):
        run_request("0.169.0", {**args, "env": {"OPENAI_BASE_URL": "https://example.invalid/v1"}})


def test_the_builtin_provider_is_named_instead_of_the_mock_table(tmp_path: Path) -> None:
    named = {"openai_base_url": "{origin}/v1", "chatgpt_base_url": "{origin}/backend-api/"}
    extra = {"model_verbosity": "{origin}"}  # a case's own value is written as given
    write_config(tmp_path, _URL, "gpt-5", [], extra=extra, builtin_provider="openai", mock_config=named)
    config = tomllib.loads((tmp_path / "config.toml").read_text(encoding="utf-8"))
    assert config["model_provider"] == "openai"
    assert "model_providers" not in config
    assert config["openai_base_url"] == "http://127.0.0.1:9/v1"
    assert config["chatgpt_base_url"] == "http://127.0.0.1:9/backend-api/"
    assert config["model_verbosity"] == "{origin}"


def _request(body: bytes, headers: list[tuple[str, str]], path: str = "/v1/responses") -> RecordedRequest:
    return RecordedRequest("POST", path, [("Content-Type", "application/json"), *headers], body)


def test_a_zstd_body_is_read_decompressed_with_its_frame_header() -> None:
    sent = {"model": "gpt-5", "input": []}
    compressed = zstandard.ZstdCompressor(level=3, write_content_size=False).compress(
        json.dumps(sent).encode()
    )
    body, encoding = decoded_body(_request(compressed, [("Content-Encoding", "zstd")]))
    assert body == sent
    assert encoding == {"content_encoding": "zstd", "frame_header": compressed[:6].hex()}
    assert encoding["frame_header"].startswith("28b52ffd")


def test_a_plain_body_has_no_encoding() -> None:
    assert decoded_body(_request(b'{"a": 1}', [])) == ({"a": 1}, None)


@pytest.mark.parametrize(
    ("body", "coding", "message"),
    [(b"not zstd", "zstd", "does not decompress"), (b'{"a": 1}', "gzip", "only zstd")],
)
def test_a_body_that_cannot_be_read_is_a_capture_error(body: bytes, coding: str, message: str) -> None:
    with pytest.raises(CaptureError, match=message):
        decoded_body(_request(body, [("Content-Encoding", coding)]))


def _message(index: int, stamp: float) -> dict[str, Any]:
    tags = {"turn_id": "t", "create_time": stamp, "content_item_kinds": ["user.text"]}
    return {"type": "message", "id": f"m{index}", "internal_chat_message_metadata_passthrough": tags}


def test_the_model_request_is_the_first_post_and_its_clock_readings_are_text() -> None:
    body = {"model": "gpt-5", "input": [_message(0, 1796219611.0245106), _message(1, 17)]}
    models = RecordedRequest("GET", "/v1/models?client_version=0.169.0", [], b"")
    upgrade = RecordedRequest("GET", "/v1/responses", [("Upgrade", "websocket")], b"")
    post = _request(json.dumps(body).encode(), [])
    run = ExecRun(0, "", "", [models, upgrade, post])
    result = first_request("0.169.0", {"provider": {"builtin": "openai", "base_url": _URL}}, run)
    assert result["method"] == "POST"
    tags = [item["internal_chat_message_metadata_passthrough"] for item in result["body"]["input"]]
    assert [tag["create_time"] for tag in tags] == ["1796219611.0245106", "17"]
    assert request_volatile.observed_values(result)["message_create_times"] == ["1796219611.0245106", "17"]
    expected = request_volatile.expected_request(result)
    assert expected["body"]["input"][0]["internal_chat_message_metadata_passthrough"]["create_time"] == {
        "$pattern": request_volatile.CLOCK_SECONDS
    }
