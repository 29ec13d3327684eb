"""The gateway mode without a release: plugging a gateway in, the scripted model's tool lookup,
the verdicts on synthetic observations, and a snapshot of the report rendering.

After a deliberate change of the rendering: ``pytest conformance/workshop/tests/test_gateway_plug.py
--snapshot-update``, and read the diff of ``__snapshots__/test_gateway_plug.ambr``.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from spec_examples import clauses
from syrupy.assertion import SnapshotAssertion

from codex_conformance.cli import main
from codex_conformance.lint import GATEWAY_CLAUSES
from codex_conformance.mock_responses_server import ScriptedStream
from codex_conformance.paths import spec_dir
from codex_workshop.gateway.certify import GatewayRun, ScenarioResult, _portable
from codex_workshop.gateway.model import (
    Call,
    Script,
    Search,
    Text,
    ToolTarget,
    Turn,
    chat_stream,
    locate,
    model_visible_tools,
    split_deltas,
)
from codex_workshop.gateway.observe import Observation, UpstreamRequest, masked
from codex_workshop.gateway.plug import GatewayError, free_port, parse_gateway, running_gateway
from codex_workshop.gateway.report import render_markdown, report_json
from codex_workshop.gateway.scenarios import Scenario
from codex_workshop.gateway.verdicts import (
    CLAUSES,
    Verdict,
    deferred_tools_reach_model,
    follow_up_pairs,
    identity_headers,
    tools_reach_model,
)

NAMESPACE = {
    "type": "namespace",
    "name": "mcp__srv",
    "description": "Tools in the mcp__srv namespace.",
    "tools": [
        {
            "type": "function",
            "name": "echo",
            "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
        }
    ],
}
FLATTENED = {"type": "function", "name": "mcp__srv__echo", "parameters": NAMESPACE["tools"][0]["parameters"]}  # type: ignore[index]
ECHO = ToolTarget("function", "echo", "mcp__srv")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cmd:", "empty"),
        ("cmd:proxy --listen 8080", "never names {port}"),
        ("cmd:proxy --port {port} --to {target}", "names {target}"),
        ("cmd:proxy --port {port", "bad gateway template"),
        ("cmd:proxy 'unclosed", "bad gateway template"),
        ("localhost:8080", "cmd:TEMPLATE"),
    ],
)
def test_bad_gateways_are_named(text: str, message: str) -> None:
    with pytest.raises(GatewayError, match=message.replace("{", r"\{").replace("}", r"\}")):
        parse_gateway(text)


def test_a_template_and_a_url_are_understood() -> None:
    spec = parse_gateway("cmd:my-proxy --port {port} --upstream {upstream}")
    assert spec.argv_template == ("my-proxy", "--port", "{port}", "--upstream", "{upstream}")
    assert parse_gateway("http://127.0.0.1:4000/v1/").url == "http://127.0.0.1:4000/v1"


def test_a_gateway_serving_at_the_root_gets_a_base_url_without_a_trailing_slash() -> None:
    spec = parse_gateway(f"cmd:{sys.executable} -m http.server --bind 127.0.0.1 {{port}}", path="/")
    with running_gateway(spec, "http://127.0.0.1:1/v1", ready_seconds=20.0) as gateway:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", gateway.base_url), gateway.base_url


def test_a_gateway_that_never_listens_is_given_up_on_with_its_output() -> None:
    spec = parse_gateway(
        f"cmd:{sys.executable} -c 'import time; print(\"booting\", flush=True); time.sleep(60)' {{port}}"
    )
    started = time.monotonic()
    with (
        pytest.raises(GatewayError, match="did not accept connections") as failed,
        running_gateway(spec, "http://127.0.0.1:1/v1", ready_seconds=1.0),
    ):
        pass
    assert time.monotonic() - started < 20
    assert "booting" in failed.value.output


def test_a_gateway_that_exits_is_an_error_with_its_output() -> None:
    spec = parse_gateway(f"cmd:{sys.executable} -c 'import sys; sys.exit(\"no config for {{port}}\")'")
    with (
        pytest.raises(GatewayError, match="exited with status 1") as failed,
        running_gateway(spec, "http://127.0.0.1:1/v1", ready_seconds=10.0),
    ):
        pass
    assert "no config for" in failed.value.output


def test_a_run_stopped_with_sigterm_stops_its_gateway(tmp_path: Path) -> None:
    # The gateway runs in a session of its own: without the kit's SIGTERM handling it
    # went on serving after the run that started it was killed.
    holder = tmp_path / "holder.py"
    holder.write_text(
        "import sys, time\n"
        "from codex_workshop.gateway.plug import parse_gateway, running_gateway\n"
        "spec = parse_gateway(sys.argv[1])\n"
        "with running_gateway(spec, 'http://127.0.0.1:1/v1', ready_seconds=20.0) as gateway:\n"
        "    assert gateway.process is not None\n"
        "    print(gateway.process.pid, flush=True)\n"
        "    time.sleep(60)\n",
        encoding="utf-8",
    )
    template = f"cmd:{sys.executable} -m http.server --bind 127.0.0.1 {{port}}"
    with subprocess.Popen(
        [sys.executable, str(holder), template], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as run:
        assert run.stdout is not None
        gateway_pid = int(run.stdout.readline())
        run.send_signal(signal.SIGTERM)
        run.wait(timeout=20)
    deadline = time.monotonic() + 10
    while _alive(gateway_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(gateway_pid), "the gateway outlived the run that started it"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by init) counts as gone.
    status = Path(f"/proc/{pid}/stat")
    return status.exists() and status.read_text().split(") ", 1)[1][:1] != "Z"


def test_a_url_nothing_listens_at_is_given_up_on() -> None:
    spec = parse_gateway(f"http://127.0.0.1:{free_port()}/v1")
    with (
        pytest.raises(GatewayError, match="nothing accepted connections"),
        running_gateway(spec, "", ready_seconds=0.5),
    ):
        pass


def test_a_missing_gateway_command_is_an_error() -> None:
    spec = parse_gateway("cmd:/nonexistent/gateway --port {port}")
    with pytest.raises(GatewayError, match="could not start"), running_gateway(spec, "http://127.0.0.1:1/v1"):
        pass


@pytest.mark.parametrize(
    ("argv", "code", "said"),
    [
        (["--gateway", "cmd:proxy"], 2, "never names {port}"),
        (["--gateway", "http://127.0.0.1:9/v1"], 2, "needs --upstream-port"),
        (["--gateway", "cmd:proxy {port}", "--only", "nonsense"], 2, "unknown scenario"),
        (["--gateway", "cmd:proxy {port}", "--ready-timeout", "0"], 2, "must be positive"),
    ],
)
def test_cli_usage_errors(argv: list[str], code: int, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gateway", *argv]) == code
    assert said in capsys.readouterr().err


def test_the_model_calls_a_tool_where_it_was_offered() -> None:
    call = Call(ECHO, "call_1", arguments={"q": "x"})
    assert call.item([NAMESPACE])["namespace"] == "mcp__srv"
    flat = call.item([FLATTENED])
    assert flat["name"] == "mcp__srv__echo" and "namespace" not in flat
    assert locate(ECHO, [{"type": "function", "name": "other"}]) is None
    patch = Call(ToolTarget("custom", "apply_patch"), "call_2", input="*** Begin Patch\n*** End Patch\n")
    as_function = patch.item(
        [
            {
                "type": "function",
                "name": "apply_patch",
                "parameters": {"properties": {"patch": {"type": "string"}}},
            }
        ]
    )
    assert as_function["type"] == "function_call" and '"patch"' in as_function["arguments"]


def test_volatile_values_become_patterns() -> None:
    uuid = "01a21857-faab-7d10-87d3-cd7484bfc1f3"
    text = f"Wall time: 0.0012 seconds in /tmp/codex-conformance-work-ab_12 id {uuid}"
    assert masked(text) == "Wall time: <seconds> seconds in <run-dir> id <uuid>"


def _observation(upstream: list[UpstreamRequest]) -> Observation:
    return Observation(0, [], upstream, [], [], "", "")


def test_verdicts_see_lost_tools_orphaned_outputs_and_lost_headers() -> None:
    direct = _observation(
        [
            UpstreamRequest(
                "responses",
                {"originator": "codex_exec", "session_id": "a"},
                {"tools": [NAMESPACE], "input": []},
            ),
            UpstreamRequest(
                "responses",
                {"originator": "codex_exec"},
                {
                    "input": [
                        {"type": "function_call", "call_id": "c"},
                        {"type": "function_call_output", "call_id": "c"},
                    ]
                },
            ),
        ]
    )
    through = _observation(
        [
            UpstreamRequest("responses", {}, {"tools": [], "input": []}),
            UpstreamRequest("responses", {}, {"input": [{"type": "function_call_output", "call_id": "c"}]}),
        ]
    )
    scenario = Scenario("synthetic", "synthetic", Script(()), "model")
    assert tools_reach_model(scenario, direct, through) == [
        "the tool mcp__srv.echo (function) did not reach the upstream"
    ]
    assert follow_up_pairs(scenario, direct, through) == [
        "model request #2 carries the output of c without its call"
    ]
    assert "model request #1 lost the header originator" in identity_headers(scenario, direct, through)
    assert tools_reach_model(scenario, direct, direct) == []
    assert follow_up_pairs(scenario, direct, direct) == []
    assert identity_headers(scenario, direct, direct) == []


def _synthetic_run() -> GatewayRun:
    passing = tuple(Verdict(clause, ()) for clause in ("GATEWAY-TOOLS-1", "GATEWAY-CALL-1"))
    failing = (
        Verdict("GATEWAY-TOOLS-1", ()),
        Verdict(
            "GATEWAY-CALL-1",
            ('recorded model item #1: direct {"name": "echo"}, through the gateway {"name": "x"}',),
        ),
    )
    run = GatewayRun(
        "my-proxy --port {port} --upstream {upstream}",
        ["1.0.0"],
        gateway_output="listening\n```\nforwarded 2\n",
    )
    headers_only = (
        Verdict("GATEWAY-TOOLS-1", ()),
        Verdict("GATEWAY-HEADERS-1", ("model request #1 lost the header originator",)),
    )
    run.results = [
        ScenarioResult("1.0.0", "text", "a plain text answer", passing, None, ("responses",), 1),
        ScenarioResult(
            "1.0.0", "function-call", "a function call", headers_only, None, ("responses",) * 2, 2
        ),
        ScenarioResult(
            "1.0.0", "tool-search", "a deferred tool", not_applicable="no model of this release defers tools"
        ),
        ScenarioResult("1.0.0", "mcp-call", "an MCP tool call", failing, None, ("chat", "chat", "chat"), 2),
        ScenarioResult("1.0.0", "cut-stream", "a cut stream", (), "release run: did not finish"),
    ]
    return run


def test_report_rendering(snapshot: SnapshotAssertion) -> None:
    run = _synthetic_run()
    assert render_markdown(run) == snapshot
    data = report_json(run)
    assert data["ok"] is False
    assert [result["outcome"] for result in data["results"]] == [
        "pass",
        "fail",
        "not applicable",
        "fail",
        "error",
    ]
    assert data["summary"]["1.0.0"] == {
        "applicable": 4,
        "passed": 1,
        "passed_apart_from_headers": 2,
        "not_applicable": 1,
    }


def test_a_verdict_per_model_the_scenarios_ran_under() -> None:
    run = _synthetic_run()
    # The freeform call runs under another model than the rest: that model is judged on it alone.
    models = {"mcp-call": "freeform-model"}
    run.results = [replace(r, model=models.get(r.slug, "default-model")) for r in run.results]
    data = report_json(run)
    assert [result["model"] for result in data["results"]][:4] == [
        "default-model",
        "default-model",
        "default-model",
        "freeform-model",
    ]
    by_model = {profile["model"]: profile for profile in data["profiles"]}
    assert by_model["default-model"]["scenarios"] == ["text", "function-call"]
    # The synthetic scenarios judge two clauses: both models miss the other mandatory ones.
    failing = {model: [(f["clause"], f["tier"]) for f in p["failing"]] for model, p in by_model.items()}
    assert failing == {
        "default-model": [("GATEWAY-HEADERS-1", "advisory")],
        "freeform-model": [("GATEWAY-CALL-1", "mandatory")],
    }
    assert by_model["freeform-model"]["scenarios"] == ["mcp-call"]
    markdown = render_markdown(run)
    assert "## Readiness per model" in markdown
    assert "| 1.0.0 | `freeform-model` | mcp-call | **NOT READY** |" in markdown
    # A run whose scenarios name no model (as every report written before models were) has none.
    assert report_json(_synthetic_run())["profiles"] == []
    assert "per model" not in render_markdown(_synthetic_run())


def test_the_terminal_gives_the_verdict_per_model_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import codex_workshop.gateway.cli as gateway_cli

    run = _synthetic_run()
    run.results = [replace(r, model="freeform-model" if r.slug == "mcp-call" else "m") for r in run.results]
    monkeypatch.setattr(gateway_cli, "certify_gateway", lambda *args, **kwargs: run)
    report = tmp_path / "gateway.md"
    args = ["gateway", "--gateway", "cmd:proxy {port} {upstream}", "--edition", "0.25.0", "--quiet"]
    assert main([*args, "--report", str(report)]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("readiness")]
    assert lines[0].startswith("readiness 1.0.0: NOT READY")
    assert lines[1].startswith("readiness under m 1.0.0: NOT READY")
    assert lines[2].startswith("readiness under freeform-model 1.0.0: NOT READY: GATEWAY-CALL-1 fails (1,")
    saved = json.loads(report.with_suffix(".json").read_text(encoding="utf-8"))
    assert [profile["model"] for profile in saved["profiles"]] == ["m", "freeform-model"]


def test_gateway_help(
    snapshot: SnapshotAssertion, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    with pytest.raises(SystemExit):
        main(["gateway", "--help"])
    assert capsys.readouterr().out == snapshot


def test_report_directory_must_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["gateway", "--gateway", "cmd:proxy {port}", "--report", str(tmp_path / "missing" / "r.md")])
    assert code == 2
    assert "does not exist" in capsys.readouterr().err


def test_the_spec_declares_exactly_the_clauses_judged() -> None:
    page = (spec_dir() / GATEWAY_CLAUSES).read_text(encoding="utf-8")
    assert clauses(page) == list(CLAUSES)


def _chat_events(stream: object) -> list[dict[str, Any]]:
    assert isinstance(stream, ScriptedStream)
    return [json.loads(chunk[len(b"data: ") :]) for chunk in stream.chunks if chunk != b"data: [DONE]\n\n"]


def _deltas(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event["choices"][0]["delta"] for event in events if event["choices"]]


def test_the_chat_upstream_calls_tools_by_their_chat_names() -> None:
    chat_tools = [
        {"type": "function", "function": {"name": "mcp__srv__echo", "parameters": FLATTENED["parameters"]}}
    ]
    step = Turn((Text("calling"), Call(ECHO, "call_1", arguments={"q": "x"})))
    events = _chat_events(chat_stream(step, chat_tools, "chatcmpl-test"))
    fragments = [delta["tool_calls"][0] for delta in _deltas(events) if "tool_calls" in delta]
    opening, *rest = fragments
    assert opening["id"] == "call_1" and opening["function"] == {"name": "mcp__srv__echo", "arguments": ""}
    # The name only in the first delta; the arguments over several after it, as OpenAI streams them.
    assert len(rest) > 1 and all("name" not in fragment["function"] for fragment in rest)
    assert "".join(fragment["function"]["arguments"] for fragment in rest) == '{"q": "x"}'
    assert "".join(delta.get("content") or "" for delta in _deltas(events)) == "calling"
    assert events[-1]["choices"][0]["finish_reason"] == "tool_calls"
    assert all("usage" not in event for event in events)
    cut = chat_stream(Turn((Text("cut"),), cut=True), chat_tools, "chatcmpl-test")
    assert isinstance(cut, ScriptedStream) and b"[DONE]" not in b"".join(cut.chunks)


def test_the_chat_upstream_reports_usage_when_asked() -> None:
    events = _chat_events(chat_stream(Turn((Text("counted"),)), None, "chatcmpl-test", include_usage=True))
    *streamed, last = events
    assert last["choices"] == [] and last["usage"]["total_tokens"] == 2
    assert all(event["usage"] is None for event in streamed)


def test_deltas_split_at_fixed_places() -> None:
    assert split_deltas('{"q": "x"}') == ['{"q"', ': "x', '"}']
    assert split_deltas("ab") == ["a", "b"]
    assert split_deltas("") == [""]


SEARCH_TOOL_ENTRY = {"type": "tool_search", "execution": "client", "parameters": {"type": "object"}}


def test_the_model_searches_where_tool_search_is_offered() -> None:
    search = Search("call_s", "echo", 1)
    item = search.item([SEARCH_TOOL_ENTRY])
    assert item["type"] == "tool_search_call" and item["arguments"] == {"query": "echo", "limit": 1}
    as_function = search.item([{"type": "function", "function": {"name": "tool_search", "parameters": {}}}])
    assert as_function["type"] == "function_call" and json.loads(as_function["arguments"])["query"] == "echo"
    events = _chat_events(chat_stream(Turn((search,)), [SEARCH_TOOL_ENTRY], "chatcmpl-test"))
    [opening] = [
        d["tool_calls"][0] for d in _deltas(events) if "tool_calls" in d and "id" in d["tool_calls"][0]
    ]
    assert opening["function"]["name"] == "tool_search"


def test_tools_found_by_a_search_are_callable_and_judged() -> None:
    found = {"type": "tool_search_output", "call_id": "call_s", "tools": [NAMESPACE]}
    body = {"tools": [SEARCH_TOOL_ENTRY], "input": [found]}
    assert locate(ECHO, model_visible_tools(body)) is not None
    direct = _observation([UpstreamRequest("responses", {}, body)])
    lost = _observation([UpstreamRequest("responses", {}, {"tools": [], "input": []})])
    scenario = Scenario("synthetic", "synthetic", Script(()), "model")
    assert deferred_tools_reach_model(scenario, direct, lost) == [
        "the tool_search tool did not reach the upstream (as itself or as a function)",
        "model request #1: the tool mcp__srv.echo, found by tool_search, did not reach the upstream",
    ]
    assert deferred_tools_reach_model(scenario, direct, direct) == []


def test_the_gateways_output_names_the_kits_directory_as_dot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Reports are committed: a traceback's paths must not name the machine they came from.
    monkeypatch.chdir(tmp_path)
    printed = f'  File "{tmp_path}/.tox/gw/lib/site.py", line 3\n'
    assert _portable(printed) == '  File "./.tox/gw/lib/site.py", line 3\n'


def test_an_edition_with_nothing_judged_quotes_nothing_apart_from_headers() -> None:
    run = GatewayRun("my-proxy", ["1.0.0"], aborted="the gateway exited with status 1")
    run.results = [ScenarioResult("1.0.0", "text", "a plain text answer", error="not run: it exited")]
    line = next(line for line in render_markdown(run).splitlines() if line.startswith("- **1.0.0**"))
    assert "1 not judged" in line and "apart from" not in line


def test_a_gateway_that_only_loses_headers_is_said_to() -> None:
    lost = (Verdict("GATEWAY-HEADERS-1", ("model request #1 lost the header originator",)),)
    run = GatewayRun("my-proxy", ["1.0.0"])
    run.results = [ScenarioResult("1.0.0", "text", "a plain text answer", lost, None, ("chat",), 1)]
    assert "apart from GATEWAY-HEADERS-1, 1 / 1 pass (only Codex's identity headers are lost)" in (
        render_markdown(run)
    )
