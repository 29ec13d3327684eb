"""The gateway mode against real releases: a faithful pass-through proxy passes every scenario, and
each broken proxy (examples/gateways/passthrough_proxy.py --break KIND) fails on its clause.  In the
`websocket` scenario the WebSocket relay (examples/gateways/websocket_proxy.py) passes over the
WebSocket, each of its breaks fails on its clause, and the HTTP-only proxy passes by the fallback.

These tests run releases from the kit's cache (~/.cache/codex-conformance/releases, fetched once
with npm); where a release cannot be had they are skipped, saying so.  The broken proxies run on the
edition that sends MCP tools as namespaces and apply_patch as a freeform tool and defers MCP tools
behind tool_search, where each breakage shows; the faithful one on every edition.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from codex_conformance.cli import main
from codex_conformance.editions import EDITIONS, Edition
from codex_workshop.gateway.certify import GatewayRun, certify_gateway
from codex_workshop.gateway.plug import free_port, parse_gateway
from codex_workshop.gateway.report import render_markdown
from tests.example_proxies import (
    PASSTHROUGH_PROXY,
    WEBSOCKET_PROXY,
    certify_proxy,
    proxy_template,
    release_or_skip,
)

PROXY = PASSTHROUGH_PROXY


def _with_namespaces_and_freeform(edition: Edition) -> bool:
    return (
        edition.mcp_call_naming == "namespaced"
        and "custom" in dict(edition.apply_patch_models)
        and edition.deferring_model is not None
    )


SHOWCASE = next(version for version, edition in EDITIONS.items() if _with_namespaces_and_freeform(edition))


def _certify(
    version: str, broken: str | None = None, only: tuple[str, ...] = (), proxy: Path = PROXY
) -> GatewayRun:
    return certify_proxy(version, proxy=proxy, broken=broken, only=only)


@pytest.mark.parametrize("version", list(EDITIONS))
def test_a_faithful_proxy_passes_every_scenario(version: str) -> None:
    run = _certify(version)
    assert run.results, "no scenario ran"
    assert run.ok, render_markdown(run)


@pytest.mark.parametrize(
    ("broken", "scenario", "clause"),
    [
        ("flatten-namespaces", "mcp-call", "GATEWAY-CALL-1"),
        ("custom-to-function", "freeform-apply-patch", "GATEWAY-CALL-1"),
        ("drop-custom-calls", "freeform-apply-patch", "GATEWAY-PAIR-1"),
        ("swallow-completed", "text", "GATEWAY-END-1"),
        ("strip-headers", "text", "GATEWAY-HEADERS-1"),
        ("drop-hosted-tools", "tool-search", "GATEWAY-SEARCH-1"),
        ("drop-lite-item", "lite-model", "GATEWAY-TOOLS-1"),
        ("json-body-only", "compressed-body", "GATEWAY-END-1"),
    ],
)
def test_a_broken_proxy_fails_on_its_clause(broken: str, scenario: str, clause: str) -> None:
    run = _certify(SHOWCASE, broken, (scenario,))
    [result] = run.results
    assert result.outcome == "fail", render_markdown(run)
    assert clause in result.failed_clauses(), render_markdown(run)


def test_a_release_that_defers_nothing_has_no_tool_search_scenario_and_says_so() -> None:
    version = next(version for version, edition in EDITIONS.items() if edition.deferring_model is None)
    run = _certify(version, only=("tool-search", "text"))
    outcomes = {result.slug: result.outcome for result in run.results}
    assert outcomes == {"tool-search": "not applicable", "text": "pass"}, render_markdown(run)
    assert run.ok
    assert "## Not applicable" in render_markdown(run)


def test_flattened_namespaces_show_as_unsupported_calls() -> None:
    run = _certify(SHOWCASE, "flatten-namespaces", ("mcp-call",))
    [result] = run.results
    assert "GATEWAY-RUN-1" in result.failed_clauses()
    assert "unsupported call: mcp__srv__echo" in render_markdown(run)


def test_a_gateway_that_dies_mid_run_ends_it_with_its_output(tmp_path: Path) -> None:
    release_or_skip(SHOWCASE)
    # The proxy serves for a few seconds, prints a line and is gone.
    script = tmp_path / "short_lived.py"
    script.write_text(
        "import subprocess, sys, time\n"
        f"proxy = subprocess.Popen([sys.executable, {str(PROXY)!r}, *sys.argv[1:]])\n"
        "time.sleep(4)\n"
        "proxy.kill()\n"
        "print('short-lived gateway going away', flush=True)\n"
        "sys.exit(7)\n",
        encoding="utf-8",
    )
    spec = parse_gateway(f"cmd:{sys.executable} {script} --port {{port}} --upstream {{upstream}}")
    run = certify_gateway(spec, [SHOWCASE], ready_seconds=20)
    assert run.aborted is not None and "exited with status 7" in run.aborted
    assert any(result.outcome == "error" for result in run.results)
    assert "short-lived gateway going away" in render_markdown(run)


def test_the_command_writes_both_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    release_or_skip(SHOWCASE)
    report = tmp_path / "gateway.md"
    argv = [
        "gateway",
        "--gateway",
        proxy_template(),
        "--edition",
        SHOWCASE,
        "--only",
        "text",
        "--report",
        str(report),
    ]
    assert main(argv) == 0, capsys.readouterr().err
    assert "1 / 1 scenarios pass: Codex works through it" in report.read_text(encoding="utf-8")
    assert '"ok": true' in (tmp_path / "gateway.json").read_text(encoding="utf-8")


def test_a_gateway_already_running_is_reached_by_url() -> None:
    release_or_skip(SHOWCASE)
    upstream_port, proxy_port = free_port(), free_port()
    argv = [
        sys.executable,
        str(PROXY),
        "--port",
        str(proxy_port),
        "--upstream",
        f"http://127.0.0.1:{upstream_port}/v1",
    ]
    proxy = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        spec = parse_gateway(f"http://127.0.0.1:{proxy_port}/v1")
        run = certify_gateway(spec, [SHOWCASE], only=("mcp-call",), upstream_port=upstream_port)
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
    assert [result.outcome for result in run.results] == ["pass"], render_markdown(run)


def test_a_run_where_nothing_applies_judged_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    version = next(version for version, edition in EDITIONS.items() if edition.deferring_model is None)
    release_or_skip(version)
    argv = [
        "gateway",
        "--gateway",
        proxy_template(),
        "--edition",
        version,
        "--only",
        "tool-search",
        "--quiet",
    ]
    assert main(argv) == 3
    captured = capsys.readouterr()
    assert "no scenario selected applies" in captured.err
    assert "not applicable" in captured.out


def test_a_gateway_that_strips_the_lite_header_passes() -> None:
    """The Responses-Lite header is not required end to end (spec/gateway.md): dropping it fails nothing."""
    version = next(version for version, edition in EDITIONS.items() if edition.lite_model is not None)
    run = _certify(version, "strip-lite-header", ("lite-model",))
    [result] = run.results
    assert result.outcome == "pass", render_markdown(run)


WEBSOCKET_EDITIONS = [
    version for version, edition in EDITIONS.items() if edition.websocket_config is not None
]


@pytest.mark.parametrize("version", WEBSOCKET_EDITIONS)
def test_a_proxy_that_relays_the_websocket_passes_over_it(version: str) -> None:
    run = _certify(version, only=("websocket",), proxy=WEBSOCKET_PROXY)
    [result] = run.results
    assert result.outcome == "pass", render_markdown(run)
    assert result.transport == "websocket" and set(result.upstream_apis) == {"websocket"}
    assert set(result.upgrade_answers) == {101}
    assert "reached the upstream over the WebSocket" in render_markdown(run)


@pytest.mark.parametrize("version", WEBSOCKET_EDITIONS)
def test_the_http_only_proxy_gets_the_fallback_and_passes_over_http(version: str) -> None:
    run = _certify(version, only=("websocket",))
    [result] = run.results
    assert result.outcome == "pass", render_markdown(run)
    assert result.transport == "http" and set(result.upstream_apis) == {"responses"}
    # It passes the upgrade on as a plain GET: the upstream's 404 is what the release reads.
    assert set(result.upgrade_answers) == {404}, render_markdown(run)
    assert "the gateway refused the upgrade (404) and the release fell back" in render_markdown(run)


@pytest.mark.parametrize(
    ("broken", "clause"),
    [("ws-drop-metadata", "GATEWAY-WS-1"), ("ws-strip-handshake", "GATEWAY-HEADERS-1")],
)
def test_a_broken_websocket_relay_fails_on_its_clause(broken: str, clause: str) -> None:
    # The newest edition with a WebSocket: it sends client_metadata and the openai-beta handshake header.
    run = _certify(WEBSOCKET_EDITIONS[-1], broken, ("websocket",), proxy=WEBSOCKET_PROXY)
    [result] = run.results
    assert result.transport == "websocket", render_markdown(run)
    assert result.failed_clauses() == [clause], render_markdown(run)
