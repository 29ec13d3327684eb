"""Start one conversation through a release's ``codex mcp`` server and record its requests.

Some settings cannot be reached from ``codex exec``: in 0.25.0 the freeform
``apply_patch`` tool is switched on only by the ``includeApplyPatchTool``
parameter of the MCP server's ``newConversation`` request (the config file
has no such key).  This runner speaks just enough of that JSON-RPC dialect
(initialize, newConversation, sendUserMessage) to make the release send its
first Responses request to the loopback mock server, then stops it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from codex_conformance.mock_responses_server import MockResponsesServer
from codex_workshop.drive.exec_run import ExecRun, release_env, write_config
from codex_workshop.drive.jsonrpc_client import JsonRpcClient, ReleaseProcess, RequestHandler
from codex_workshop.drive.scratch import scratch_dir

_TIMEOUT_SECONDS = 60.0
_JSONRPC = {"jsonrpc": "2.0"}


def open_codex_mcp(release: ReleaseProcess, on_request: RequestHandler | None = None) -> JsonRpcClient:
    """A client of ``codex mcp`` past the MCP handshake (initialize, then initialized)."""
    client = JsonRpcClient(
        release, name="codex mcp", timeout=_TIMEOUT_SECONDS, on_request=on_request, envelope=_JSONRPC
    )
    client.result(
        "initialize",
        {
            "protocolVersion": "2025-03-26",
            "capabilities": {},
            "clientInfo": {"name": "codex-conformance", "version": "1"},
        },
    )
    client.send({"method": "notifications/initialized"})
    return client


def run_new_conversation(binary: Path, *, model: str, params: dict[str, Any], prompt: str = "hi") -> ExecRun:
    """The requests the release sends for one user message in a conversation opened with ``params``."""
    with (
        scratch_dir(prefix="codex-conformance-home-") as home_dir,
        scratch_dir(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer() as server,
    ):
        write_config(Path(home_dir), server.base_url, model, [])
        with ReleaseProcess(
            [str(binary), "mcp"], cwd=work_dir, env=release_env(home_dir), writable=[home_dir, work_dir]
        ) as release:
            client = open_codex_mcp(release)
            conversation = client.result("newConversation", {"model": model, "cwd": work_dir, **params})
            client.result(
                "sendUserMessage",
                {
                    "conversationId": conversation.get("conversationId"),
                    "items": [{"type": "text", "data": {"text": prompt}}],
                },
            )
            deadline = time.monotonic() + _TIMEOUT_SECONDS
            while not server.responses_requests() and time.monotonic() < deadline:
                time.sleep(0.05)
        return ExecRun(release.returncode, "", release.stderr_text(), list(server.requests))
