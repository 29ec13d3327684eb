"""Op ``safety.is_known_safe_command``, observed: does a release ask before running an argv?

0.25.0 shows its classification on the wire of ``codex mcp``: in a
conversation opened with approval policy ``untrusted``, a ``shell`` call
whose argv is known safe runs at once, and any other argv makes the server
send an ``execCommandApproval`` request to its client first.  This runner
scripts one ``shell`` call with the argv, denies every approval request (so
an unsafe argv never runs), and answers whether one was asked.

0.169.0 cannot be observed this way: under ``untrusted`` (app-server
``thread/start``; its config file refuses the value) it asks before every
``exec_command``, ``ls`` included, and it has no ``shell`` handler
(spec/errata.md E-SAFETY-1).
"""

from __future__ import annotations

import json
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import IO, Any

from codex_conformance.capture.exec_run import CaptureError, release_env, write_config
from codex_conformance.capture.mock_responses_server import (
    MockResponsesServer,
    Stream,
    simple_reply_stream,
    sse_event,
)

_TIMEOUT_SECONDS = 60.0
_OBSERVABLE = frozenset({"0.25.0"})


class NotObservableError(CaptureError):
    """This release does not show the classification; the message says why."""


def _send(stdin: IO[str], message: dict[str, Any]) -> None:
    stdin.write(json.dumps({"jsonrpc": "2.0", **message}) + "\n")
    stdin.flush()


def _call_stream(argv: list[str]) -> str:
    item = {
        "type": "function_call",
        "name": "shell",
        "arguments": json.dumps({"command": argv}),
        "call_id": "call_1",
    }
    usage = {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}
    return "".join(
        sse_event(event)
        for event in (
            {"type": "response.created", "response": {"id": "resp_1"}},
            {"type": "response.output_item.done", "item": item},
            {"type": "response.completed", "response": {"id": "resp_1", "usage": usage}},
        )
    )


def _converse(process: subprocess.Popen[str], work_dir: str) -> list[dict[str, Any]]:
    """Drive one turn; return the approval requests the server sent (each denied)."""
    assert process.stdin is not None and process.stdout is not None
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
    _send(process.stdin, {"method": "notifications/initialized"})
    params = {"model": "gpt-5", "cwd": work_dir, "approvalPolicy": "untrusted", "sandbox": "read-only"}
    _send(process.stdin, {"id": 2, "method": "newConversation", "params": params})
    asked: list[dict[str, Any]] = []
    for line in process.stdout:
        message = json.loads(line)
        if message.get("id") == 2 and "result" in message:
            conversation = message["result"]["conversationId"]
            # Events, and with them approval requests, flow only to a listener.
            _send(
                process.stdin,
                {"id": 3, "method": "addConversationListener", "params": {"conversationId": conversation}},
            )
            items = [{"type": "text", "data": {"text": "codex-conformance safety probe"}}]
            _send(
                process.stdin,
                {
                    "id": 4,
                    "method": "sendUserMessage",
                    "params": {"conversationId": conversation, "items": items},
                },
            )
        elif "error" in message and message.get("id") in (2, 3, 4):
            raise CaptureError(f"codex mcp refused request {message['id']}: {message['error']}")
        elif message.get("method") == "execCommandApproval" and "id" in message:
            asked.append(message["params"])
            _send(process.stdin, {"id": message["id"], "result": {"decision": "denied"}})
        elif str(message.get("method", "")).startswith("codex/event/"):
            kind = (message.get("params") or {}).get("msg", {}).get("type")
            if kind in ("task_complete", "error", "stream_error"):
                return asked
    raise CaptureError("codex mcp closed its output before the turn completed")


def asks_approval(binary: Path, version: str, argv: list[str]) -> bool:
    """Whether the release asked before running ``argv`` (True: not known safe)."""
    if version not in _OBSERVABLE:
        raise NotObservableError(
            f"release {version} does not show is_known_safe_command: under approval `untrusted` "
            "it asks before every exec_command (spec/errata.md E-SAFETY-1)"
        )
    streams: list[Stream] = [_call_stream(argv), simple_reply_stream(response_id="resp_2")]
    with (
        tempfile.TemporaryDirectory(prefix="codex-conformance-home-") as home_dir,
        tempfile.TemporaryDirectory(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer(streams=streams) as server,
    ):
        write_config(Path(home_dir), server.base_url, "gpt-5", [])
        env = release_env(home_dir)
        with subprocess.Popen(
            [str(binary), "mcp"],
            cwd=work_dir,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            errors="replace",
        ) as process:
            watchdog = threading.Timer(_TIMEOUT_SECONDS, process.kill)
            watchdog.start()
            try:
                asked = _converse(process, work_dir)
            finally:
                watchdog.cancel()
                process.kill()
                process.wait()
        if len(server.responses_requests()) < 2:
            raise CaptureError(f"release {version} did not finish the turn for argv {argv!r}")
        # An approval request for another command would mean the probe is not measuring argv.
        if any(request.get("command") != argv for request in asked):
            raise CaptureError(f"approval asked for another command than {argv!r}: {asked}")
        return bool(asked)
