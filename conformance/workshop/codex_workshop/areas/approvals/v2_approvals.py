"""One turn of an app-server v2 thread in which the client answers the release's approval requests.

0.169.0 has no v1 conversation; its ``codex app-server`` asks approvals
as server requests of a thread: ``item/commandExecution/requestApproval``
for an ``exec_command`` call, ``item/fileChange/requestApproval`` for a
patch (``apply_patch`` run through ``exec_command``).  The thread is
started with the given approval policy and sandbox ``danger-full-access``:
the release's own sandbox runs bwrap, which cannot start behind the kit's
OS barrier (drive/sandbox.py), and the policy, not the sandbox, decides
what asks.  The barrier holds the run to its own directories whatever the
release runs.  The kit's decision names are the v1 ones; this module says
them in v2's words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_conformance.mock_responses_server import (
    MockResponsesServer,
    Stream,
    simple_reply_stream,
)
from codex_workshop.drive.errors import CaptureError, ReleaseStalledError
from codex_workshop.drive.exec_run import release_env, write_config
from codex_workshop.drive.jsonrpc_client import JsonRpcClient, Message, ReleaseProcess
from codex_workshop.drive.scratch import scratch_dir
from codex_workshop.drive.v1_conversation import PROMPT, ApprovalRequest, Decide, V1Turn, call_stream

_TIMEOUT_SECONDS = 60.0
# The kit's decisions (the v1 conversation's words) as a v2 client answers them.
V2_DECISIONS = {
    "denied": "decline",
    "approved": "accept",
    "approved_for_session": "acceptForSession",
    "abort": "cancel",
}
_REFUSED: Message = {"error": {"code": -32601, "message": "not supported"}}


def run_v2_turn(
    binary: Path, cmd: str, decide: Decide, *, approval_policy: str = "untrusted", calls: int = 1
) -> V1Turn:
    """Run one turn whose model calls ``exec_command`` with ``cmd`` ``calls`` times (ids ``call_1``, ...);
    ``decide`` answers every approval."""
    streams: list[Stream] = [call_stream("exec_command", {"cmd": cmd}, index) for index in range(calls)]
    streams.append(simple_reply_stream(response_id=f"resp_{calls + 1}"))
    asked: list[ApprovalRequest] = []

    def answer(message: Message) -> Message:
        method = str(message.get("method", ""))
        if not method.endswith("/requestApproval"):
            return _REFUSED
        request = ApprovalRequest(method, dict(message.get("params") or {}))
        asked.append(request)
        decision = decide(request)
        if decision not in V2_DECISIONS:
            raise CaptureError(f"no v2 answer for decision {decision!r}")
        return {"result": {"decision": V2_DECISIONS[decision]}}

    with (
        scratch_dir(prefix="codex-conformance-home-") as home_dir,
        scratch_dir(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer(streams=streams) as server,
    ):
        write_config(Path(home_dir), server.base_url, "gpt-5", [])
        with ReleaseProcess(
            [str(binary), "app-server"],
            cwd=work_dir,
            env=release_env(home_dir),
            writable=[home_dir, work_dir],
        ) as release:
            client = JsonRpcClient(
                release, name="codex app-server", timeout=_TIMEOUT_SECONDS, on_request=answer
            )
            status = _turn(client, work_dir, approval_policy)
        return V1Turn(asked=asked, requests=server.responses_requests(), aborted=status == "interrupted")


def _turn(client: JsonRpcClient, work_dir: str, approval_policy: str) -> str:
    """Drive one turn to ``turn/completed``; the turn's status."""
    client.result(
        "initialize",
        {
            "clientInfo": {"name": "codex-conformance", "version": "1"},
            "capabilities": {"experimentalApi": True},
        },
    )
    client.send({"method": "initialized"})
    params: dict[str, Any] = {
        "cwd": work_dir,
        "approvalPolicy": approval_policy,
        "sandbox": "danger-full-access",
    }
    thread = client.result("thread/start", params).get("thread", {}).get("id")
    client.result("turn/start", {"threadId": thread, "input": [{"type": "text", "text": PROMPT}]})
    completed = client.wait(lambda message: message.get("method") == "turn/completed")
    if completed is None:
        raise ReleaseStalledError(f"the turn did not complete within {_TIMEOUT_SECONDS:g} s")
    return str(completed.get("params", {}).get("turn", {}).get("status"))
