"""Start one conversation through a release's ``codex mcp`` server and record its requests.

Some settings cannot be reached from ``codex exec``: in 0.25.0 the freeform
``apply_patch`` tool is switched on only by the ``includeApplyPatchTool``
parameter of the MCP server's ``newConversation`` request (the config file
has no such key).  This runner speaks just enough of that JSON-RPC dialect
(initialize, newConversation, sendUserMessage) to make the release send its
first Responses request to the loopback mock server, then stops it.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

from codex_conformance.capture.exec_run import CaptureError, ExecRun, release_env, write_config
from codex_conformance.capture.mock_responses_server import MockResponsesServer

_TIMEOUT_SECONDS = 60.0


def _send(stdin: IO[str], message: dict[str, Any]) -> None:
    stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
    stdin.flush()


def _reply(stdout: IO[str], request_id: int) -> dict[str, Any]:
    # Notifications (session events) arrive in between; only the reply counts.
    for line in stdout:
        message = json.loads(line)
        if isinstance(message, dict) and message.get("id") == request_id:
            if "error" in message:
                raise CaptureError(f"codex mcp refused request {request_id}: {message['error']}")
            result = message.get("result")
            return result if isinstance(result, dict) else {}
    raise CaptureError(f"codex mcp closed its output before answering request {request_id}")


def run_new_conversation(binary: Path, *, model: str, params: dict[str, Any], prompt: str = "hi") -> ExecRun:
    """The requests the release sends for one user message in a conversation opened with ``params``."""
    with (
        tempfile.TemporaryDirectory(prefix="codex-conformance-home-") as home_dir,
        tempfile.TemporaryDirectory(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer() as server,
    ):
        write_config(Path(home_dir), server.base_url, model, [])
        env = release_env(home_dir)
        with subprocess.Popen(
            [str(binary), "mcp"],
            cwd=work_dir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
        ) as process:
            assert process.stdin is not None and process.stdout is not None and process.stderr is not None
            # A release that stops answering must not hang the capture: kill it,
            # which ends the blocking reads below with "closed its output".
            watchdog = threading.Timer(_TIMEOUT_SECONDS, process.kill)
            watchdog.start()
            try:
                _send(
                    process.stdin,
                    {
                        "id": 1,
                        "method": "initialize",
                        "params": {
                            "protocolVersion": "2025-03-26",
                            "capabilities": {},
                            "clientInfo": {"name": "codex-conformance", "version": "1"},
                        },
                    },
                )
                _reply(process.stdout, 1)
                _send(process.stdin, {"method": "notifications/initialized"})
                _send(
                    process.stdin,
                    {
                        "id": 2,
                        "method": "newConversation",
                        "params": {"model": model, "cwd": work_dir, **params},
                    },
                )
                conversation = _reply(process.stdout, 2).get("conversationId")
                _send(
                    process.stdin,
                    {
                        "id": 3,
                        "method": "sendUserMessage",
                        "params": {
                            "conversationId": conversation,
                            "items": [{"type": "text", "data": {"text": prompt}}],
                        },
                    },
                )
                _reply(process.stdout, 3)
                deadline = time.monotonic() + _TIMEOUT_SECONDS
                while not server.responses_requests() and time.monotonic() < deadline:
                    time.sleep(0.05)
            finally:
                watchdog.cancel()
                process.stdin.close()
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
                stderr = process.stderr.read()
            return ExecRun(process.returncode, "", stderr, list(server.requests))
