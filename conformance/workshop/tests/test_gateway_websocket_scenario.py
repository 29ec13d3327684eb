"""The gateway's WebSocket scenarios (spec/gateway.md): websocket-fallback, where it applies, how it
turns the WebSocket on and which printed lines its error verdict leaves out; websocket, whose
upstream speaks the WebSocket, how it reads each message, GATEWAY-WS-1 and the report's transport."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from codex_conformance.editions import EDITIONS
from codex_conformance.mock_responses_server import MockResponsesServer
from codex_workshop.gateway.certify import GatewayRun, ScenarioResult
from codex_workshop.gateway.http_wire import upgrade_status
from codex_workshop.gateway.observe import Observation, UpstreamRequest, upstream_requests
from codex_workshop.gateway.relay import Connection
from codex_workshop.gateway.report import render_markdown, report_json
from codex_workshop.gateway.scenarios import NotApplicable, Scenario, scenarios
from codex_workshop.gateway.verdicts import CLAUSES, Verdict, errors_the_same, websocket_messages_relayed
from codex_workshop.gateway.websocket_upstream import WebSocketUpstream


def _fallback(version: str) -> Scenario | NotApplicable:
    return next(found for found in scenarios(EDITIONS[version]) if found.slug == "websocket-fallback")


def _observed(error_lines: list[str]) -> Observation:
    return Observation(0, [], [], [], error_lines, "", "")


def test_a_release_without_a_websocket_transport_has_it_not_applicable_and_says_why() -> None:
    without = [version for version, edition in EDITIONS.items() if edition.websocket_config is None]
    assert without
    for version in without:
        found = _fallback(version)
        assert isinstance(found, NotApplicable) and "WebSocket" in found.reason


def test_a_release_with_one_runs_with_the_provider_flag_and_the_editions_own_switches() -> None:
    with_ws = {version: table for version, table in EDITIONS.items() if table.websocket_config is not None}
    assert with_ws
    for version, edition in with_ws.items():
        found = _fallback(version)
        assert isinstance(found, Scenario)
        assert found.provider == {"supports_websockets": True}
        assert set(found.extra_config) == set(edition.websocket_config or ())


def test_the_lines_about_the_upgrade_are_not_compared_and_the_others_are() -> None:
    scenario = _fallback(next(v for v, e in EDITIONS.items() if e.websocket_config is not None))
    assert isinstance(scenario, Scenario)
    direct = _observed(["ERROR: Reconnecting... 2/2"])
    through = _observed(
        [
            "warning: Falling back from WebSockets to HTTPS transport. unexpected status 426",
            '{"error":{"message":"not found"}}',
            # The form 0.169.0 printed in CI (stop 44), the URL masked as observe() masks it.
            '{"error":{"message":"not found"}}, url: ws://127.0.0.1:<port>/v1/responses',
        ]
    )
    assert errors_the_same(scenario, direct, through) == []
    through_with_another_error = _observed(["ERROR: unexpected status 500 Internal Server Error"])
    assert errors_the_same(scenario, direct, through_with_another_error) != []


# --- the `websocket` scenario: the upstream accepts the upgrade (spec/gateway.md) ---


def _websocket(version: str) -> Scenario | NotApplicable:
    return next(found for found in scenarios(EDITIONS[version]) if found.slug == "websocket")


def test_the_websocket_scenario_applies_where_the_fallback_does_and_has_the_upstream_speak_it() -> None:
    for version, edition in EDITIONS.items():
        found = _websocket(version)
        if edition.websocket_config is None:
            assert isinstance(found, NotApplicable) and "WebSocket" in found.reason
            continue
        assert isinstance(found, Scenario)
        assert found.websocket and found.provider == {"supports_websockets": True}
        assert set(found.extra_config) == set(edition.websocket_config)
        fallback = _fallback(version)
        assert isinstance(fallback, Scenario) and not fallback.websocket


def _upstream_run(messages: list[dict[str, Any]], headers: dict[str, str]) -> list[UpstreamRequest]:
    """The scripted upstream of the `websocket` scenario, sent ``messages`` on one connection."""
    scenario = _websocket(next(v for v, e in EDITIONS.items() if e.websocket_config is not None))
    assert isinstance(scenario, Scenario)
    speaking = WebSocketUpstream(scenario.script)
    with MockResponsesServer(upgrade=speaking.mock.serve) as server:
        url = server.base_url.replace("http://", "ws://") + "/responses"
        with connect(url, additional_headers=headers) as client:
            for message in messages:
                client.send(json.dumps(message))
                while json.loads(client.recv(timeout=5))["type"] != "response.completed":
                    pass
        return upstream_requests(server, speaking)


def test_the_upstream_reads_a_continued_message_with_its_history_and_the_handshakes_headers() -> None:
    tools = [{"type": "function", "name": "shell", "parameters": {"type": "object", "properties": {}}}]
    developer = {"type": "message", "role": "developer", "content": []}
    user = {"type": "message", "role": "user", "content": []}
    warmup = {"type": "response.create", "tools": tools, "input": [developer], "generate": False}
    turn = {
        "type": "response.create",
        "tools": tools,
        "previous_response_id": "resp_gateway_warmup_1",
        "input": [user],
    }
    requests = _upstream_run([warmup, turn], {"openai-beta": "responses_websockets=2026-02-06"})
    assert [request.api for request in requests] == ["websocket", "websocket"]
    assert [request.connection for request in requests] == [0, 0]
    assert all(request.headers["openai-beta"] == "responses_websockets=2026-02-06" for request in requests)
    # The warm-up's input is put back in front of the turn's own item, as the API reads it.
    assert requests[1].body["input"] == [developer, user]
    assert requests[1].body["previous_response_id"] == "resp_gateway_warmup_1"


def test_the_upstream_reads_a_response_append_with_the_input_it_continues_and_its_tools() -> None:
    """0.94.0's follow-up (spec/transport.md TRANSPORT-MESSAGE-3) names no response and carries the
    call again itself: the request it continues gives its input and tools, not its output."""
    tools = [{"type": "function", "name": "shell", "parameters": {"type": "object", "properties": {}}}]
    user = {"type": "message", "role": "user", "content": []}
    call = {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "call_1"}
    output = {"type": "function_call_output", "call_id": "call_1", "output": "done"}
    create = {"type": "response.create", "tools": tools, "input": [user]}
    append = {"type": "response.append", "input": [call, output]}
    requests = _upstream_run([create, append], {})
    assert [request.connection for request in requests] == [0, 0]
    assert requests[1].body["type"] == "response.append"
    assert requests[1].body["input"] == [user, call, output]
    assert requests[1].body["tools"] == tools


def _relayed(*bodies: dict[str, Any], api: str = "websocket") -> Observation:
    upstream = [UpstreamRequest(api, {}, body, 0 if api == "websocket" else None) for body in bodies]
    return Observation(0, [], upstream, [], [], "", "")


def test_a_relayed_message_that_lost_a_key_fails_ws_1_and_the_same_message_passes() -> None:
    scenario = _websocket(next(v for v, e in EDITIONS.items() if e.websocket_config is not None))
    assert isinstance(scenario, Scenario)
    sent = {"type": "response.create", "input": [{"type": "message"}], "client_metadata": {"turn_id": "t"}}
    direct = _relayed(sent)
    assert websocket_messages_relayed(scenario, direct, _relayed(dict(sent))) == []
    lost = {key: value for key, value in sent.items() if key != "client_metadata"}
    assert websocket_messages_relayed(scenario, direct, _relayed(lost)) == [
        "message #1 lost the key client_metadata"
    ]
    fewer_items = {**sent, "input": []}
    assert websocket_messages_relayed(scenario, direct, _relayed(fewer_items)) != []
    # Tools are GATEWAY-TOOLS-1's: a relay may rename them, as an HTTP gateway may.
    renamed = {**sent, "tools": [{"type": "function", "name": "other"}]}
    assert websocket_messages_relayed(scenario, _relayed({**sent, "tools": []}), _relayed(renamed)) == []


def test_a_gateway_that_refused_the_upgrade_is_not_judged_by_ws_1() -> None:
    scenario = _websocket(next(v for v, e in EDITIONS.items() if e.websocket_config is not None))
    assert isinstance(scenario, Scenario)
    over_http = _relayed({"input": []}, api="responses")
    assert over_http.transport == "http"
    assert (
        websocket_messages_relayed(scenario, _relayed({"input": [], "type": "response.create"}), over_http)
        == []
    )
    assert _relayed({"input": []}).transport == "websocket"


def test_the_report_says_which_transport_reached_the_upstream() -> None:
    run = GatewayRun("g", ["1.0.0"])
    verdicts = tuple(Verdict(clause, ()) for clause in CLAUSES)
    run.results = [
        ScenarioResult("1.0.0", "websocket", "t", verdicts, upstream_apis=("responses",), transport="http"),
        ScenarioResult("1.0.0", "text", "t", verdicts, upstream_apis=("responses",)),
    ]
    markdown = render_markdown(run)
    assert "## Transport" in markdown
    assert "- 1.0.0 `websocket`: the turn reached the upstream over HTTP" in markdown
    assert "`text`: the turn" not in markdown
    results = report_json(run)["results"]
    assert results[0]["transport"] == "http" and "transport" not in results[1]


def _connection(sent: bytes, *received: bytes) -> Connection:
    return Connection(bytearray(sent), list(received))


def test_the_gateways_answer_to_an_upgrade_is_read_off_the_relayed_bytes() -> None:
    upgrade = b"GET /v1/responses HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
    assert (
        upgrade_status(_connection(upgrade, b"HTTP/1.1 101 Switching Protocols\r\n\r\n", b"\x81\x02hi"))
        == 101
    )
    assert (
        upgrade_status(
            _connection(upgrade, b"HTTP/1.1 405 Method Not Allowed\r\n", b"Content-Length: 0\r\n\r\n")
        )
        == 405
    )
    assert upgrade_status(_connection(upgrade)) == 0
    post = b"POST /v1/responses HTTP/1.1\r\nContent-Length: 0\r\n\r\n"
    assert upgrade_status(_connection(post, b"HTTP/1.1 200 OK\r\n\r\n")) is None


def test_the_report_tells_a_refused_upgrade_from_one_the_gateway_took() -> None:
    run = GatewayRun("g", ["1.0.0"])
    verdicts = tuple(Verdict(clause, ()) for clause in CLAUSES)
    run.results = [
        ScenarioResult("1.0.0", "websocket", "t", verdicts, transport="http", upgrade_answers=(405, 405)),
        ScenarioResult("1.0.0", "websocket", "t", verdicts, transport="http", upgrade_answers=(101,)),
    ]
    markdown = render_markdown(run)
    assert "the gateway refused the upgrade (405) and the release fell back" in markdown
    assert "the gateway accepted the upgrade (101)" in markdown
    assert report_json(run)["results"][0]["upgrade_answers"] == [405, 405]
