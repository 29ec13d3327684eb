"""Run one turn through a release's ``codex app-server``.

Dynamic tools exist only in the app-server protocol (JSON-RPC, one message
per line on stdio): the client lists them in ``thread/start`` and answers
the release's ``item/tool/call`` requests itself.  The remote-skills
namespace needs it too: a ``--cloud-skills-snapshot`` file given at start,
and ``thread/start`` params that switch on the skills catalog.  This runner
speaks just enough of it (initialize with the experimental API,
thread/start, turn/start), answers every tool call with one scripted
JSON-RPC answer, and returns the requests the release sent to the loopback
mock server.

Every read has a deadline: a release that stops talking is killed, and the
run reports what it saw so far instead of hanging the capture.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import MockResponsesServer, Stream, StreamFactory
from codex_workshop.drive import sandbox
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError, ReleaseStalledError
from codex_workshop.drive.exec_run import ExecRun, release_env, write_config
from codex_workshop.drive.jsonrpc_client import JsonRpcClient, Message, ReleaseProcess
from codex_workshop.drive.scratch import scratch_dir
from codex_workshop.drive.stall import once_more_if_stalled

_TIMEOUT_SECONDS = 60.0


@dataclass(frozen=True)
class AppServerRun:
    # The JSON-RPC error the release answered ``thread/start`` with, or None.
    thread_error: dict[str, Any] | None
    # The params of every ``item/tool/call`` request the release sent.
    tool_calls: list[dict[str, Any]]
    # The recorded HTTP requests (and the release's stderr) as an exec run has them.
    run: ExecRun
    # What the release said when it refused to start (its ``Error:`` line), or None.
    start_error: str | None = None


_UNUSED_ANSWER: dict[str, Any] = {"error": {"code": -32601, "message": "not supported"}}


@once_more_if_stalled
def run_app_server_turn(
    version: str,
    *,
    streams: Sequence[Stream | StreamFactory],
    prompt: str,
    thread_params: dict[str, Any],
    answer: dict[str, Any] = _UNUSED_ANSWER,
    skills_snapshot: Any = None,
    timeout: float = _TIMEOUT_SECONDS,
) -> AppServerRun:
    """Start a thread of release ``version`` with ``thread_params`` (``cwd`` is added) and run one
    turn on ``prompt``, with the model the release's cases are captured with.

    ``skills_snapshot``, when not None, is written to a file the release loads
    with ``--cloud-skills-snapshot``; a snapshot it refuses stops it before
    the protocol starts, and the run reports its ``Error:`` line.  A turn
    that stalls is run once more (drive/stall.py).  ``answer`` is the JSON-RPC
    answer to every ``item/tool/call`` (``{"result": ...}`` or ``{"error": ...}``).
    """
    binary, model = release_binary(version), get_edition(version).capture_model
    with (
        scratch_dir(prefix="codex-conformance-home-") as home_dir,
        scratch_dir(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer(streams=streams) as server,
    ):
        # Tools must run without asking, so no approval request interrupts the turn.
        write_config(Path(home_dir), server.base_url, model, [], extra=sandbox.unattended_permissions())
        argv = [str(binary), "app-server"]
        if skills_snapshot is not None:
            snapshot_path = Path(home_dir) / "skills-snapshot.json"
            # A string is the file's text as is; anything else is written as compact JSON,
            # so serde's error positions are those of that text.
            text = (
                skills_snapshot
                if isinstance(skills_snapshot, str)
                else json.dumps(skills_snapshot, ensure_ascii=False, separators=(",", ":"))
            )
            snapshot_path.write_text(text, encoding="utf-8")
            argv += ["--cloud-skills-snapshot", str(snapshot_path)]
        tool_calls: list[dict[str, Any]] = []

        def on_request(message: Message) -> Message:
            # Any other server request (none is expected with approvals off) is refused,
            # so the release is never left waiting on this client.
            if message.get("method") != "item/tool/call":
                return _UNUSED_ANSWER
            params = message.get("params")
            tool_calls.append(params if isinstance(params, dict) else {})
            return answer

        thread_error: dict[str, Any] | None = None
        stopped: CaptureError | None = None
        with ReleaseProcess(
            argv, cwd=work_dir, env=release_env(home_dir), writable=[home_dir, work_dir]
        ) as release:
            client = JsonRpcClient(release, name="codex app-server", timeout=timeout, on_request=on_request)
            try:
                client.result(
                    "initialize",
                    {
                        "clientInfo": {"name": "codex-conformance", "version": "1"},
                        "capabilities": {"experimentalApi": True},
                    },
                )
            except (CaptureError, BrokenPipeError) as error:
                # A release that refuses its start-up arguments exits before answering.
                stopped = error if isinstance(error, CaptureError) else CaptureError(str(error))
            else:
                client.send({"method": "initialized"})
                started = client.request("thread/start", {**thread_params, "cwd": work_dir})
                if "error" in started:
                    thread_error = started["error"]
                else:
                    thread_id = started.get("result", {}).get("thread", {}).get("id")
                    client.result(
                        "turn/start", {"threadId": thread_id, "input": [{"type": "text", "text": prompt}]}
                    )
                    if client.wait(lambda message: message.get("method") == "turn/completed") is None:
                        raise ReleaseStalledError(f"the turn did not complete within {client.timeout:g} s")
        run = ExecRun(release.returncode, "", release.stderr_text(), list(server.requests))
        if stopped is not None:
            start_error = _error_line(run.stderr)
            if start_error is None:
                raise stopped
            return AppServerRun(None, tool_calls, run, start_error)
        return AppServerRun(thread_error, tool_calls, run)


def _error_line(stderr: str) -> str | None:
    """The message of the ``Error: ...`` line a Rust ``main`` prints when it fails."""
    for line in stderr.splitlines():
        if line.startswith("Error: "):
            return line[len("Error: ") :]
    return None
