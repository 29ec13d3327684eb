"""Run one turn through a release's ``codex app-server`` with dynamic tools.

Dynamic tools exist only in the app-server protocol (JSON-RPC, one message
per line on stdio): the client lists them in ``thread/start`` and answers
the release's ``item/tool/call`` requests itself.  This runner speaks just
enough of it (initialize with the experimental API, thread/start,
turn/start), answers every tool call with one scripted JSON-RPC answer, and
returns the requests the release sent to the loopback mock server.

Every read has a deadline: a release that stops talking is killed, and the
run reports what it saw so far instead of hanging the capture.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codex_conformance.capture.exec_run import CaptureError, ExecRun, release_env, write_config
from codex_conformance.capture.jsonrpc_client import JsonRpcClient, Message, ReleaseProcess
from codex_conformance.capture.mock_responses_server import MockResponsesServer, Stream

_TIMEOUT_SECONDS = 60.0
# Tools must run without asking, so no approval request interrupts the turn.
_PERMISSIONS = 'approval_policy = "never"\nsandbox_mode = "danger-full-access"'


@dataclass(frozen=True)
class AppServerRun:
    # The JSON-RPC error the release answered ``thread/start`` with, or None.
    thread_error: dict[str, Any] | None
    # The params of every ``item/tool/call`` request the release sent.
    tool_calls: list[dict[str, Any]]
    # The recorded HTTP requests (and the release's stderr) as an exec run has them.
    run: ExecRun


def run_dynamic_turn(
    binary: Path,
    *,
    model: str,
    dynamic_tools: list[Any],
    streams: list[Stream],
    answer: dict[str, Any],
    prompt: str,
    timeout: float = _TIMEOUT_SECONDS,
) -> AppServerRun:
    """Start a thread with ``dynamic_tools`` and run one turn on ``prompt``.

    ``answer`` is the JSON-RPC answer to every ``item/tool/call`` (``{"result": ...}``
    or ``{"error": ...}``).  The turn is over at ``turn/completed``.
    """
    with (
        tempfile.TemporaryDirectory(prefix="codex-conformance-home-") as home_dir,
        tempfile.TemporaryDirectory(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer(streams=streams) as server,
    ):
        write_config(Path(home_dir), server.base_url, model, [], extra_toml=_PERMISSIONS)
        tool_calls: list[dict[str, Any]] = []

        def on_request(message: Message) -> Message:
            # Any other server request (none is expected with approvals off) is refused,
            # so the release is never left waiting on this client.
            if message.get("method") != "item/tool/call":
                return {"error": {"code": -32601, "message": "not supported"}}
            params = message.get("params")
            tool_calls.append(params if isinstance(params, dict) else {})
            return answer

        thread_error: dict[str, Any] | None = None
        with ReleaseProcess([str(binary), "app-server"], cwd=work_dir, env=release_env(home_dir)) as release:
            client = JsonRpcClient(release, name="codex app-server", timeout=timeout, on_request=on_request)
            client.result(
                "initialize",
                {
                    "clientInfo": {"name": "codex-conformance", "version": "1"},
                    "capabilities": {"experimentalApi": True},
                },
            )
            client.send({"method": "initialized"})
            started = client.request("thread/start", {"dynamicTools": dynamic_tools, "cwd": work_dir})
            if "error" in started:
                thread_error = started["error"]
            else:
                thread_id = started.get("result", {}).get("thread", {}).get("id")
                client.result(
                    "turn/start", {"threadId": thread_id, "input": [{"type": "text", "text": prompt}]}
                )
                if client.wait(lambda message: message.get("method") == "turn/completed") is None:
                    raise CaptureError(f"the turn did not complete within {timeout:g} s")
        run = ExecRun(release.returncode, "", release.stderr_text(), list(server.requests))
        return AppServerRun(thread_error, tool_calls, run)
