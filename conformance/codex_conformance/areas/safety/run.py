"""Op ``safety.is_known_safe_command``, observed: does a release ask before running an argv?

0.25.0 shows its classification on the wire of ``codex mcp`` (0.94.0 of
``codex app-server``, which serves the same v1 conversation): in a
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
import tempfile
from pathlib import Path
from typing import Any

from codex_conformance.drive.codex_mcp import open_codex_mcp
from codex_conformance.drive.errors import CaptureError, NotObservableError, ReleaseStalledError
from codex_conformance.drive.exec_run import release_env, write_config
from codex_conformance.drive.jsonrpc_client import JsonRpcClient, ReleaseProcess
from codex_conformance.drive.mock_responses_server import (
    MockResponsesServer,
    Stream,
    simple_reply_stream,
    turn_stream,
)
from codex_conformance.drive.stall import once_more_if_stalled
from codex_conformance.editions import get_edition

_TIMEOUT_SECONDS = 60.0
# The reason an approval request gives when it asks to run again, unsandboxed,
# a command that failed in the sandbox (probed on 0.94.0 with argv ["/grep"]).
RETRY_WITHOUT_SANDBOX = "command failed; retry without sandbox?"


def _call_stream(argv: list[str]) -> str:
    item = {
        "type": "function_call",
        "name": "shell",
        "arguments": json.dumps({"command": argv}),
        "call_id": "call_1",
    }
    return turn_stream([item])


def _converse(client: JsonRpcClient, work_dir: str) -> None:
    """Drive one turn to its end (approval requests are answered by the client's handler)."""
    params = {"model": "gpt-5", "cwd": work_dir, "approvalPolicy": "untrusted", "sandbox": "read-only"}
    conversation = client.result("newConversation", params).get("conversationId")
    # Events, and with them approval requests, flow only to a listener.
    client.result("addConversationListener", {"conversationId": conversation})
    items = [{"type": "text", "data": {"text": "codex-conformance safety probe"}}]
    client.result("sendUserMessage", {"conversationId": conversation, "items": items})
    if client.wait(_turn_ended) is None:
        raise ReleaseStalledError(f"the turn did not end within {_TIMEOUT_SECONDS:g} s")


def _turn_ended(message: dict[str, Any]) -> bool:
    if not str(message.get("method", "")).startswith("codex/event/"):
        return False
    kind = (message.get("params") or {}).get("msg", {}).get("type")
    return kind in ("task_complete", "error", "stream_error")


def not_shown(version: str) -> str | None:
    """Why release ``version`` does not show its classification, or None where it does."""
    if get_edition(version).safe_commands_shown_through is not None:
        return None
    return (
        f"release {version} does not show is_known_safe_command: under approval `untrusted` "
        "it asks before every exec_command (spec/errata.md E-SAFETY-1)"
    )


def asks_approval(binary: Path, version: str, argv: list[str]) -> bool:
    """Whether the release asked before running ``argv`` (True: not known safe)."""
    hidden = not_shown(version)
    if hidden is not None:
        raise NotObservableError(hidden)
    return _probe(binary, version, argv)


@once_more_if_stalled
def _probe(binary: Path, version: str, argv: list[str]) -> bool:
    subcommand = get_edition(version).safe_commands_shown_through
    assert subcommand is not None  # asks_approval checked it
    streams: list[Stream] = [_call_stream(argv), simple_reply_stream(response_id="resp_2")]
    with (
        tempfile.TemporaryDirectory(prefix="codex-conformance-home-") as home_dir,
        tempfile.TemporaryDirectory(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer(streams=streams) as server,
    ):
        write_config(Path(home_dir), server.base_url, "gpt-5", [])
        asked: list[dict[str, Any]] = []

        def deny(message: dict[str, Any]) -> dict[str, Any]:
            if message.get("method") != "execCommandApproval":
                return {"error": {"code": -32601, "message": "not supported"}}
            asked.append(message.get("params") or {})
            return {"result": {"decision": "denied"}}

        with ReleaseProcess(
            [str(binary), subcommand], cwd=work_dir, env=release_env(home_dir), writable=[home_dir, work_dir]
        ) as release:
            _converse(open_codex_mcp(release, on_request=deny), work_dir)
        if len(server.responses_requests()) < 2:
            raise CaptureError(f"release {version} did not finish the turn for argv {argv!r}")
        # An approval request for another command would mean the probe is not measuring argv.
        if any(request.get("command") != argv for request in asked):
            raise CaptureError(f"approval asked for another command than {argv!r}: {asked}")
        # A command judged safe runs in the sandbox at once; when it fails there
        # (a program that does not exist, say) the release asks to run it again
        # without the sandbox.  That request comes after the run, so it is no
        # sign that the argv was judged unsafe.
        return any(request.get("reason") != RETRY_WITHOUT_SANDBOX for request in asked)
