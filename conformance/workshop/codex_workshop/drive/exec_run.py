"""Run one `codex exec` of a real release against the loopback mock server.

Every run gets a fresh CODEX_HOME and working directory, a config.toml that
points a `model_providers` entry at the mock server, and the given stdio MCP
servers (each served by fake_mcp_server.py from a tool list).  The run's
recorded requests are the evidence captures are made of.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

from codex_conformance.credentials import MOCK_API_KEY
from codex_conformance.file_tree import write_files
from codex_conformance.mock_responses_server import MockResponsesServer, RecordedRequest, Stream
from codex_workshop.drive import config_toml, sandbox
from codex_workshop.drive.closed_door import closed_door_url
from codex_workshop.drive.errors import CaptureError, ReleaseCrashedError, ReleaseStalledError
from codex_workshop.drive.scratch import scratch_dir
from codex_workshop.drive.stall import once_more_if_stalled, run_wait

# The stdio MCP server every capture starts (python FAKE_MCP_SERVER TOOLS.json [CALLS.json]).
FAKE_MCP_SERVER = Path(__file__).with_name("fake_mcp_server.py")
_API_KEY_ENV = "CODEX_CONFORMANCE_MOCK_KEY"
_TIMEOUT_SECONDS = 120


@dataclass(frozen=True)
class McpServerConfig:
    name: str
    tools: list[Any]


@dataclass(frozen=True)
class ExecRun:
    returncode: int
    stdout: str
    stderr: str
    requests: list[RecordedRequest]
    # The JSON lines of the session rollout file(s) the release wrote under
    # CODEX_HOME/sessions: the history it recorded, read before the home goes.
    rollout: tuple[Any, ...] = ()

    def responses_requests(self) -> list[RecordedRequest]:
        """The POSTs to the Responses endpoint, in the order they arrived."""
        return [
            request
            for request in self.requests
            if request.method == "POST" and request.path.split("?")[0].rstrip("/").endswith("/responses")
        ]

    def first_responses_body(self) -> dict[str, Any]:
        requests = self.responses_requests()
        if requests:
            body = requests[0].json_body()
            if not isinstance(body, dict):
                raise CaptureError("the Responses request body is not a JSON object")
            return body
        panic = self.panic_message()
        if panic is not None:
            raise ReleaseCrashedError(panic)
        raise CaptureError(
            f"the release sent no Responses request (exit {self.returncode}); "
            f"stderr tail:\n{self.stderr[-1500:]}"
        )

    def panic_message(self) -> str | None:
        """The Rust panic message (without the thread name and source location)."""
        lines = self.stderr.splitlines()
        for index, line in enumerate(lines):
            if re.match(r"^thread '.*' panicked at ", line):
                return lines[index + 1] if index + 1 < len(lines) else line
        return None


def release_env(home: str) -> dict[str, str]:
    """The whole environment a release runs with: ``home`` is its HOME and
    CODEX_HOME, and the mock provider's key is set; nothing else leaks in.
    The built-in OpenAI provider points at a closed door (drive/closed_door.py)
    so that a release's model-list refresh fails at once instead of retrying."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "CODEX_HOME": home,
        _API_KEY_ENV: MOCK_API_KEY,
        "LANG": "C.UTF-8",
        "OPENAI_BASE_URL": closed_door_url(),
    }


def _provider_value(value: Any, base_url: str) -> Any:
    if not isinstance(value, str):
        return value
    origin = base_url[: base_url.index("/", len("http://"))]
    return value.replace("{base_url}", base_url).replace("{origin}", origin)


def write_config(
    home: Path,
    base_url: str,
    model: str,
    servers: list[McpServerConfig],
    *,
    extra: Mapping[str, Any] | None = None,
    provider: Mapping[str, Any] | None = None,
    builtin_provider: str | None = None,
    mock_config: Mapping[str, str] | None = None,
) -> None:
    """Write ``home``/config.toml, the configuration a run is given, with a TOML writer.

    ``extra``: a case's (or an area's) keys, dotted keys naming nested
    tables; it may not set what the harness sets.  ``provider``: keys of the
    provider table, replacing the defaults; in a string value ``{base_url}``
    is the mock server's URL and ``{origin}`` its scheme and authority only
    (request captures put their own path after it).  ``builtin_provider``:
    the id of one of the release's built-in providers (``openai``), named
    instead of the mock's table; the run's environment then points it at the
    mock.  ``mock_config``: top-level keys naming the mock, with the same
    placeholders (``openai_base_url``, ``chatgpt_base_url``), added to ``extra``.
    A ``provider`` key whose value is None leaves that default out.
    """
    table: dict[str, Any] = {
        "name": "conformance mock",
        "base_url": base_url,
        "wire_api": "responses",
        "env_key": _API_KEY_ENV,
    }
    for key, value in (provider or {}).items():
        if value is None:  # a default the case leaves out (a provider that reads no key)
            table.pop(key, None)
            continue
        table[key] = _provider_value(value, base_url)
    config: config_toml.Config = {"model": model}
    if builtin_provider is None:
        config |= {"model_provider": "conformance_mock", "model_providers": {"conformance_mock": table}}
    else:
        config["model_provider"] = builtin_provider
    named = {key: _provider_value(value, base_url) for key, value in (mock_config or {}).items()}
    extra = {**(extra or {}), **named}
    mcp_servers: dict[str, Any] = {}
    for index, server in enumerate(servers):
        tools_file = home / f"mcp-tools-{index}.json"
        tools_file.write_text(json.dumps(server.tools, ensure_ascii=False), encoding="utf-8")
        mcp_servers[server.name] = {
            "command": sys.executable,
            "args": [str(FAKE_MCP_SERVER), str(tools_file)],
        }
    if mcp_servers:
        config["mcp_servers"] = mcp_servers
    config_toml.write(home / "config.toml", config_toml.merged(config, config_toml.nested(extra or {})))


