"""The http area's harness without a release: the mock server's cut-off reply, and how a run's
requests and printed events become ``http.reply``'s result (spec/http.md)."""

from __future__ import annotations

import http.client
import json
import re
from typing import Any

import pytest

from codex_conformance.mock_responses_server import MockResponsesServer, RecordedRequest, ScriptedStream
from codex_reference.adapter import handle
from codex_workshop.areas.http import observe
from codex_workshop.areas.http.release import http_reply
from codex_workshop.drive.errors import InvalidInputError
from codex_workshop.drive.exec_run import ExecRun


def _post(server: MockResponsesServer) -> http.client.HTTPResponse:
    port = int(server.base_url.rsplit(":", 1)[1].split("/")[0])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("POST", "/v1/responses", body=b"{}")
    return connection.getresponse()


def test_an_aborted_reply_closes_the_connection_before_the_body_ends() -> None:
    reply = ScriptedStream([b"event: response.created\ndata: {"], abort=True)
    with MockResponsesServer(streams=[reply]) as server:
        response = _post(server)
        assert response.status == 200
        with pytest.raises(http.client.IncompleteRead) as cut:
            response.read()
    assert cut.value.partial == b"event: response.created\ndata: {"


def test_a_reply_without_a_type_sends_no_content_type_and_ends_its_body() -> None:
    with MockResponsesServer(streams=[ScriptedStream([b"hello"], status=503, content_type=None)]) as server:
        response = _post(server)
        assert response.getheader("Content-Type") is None
        assert (response.status, response.read()) == (503, b"hello")


def test_the_scripted_reply_takes_its_type_from_the_headers_and_leaves_framing_to_the_mock() -> None:
    headers = [("Content-Length", "3"), ("content-type", "text/plain"), ("Retry-After", "1")]
    reply = observe.scripted(429, headers, "x", abort=False)
    assert (reply.status, reply.content_type, reply.headers) == (429, "text/plain", [("Retry-After", "1")])
    assert observe.scripted(200, [], "", abort=True).content_type is None


def _request(at: float, items: int) -> RecordedRequest:
    body = json.dumps({"input": [{"type": "message"}] * items}).encode()
    return RecordedRequest("POST", "/v1/responses", [], body, received_at=at)


def _run(stdout: list[dict[str, Any]], requests: list[RecordedRequest], code: int = 1) -> ExecRun:
    return ExecRun(code, "\n".join(json.dumps(line) for line in stdout), "", requests)


def test_a_run_becomes_the_result_notices_error_waits_and_resent_items() -> None:
    said = "unexpected status 403 Forbidden: no (x), url: http://127.0.0.1:41221/v1/responses"
    stdout: list[dict[str, Any]] = [
        {"type": "error", "message": f"Reconnecting... 1/1 ({said})"},
        {"type": "error", "message": said},
        {"type": "turn.failed", "error": {"message": said}},
    ]
    run = _run(stdout, [_request(10.0, 4), _request(10.2, 4), _request(11.25, 5)])
    text = "unexpected status 403 Forbidden: no (x), url: {base_url}/responses"
    assert observe.result(run, timed=True) == {
        "requests": 3,
        "waits": [None, 1],
        "notices": [text],
        "error": text,
        "exit_code": 1,
        "resent_items": 1,
    }
    assert observe.result(run, timed=False)["waits"] is None


def test_the_older_notice_form_is_read_too() -> None:
    notice = {"type": "stream_error", "message": "stream error: exceeded retry limit; retrying 1/1 in 191ms…"}
    assert observe.notices([notice, {"type": "error", "message": "exceeded retry limit"}]) == [
        "exceeded retry limit"
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ({"status": 99, "body": ""}, "`status` must be an HTTP status"),
        ({"status": 400, "body": "", "headers": [["a"]]}, "`headers` must be an array of [name, value]"),
        ({"status": 400, "body": "", "request_max_retries": 11}, "`request_max_retries` must be an integer"),
        ({"status": 400, "body": "", "stream_max_retries": True}, "`stream_max_retries` must be an integer"),
    ],
)
def test_bad_args_are_named_before_any_release_runs(args: dict[str, Any], said: str) -> None:
    full = {"request_max_retries": 1, "stream_max_retries": 1, **args}
    with pytest.raises(InvalidInputError, match=re.escape(said)):
        http_reply("0.169.0", full)
    answer = handle({"op": "http.reply", "args": {"edition": "0.169.0", **full}})
    assert answer["error"]["kind"] == "invalid-args"


def test_the_reference_declines_what_it_does_not_model() -> None:
    args = {"edition": "0.25.0", "headers": [], "request_max_retries": 1, "stream_max_retries": 1}
    for reply in ({"status": 418, "body": ""}, {"status": 302, "body": ""}, {"status": 204, "body": ""}):
        assert "unsupported" in handle({"op": "http.reply", "args": {**args, **reply}}), reply
