"""Run one scenario through a real release and keep what the verdicts compare.

The release is ``codex exec`` in the kit's sandbox (drive/exec_run.py) with
its provider's ``base_url`` set to ``release_url``: the gateway under test,
or the upstream itself for the direct run.  The upstream is the kit's mock
server (drive/mock_responses_server.py) scripted with the scenario's turns,
in both APIs: whatever the gateway forwards to, Responses or Chat
Completions, the same model answers.

Values no script fixes (session ids, the run's directory, durations,
timestamps) are replaced by a placeholder naming their form, so the two runs
compare by pattern there and byte for byte everywhere else.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codex_conformance.mock_responses_server import MockResponsesServer, RecordedRequest
from codex_workshop.drive import chatgpt_login, config_toml, sandbox
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError
from codex_workshop.drive.exec_run import FAKE_MCP_SERVER, run_exec
from codex_workshop.drive.request_observe import decoded_body
from codex_workshop.drive.scratch import scratch_dir
from codex_workshop.gateway.scenarios import MCP_ANSWERS, MCP_SERVER, MCP_TOOLS, Scenario
from codex_workshop.gateway.websocket_upstream import WEBSOCKET_API, WebSocketUpstream

# Among the recorded items, the prompt marks where the scenario's turn starts.
PROMPT = "codex-conformance gateway scenario"
_RUN_TIMEOUT_SECONDS = 90.0
# Few retries, so that a scenario whose every answer fails ends in seconds.
_PROVIDER_RETRIES = {"request_max_retries": 2, "stream_max_retries": 2}

_VOLATILE = (
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"/tmp/codex-conformance-[a-z]+-[A-Za-z0-9_]+"), "<run-dir>"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z?"), "<timestamp>"),
    (re.compile(r"Wall time: [0-9.]+ seconds"), "Wall time: <seconds> seconds"),
    (re.compile(r'"duration_seconds":[0-9.]+'), '"duration_seconds":<seconds>'),
    (re.compile(r"Chunk ID: [0-9a-f]+"), "Chunk ID: <hex>"),
    (re.compile(r"session ID [0-9]+"), "session ID <n>"),
    (re.compile(r"127\.0\.0\.1:[0-9]+"), "127.0.0.1:<port>"),
    (re.compile(r"\b1[0-9]{12}\b"), "<unix-ms>"),
    (re.compile(r"in [0-9]+ms"), "in <n>ms"),
)


def masked(text: str) -> str:
    """``text`` with every volatile value replaced by its form's placeholder."""
    for pattern, placeholder in _VOLATILE:
        text = pattern.sub(placeholder, text)
    return text


def masked_json(value: Any) -> Any:
    if isinstance(value, str):
        return masked(value)
    if isinstance(value, list):
        return [masked_json(item) for item in value]
    if isinstance(value, dict):
        return {key: masked_json(item) for key, item in value.items()}
    return value


@dataclass(frozen=True)
class UpstreamRequest:
    """A model request as the upstream received it: which API, its headers (names lower-cased), its body.

    ``api`` is ``websocket`` for a ``response.create`` message (websocket_upstream.py): its headers
    are its connection's handshake's, ``connection`` that connection's number (from 0)."""

    api: str
    headers: dict[str, str]
    body: Any
    connection: int | None = None


@dataclass(frozen=True)
class Observation:
    exit_code: int
    # The release's history after the prompt, as it recorded it (rollout response items).
    recorded: list[dict[str, Any]]
    upstream: list[UpstreamRequest]
    # Every ``tools/call`` the fake MCP server received: its params.
    mcp_calls: list[Any]
    # Lines of the release's output that report an error.
    error_lines: list[str]
    stdout_tail: str
    stderr_tail: str

    @property
    def transport(self) -> str | None:
        """How the model requests reached the upstream: ``websocket`` when any came as a WebSocket
        message, else ``http``; None when none came."""
        if any(request.api == WEBSOCKET_API for request in self.upstream):
            return "websocket"
        return "http" if self.upstream else None

    def final_message(self) -> str | None:
        texts = [
            part.get("text")
            for item in self.recorded
            if item.get("type") == "message" and item.get("role") == "assistant"
            for part in item.get("content") or []
            if isinstance(part, dict)
        ]
        return texts[-1] if texts else None


def _api(request: RecordedRequest) -> str | None:
    path = request.path.split("?", maxsplit=1)[0].rstrip("/")
    if request.method != "POST":
        return None
    if path.endswith("/responses"):
        return "responses"
    if path.endswith("/chat/completions"):
        return "chat"
    return None


def upstream_requests(
    server: MockResponsesServer, websocket: WebSocketUpstream | None = None
) -> list[UpstreamRequest]:
    """The model requests ``server`` received, in the order they arrived: over HTTP, and with
    ``websocket`` its WebSocket messages; a zstd body (REQ-ZSTD-1) is read decompressed, so a
    gateway may forward it compressed or plain."""
    found: list[tuple[float, UpstreamRequest]] = []
    requests = list(server.requests)
    if websocket is not None:
        found += [
            (
                message.received_at,
                UpstreamRequest(WEBSOCKET_API, message.headers, message.body, message.connection),
            )
            for message in websocket.messages(requests)
        ]
    for request in requests:
        api = _api(request)
        if api is None:
            continue
        try:
            body, _ = decoded_body(request)
        except (ValueError, UnicodeDecodeError, CaptureError):
            body = request.body.decode("utf-8", errors="replace")
        headers = {name.lower(): value for name, value in request.headers}
        found.append((request.received_at, UpstreamRequest(api, headers, body)))
    return [request for _, request in sorted(found, key=lambda timed: timed[0])]


