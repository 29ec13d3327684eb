"""One turn of the v1 conversation API, in which the client answers the release's approval requests.

0.25.0 serves it from ``codex mcp``, 0.94.0 from ``codex app-server`` (its
``codex mcp`` manages MCP servers instead); 0.169.0 has none
(``Edition.v1_conversation_through``).  The turn is opened with approval
policy ``untrusted`` and sandbox ``read-only`` (or the caller's): the scripted model makes one
``shell`` call with a given argv (``run_v1_call``: any tool, and a reply of
the caller's), and every request the release sends its client
(``execCommandApproval``, ``applyPatchApproval``) is answered with a
decision the caller chooses.  The observation is which requests were asked,
what the release then sent to the model, and every message its client was
sent.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codex_conformance.file_tree import write_files
from codex_conformance.mock_responses_server import (
    MockResponsesServer,
    RecordedRequest,
    Stream,
    simple_reply_stream,
    turn_stream,
)
from codex_workshop.drive.codex_mcp import open_codex_mcp
from codex_workshop.drive.errors import ReleaseStalledError
from codex_workshop.drive.exec_run import release_env, write_config
from codex_workshop.drive.jsonrpc_client import JsonRpcClient, ReleaseProcess
from codex_workshop.drive.scratch import scratch_dir

_TIMEOUT_SECONDS = 60.0
PROMPT = "codex-conformance approval probe"
CALL_ID = "call_1"


@dataclass(frozen=True)
class ApprovalRequest:
    method: str
    params: dict[str, Any]


@dataclass(frozen=True)
class V1Turn:
    # Every request the release sent its client, in order.
    asked: list[ApprovalRequest]
    # The Responses requests the mock server received.
    requests: list[RecordedRequest]
    # The turn ended with `turn_aborted` (an `abort` decision) rather than completing.
    aborted: bool
    # Every message the client was sent (notifications, requests, answers), in order.
    received: list[dict[str, Any]] = field(default_factory=list)


# A decision (`approved`, `denied`, `abort`, ...) for each request the release sends.
Decide = Callable[[ApprovalRequest], str]


def call_id(index: int) -> str:
    """The id of the scripted model's ``index``-th call (from 0): ``call_1``, ``call_2``, ..."""
    return f"call_{index + 1}"


def call_stream(name: str, arguments: dict[str, Any], index: int = 0) -> str:
    """The scripted model's ``index``-th reply: one function call ``name(arguments)``."""
    item = {
        "type": "function_call",
        "name": name,
        "arguments": json.dumps(arguments),
        "call_id": call_id(index),
    }
    return turn_stream([item], response_id=f"resp_{index + 1}")


def run_v1_turn(
    binary: Path,
    subcommand: str,
    argv: list[str],
    decide: Decide,
    *,
    approval_policy: str = "untrusted",
    home_files: Mapping[str, bytes] | None = None,
    calls: int = 1,
    call_arguments: Mapping[str, Any] | None = None,
    sandbox: str = "read-only",
) -> V1Turn:
    """Run one turn whose model calls ``shell`` with ``argv``; ``decide`` answers every approval request.

    The model makes the same call ``calls`` times, one reply after another
    (ids ``call_1``, ``call_2``, ...), then a final message.

    ``approval_policy`` is the conversation's (``untrusted``, ``on-failure``,
    ``never``, ...); ``home_files``: relative path -> bytes written into the
    run's CODEX_HOME first (e.g. exec-policy ``rules/*.rules`` files);
    ``call_arguments``: the call's other arguments beside ``command`` (an
    escalation request under ``on-request``).
    """
    arguments = {"command": argv, **(call_arguments or {})}
    return run_v1_call(
        binary,
        subcommand,
        "shell",
        arguments,
        decide,
        approval_policy=approval_policy,
        home_files=home_files,
        calls=calls,
        sandbox=sandbox,
    )


def run_v1_call(
    binary: Path,
    subcommand: str,
    name: str,
    arguments: Mapping[str, Any],
    decide: Decide,
    *,
    approval_policy: str = "untrusted",
    home_files: Mapping[str, bytes] | None = None,
    calls: int = 1,
    reply: Stream | None = None,
    sandbox: str = "read-only",
) -> V1Turn:
    """Run one turn whose model calls tool ``name`` with ``arguments`` (``calls`` times), then
    replies with ``reply`` (default: one message, ``done``); ``decide`` answers every approval request."""
    streams: list[Stream] = [call_stream(name, dict(arguments), index) for index in range(calls)]
    streams.append(reply if reply is not None else simple_reply_stream(response_id=f"resp_{calls + 1}"))
    asked: list[ApprovalRequest] = []

    def answer(message: dict[str, Any]) -> dict[str, Any]:
        method = str(message.get("method", ""))
        if not method.endswith("Approval"):
            return {"error": {"code": -32601, "message": "not supported"}}
        request = ApprovalRequest(method, dict(message.get("params") or {}))
        asked.append(request)
        return {"result": {"decision": decide(request)}}

    with (
        scratch_dir(prefix="codex-conformance-home-") as home_dir,
        scratch_dir(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer(streams=streams) as server,
    ):
        write_files(Path(home_dir), home_files or {})
        write_config(Path(home_dir), server.base_url, "gpt-5", [])
        with ReleaseProcess(
            [str(binary), subcommand], cwd=work_dir, env=release_env(home_dir), writable=[home_dir, work_dir]
        ) as release:
            client = open_codex_mcp(release, on_request=answer)
            end = _converse(client, work_dir, approval_policy, sandbox)
        return V1Turn(
            asked=asked,
            requests=server.responses_requests(),
            aborted=end == "turn_aborted",
            received=client.received,
        )


def _converse(client: JsonRpcClient, work_dir: str, approval_policy: str, sandbox: str) -> str:
    """Drive one turn to its end; the kind of the event that ended it."""
    params = {"model": "gpt-5", "cwd": work_dir, "approvalPolicy": approval_policy, "sandbox": sandbox}
    conversation = client.result("newConversation", params).get("conversationId")
    # Events, and with them approval requests, flow only to a listener.
    client.result("addConversationListener", {"conversationId": conversation})
    items = [{"type": "text", "data": {"text": PROMPT}}]
    client.result("sendUserMessage", {"conversationId": conversation, "items": items})
    ended = client.wait(lambda message: _ending(message) is not None)
    if ended is None:
        raise ReleaseStalledError(f"the turn did not end within {_TIMEOUT_SECONDS:g} s")
    return str(_ending(ended))


def _ending(message: dict[str, Any]) -> str | None:
    if not str(message.get("method", "")).startswith("codex/event/"):
        return None
    kind = (message.get("params") or {}).get("msg", {}).get("type")
    return str(kind) if kind in ("task_complete", "turn_aborted", "error", "stream_error") else None
