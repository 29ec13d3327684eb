"""Deliberately broken ports of ``approvals.written_back`` and ``approvals.client_events``, each
caught on its clause."""

from __future__ import annotations

import re
from typing import Any

from codex_reference.adapter import handle
from codex_workshop.broken import area_adapters, rewrites

_OP = "approvals.written_back"
_CLIENT_OP = "approvals.client_events"


def _answered_with(result: dict[str, Any], args: dict[str, Any]) -> None:
    """Replaces ``result`` by the reference's answer to ``args``."""
    answer = handle({"op": _OP, "args": args}).get("result")
    if isinstance(answer, dict):
        result.clear()
        result.update(answer)


def _approval_taken_for_refusal(result: dict[str, Any], args: dict[str, Any]) -> None:
    """writes back the rejection text after the client approved a command"""
    if args.get("decision") in ("approved", "approved_for_session") and result.get("asked"):
        _answered_with(result, {**args, "decision": "denied"})


def _session_approval_forgotten(result: dict[str, Any], args: dict[str, Any]) -> None:
    """asks again for a command approved for the session, as for one approved once"""
    if args.get("decision") == "approved_for_session":
        _answered_with(result, {**args, "decision": "approved"})


def _retry_writes_first_run(result: dict[str, Any], args: dict[str, Any]) -> None:
    """writes back the failed sandboxed run after the retry without the sandbox was approved"""
    if args.get("approval_policy") == "on-failure" and "sandboxed" in args and "runs" in args:
        _answered_with(result, {**args, "runs": args["sandboxed"]})


def _justification_ignored(result: dict[str, Any], args: dict[str, Any]) -> None:
    """writes the prefix sentence for a forbidden command even when its rule has a justification"""
    rules = args.get("rules")
    if isinstance(rules, str) and "justification" in rules:
        _answered_with(result, {**args, "rules": re.sub(r',\s*justification="[^"]*"', "", rules)})


def _messages(result: dict[str, Any], method: str) -> list[dict[str, Any]]:
    received = result.get("received")
    return [m for m in received if m.get("method") == method] if isinstance(received, list) else []


def _absent_explanation_left_out(result: dict[str, Any], args: dict[str, Any]) -> None:
    """leaves `explanation` out of the plan update when the call has none, instead of null"""
    for message in _messages(result, "codex/event/plan_update"):
        msg = message["params"]["msg"]
        if msg.get("explanation") is None:
            del msg["explanation"]


def _amendment_in_the_request(result: dict[str, Any], args: dict[str, Any]) -> None:
    """sends the proposed exec-policy amendment in the execCommandApproval request too"""
    # As a published description has it (spec/descriptions/tools-reference.md, D0-38).
    amendments = [
        m["params"]["msg"]["proposed_execpolicy_amendment"]
        for m in _messages(result, "codex/event/exec_approval_request")
        if "proposed_execpolicy_amendment" in m["params"]["msg"]
    ]
    for message, amendment in zip(_messages(result, "execCommandApproval"), amendments, strict=False):
        message["params"]["proposedExecpolicyAmendment"] = amendment


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "approval-taken-for-refusal": rewrites("APPROVAL-APPROVED-1", _OP, _approval_taken_for_refusal),
        "session-approval-forgotten": rewrites("APPROVAL-SESSION-1", _OP, _session_approval_forgotten),
        "retry-writes-first-run": rewrites("APPROVAL-RETRY-3", _OP, _retry_writes_first_run),
        "justification-ignored": rewrites("APPROVAL-POLICY-2", _OP, _justification_ignored),
        "absent-explanation-left-out": rewrites(
            "APPROVAL-CLIENT-PLAN-1", _CLIENT_OP, _absent_explanation_left_out
        ),
        "amendment-in-the-request": rewrites("APPROVAL-CLIENT-ASK-1", _CLIENT_OP, _amendment_in_the_request),
    },
)