def _after_prompt(rollout: tuple[Any, ...]) -> list[dict[str, Any]]:
    items = [
        line["payload"]
        for line in rollout
        if isinstance(line, dict)
        and line.get("type") == "response_item"
        and isinstance(line.get("payload"), dict)
    ]
    # 0.25.0's rollout lines are the bare items.
    items += [line for line in rollout if isinstance(line, dict) and "payload" not in line and "type" in line]
    start = 0
    for index, item in enumerate(items):
        if item.get("type") == "message" and item.get("role") == "user" and PROMPT in json.dumps(item):
            start = index + 1
    return [masked_json(item) for item in items[start:]]


def _error_lines(stdout: str, stderr: str, logged_in: bool) -> list[str]:
    """The lines that report an error.  A logged-in release (the compressed-body scenario) also
    runs tasks beside the turn (its model list, the ChatGPT backend's MCP server, a WebSocket
    attempt) whose log lines, some spread over several lines, come in no fixed order and are
    not about the model request the gateway carries: there only the release's own reports
    (`ERROR: ...`, its retries and final error) are kept."""
    lines = [*stdout.splitlines(), *stderr.splitlines()]
    return [
        masked(line.strip())
        for line in lines
        if re.search(r"\berror\b", line, re.IGNORECASE) and (not logged_in or line.startswith("ERROR:"))
    ]


def _mcp_config(scratch: Path, log: Path) -> dict[str, Any]:
    tools_file, calls_file = scratch / "mcp-tools.json", scratch / "mcp-calls.json"
    tools_file.write_text(json.dumps(MCP_TOOLS), encoding="utf-8")
    calls_file.write_text(json.dumps(MCP_ANSWERS), encoding="utf-8")
    server = {
        "command": sys.executable,
        "args": [str(FAKE_MCP_SERVER), str(tools_file), str(calls_file)],
        # Releases start MCP servers with a few variables only: the log's is given here.
        "env": {"CODEX_CONFORMANCE_MCP_LOG": str(log)},
    }
    return {"mcp_servers": {MCP_SERVER: server}}


def _mcp_calls(log: Path) -> list[Any]:
    if not log.exists():
        return []
    calls = []
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(message, dict) and message.get("method") == "tools/call":
            calls.append(message.get("params"))
    return calls


def _provider_table(release_url: str, scenario_keys: Mapping[str, Any]) -> dict[str, Any]:
    """The custom provider at ``release_url``, with the scenario's own keys (``supports_websockets``)."""
    return {"provider": {"base_url": release_url, **_PROVIDER_RETRIES, **scenario_keys}}


# The made-up login of a compressed-body scenario (drive/chatgpt_login.py: unsigned JWTs).
_LOGIN = chatgpt_login.fake_tokens("acct-gateway", "plus", "gateway@example.invalid")


def _logged_in(upstream: MockResponsesServer, release_url: str) -> dict[str, Any]:
    """The built-in OpenAI provider at ``release_url`` with a ChatGPT login: every host the login
    reaches besides the model endpoint (its backend, the token endpoint) is the kit's upstream,
    never a real host (spec/request.md, "How a result is observed")."""
    origin = upstream.base_url.split("/v1", 1)[0]
    table = {"{origin}": origin}

    def filled(values: dict[str, str]) -> dict[str, str]:
        return {key: value.replace("{origin}", table["{origin}"]) for key, value in values.items()}

    return {
        "builtin_provider": "openai",
        "mock_config": {"openai_base_url": release_url, **filled(chatgpt_login.CHATGPT_CONFIG)},
        "mock_env": {"OPENAI_BASE_URL": release_url, **filled(chatgpt_login.CHATGPT_ENV)},
        "home_texts": lambda: {"auth.json": chatgpt_login.auth_json(_LOGIN)},
    }


def observe(
    version: str,
    scenario: Scenario,
    upstream: MockResponsesServer,
    release_url: str,
    *,
    websocket: bool | None = None,
) -> Observation:
    """Run ``scenario`` with the release's provider at ``release_url``; ``upstream`` gets its script.

    ``websocket`` (default: the scenario's own ``websocket``): whether the upstream accepts a
    WebSocket upgrade and answers the script over it; else it answers one with a 404."""
    upstream.reset(scenario.script.responses(), scenario.script.chats())
    speaking = (
        WebSocketUpstream(scenario.script)
        if (scenario.websocket if websocket is None else websocket)
        else None
    )
    upstream.upgrade = speaking.mock.serve if speaking is not None else None
    with scratch_dir(prefix="codex-conformance-gateway-") as scratch_path:
        scratch = Path(scratch_path)
        log = scratch / "mcp-log.jsonl"
        extra = config_toml.merged(dict(scenario.extra_config), sandbox.unattended_permissions())
        if scenario.mcp:
            extra = config_toml.merged(extra, _mcp_config(scratch, log))
        run = run_exec(
            release_binary(version),
            model=scenario.model,
            servers=[],
            prompt=PROMPT,
            extra=extra,
            shared=[scratch],
            timeout=_RUN_TIMEOUT_SECONDS,
            **(
                _logged_in(upstream, release_url)
                if scenario.chatgpt_login
                else _provider_table(release_url, scenario.provider)
            ),
        )
        return Observation(
            exit_code=run.returncode,
            recorded=_after_prompt(run.rollout),
            upstream=upstream_requests(upstream, speaking),
            mcp_calls=_mcp_calls(log),
            error_lines=_error_lines(run.stdout, run.stderr, scenario.chatgpt_login),
            stdout_tail=run.stdout[-2000:],
            stderr_tail=run.stderr[-2000:],
        )


__all__ = [
    "PROMPT",
    "Observation",
    "UpstreamRequest",
    "masked",
    "masked_json",
    "observe",
    "upstream_requests",
]