@once_more_if_stalled
def run_exec(
    binary: Path,
    *,
    model: str,
    servers: list[McpServerConfig],
    prompt: str = "hi",
    streams: list[Stream] | None = None,
    chat_streams: list[Stream] | None = None,
    extra: Mapping[str, Any] | None = None,
    provider: Mapping[str, Any] | None = None,
    builtin_provider: str | None = None,
    mock_config: Mapping[str, str] | None = None,
    env: Mapping[str, str] | None = None,
    mock_env: Mapping[str, str] | None = None,
    timeout: float = _TIMEOUT_SECONDS,
    exec_flags: tuple[str, ...] = (),
    files: Mapping[str, bytes] | None = None,
    home_files: Mapping[str, bytes] | None = None,
    shared: Sequence[Path] = (),
    home_texts: Callable[[], Mapping[str, bytes]] | None = None,
    upgrade: Callable[[BaseHTTPRequestHandler], None] | None = None,
) -> ExecRun:
    """``files``: relative path -> bytes, written into the run's working directory
    first (e.g. an image the scripted model asks to view); each path must stay
    inside it.  ``home_files``: the same for its CODEX_HOME (e.g. a session
    rollout the release resumes by id).  ``shared``: directories outside the
    run's own the release may read and write (e.g. a rollout file it resumes); with the OS barrier
    (drive/sandbox.py) nothing else on the host is writable.  ``home_texts``: files for
    CODEX_HOME made at the moment the run starts (an ``auth.json`` stamped with
    the time of its last refresh).  ``mock_env``: variables naming the mock,
    whose values may hold ``{base_url}`` and ``{origin}`` (as in ``provider``);
    ``env`` is set as given, after them.  A run that stalls is run once more
    (drive/stall.py).  ``upgrade``: what answers a WebSocket upgrade (drive/websocket_mock.py)."""
    with (
        scratch_dir(prefix="codex-conformance-home-") as home_dir,
        scratch_dir(prefix="codex-conformance-work-") as work_dir,
    ):
        home = Path(home_dir)
        for directory, written in ((work_dir, files), (home_dir, home_files)):
            write_files(Path(directory), written or {})
        server = MockResponsesServer(streams=streams) if streams else MockResponsesServer()
        server.chat_streams = chat_streams  # None keeps `/chat/completions` a 404
        server.upgrade = upgrade
        with server:
            write_config(
                home,
                server.base_url,
                model,
                servers,
                extra=extra,
                provider=provider,
                builtin_provider=builtin_provider,
                mock_config=mock_config,
            )
            write_files(home, home_texts() if home_texts is not None else {})
            naming = {key: _provider_value(value, server.base_url) for key, value in (mock_env or {}).items()}
            env = {**release_env(str(home)), **naming, **(env or {})}
            argv = sandbox.host_read_only(
                [str(binary), "exec", "--skip-git-repo-check", *exec_flags, prompt],
                writable=[home_dir, work_dir, *shared],
                readable=[binary],
                cwd=work_dir,
            )
            wait = run_wait(timeout)  # the per-case timeout's share, when an adapter call has one
            try:
                completed = subprocess.run(
                    argv,
                    cwd=work_dir,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    capture_output=True,
                    text=True,
                    errors="replace",
                    timeout=wait,
                    check=False,
                )
            except subprocess.TimeoutExpired as exc:
                raise ReleaseStalledError(f"{binary} exec did not finish within {wait:g} s") from exc
            return ExecRun(
                completed.returncode,
                completed.stdout,
                completed.stderr,
                list(server.requests),
                _read_rollout(home),
            )


def _read_rollout(home: Path) -> tuple[Any, ...]:
    lines: list[Any] = []
    for path in sorted((home / "sessions").rglob("*.jsonl")):
        # JSON lines end at LF only: str.splitlines would also cut at a U+2028,
        # U+0085 or U+001C inside a string (found by `explore sse`).
        for line in path.read_text(encoding="utf-8", errors="replace").split("\n"):
            try:
                lines.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut by the release's exit is not evidence
    return tuple(lines)
