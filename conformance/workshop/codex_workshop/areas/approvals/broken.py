"""Deliberately broken ports of ``approvals.written_back``, each caught on its clause."""

from __future__ import annotations

import re
from typing import Any

from codex_reference.adapter import handle
from codex_reference.editions import V0_25_0, V0_94_0, V0_169_0
from codex_workshop.broken import adapters, rewrites, with_rules, with_rules_from

_OP = "approvals.written_back"


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


BROKEN = adapters(
    {
        "exec-rejection-quotes-command": (
            "APPROVAL-EXEC-1",
            "writes back a text of its own for a declined exec ('command rejected by user')",
            with_rules(V0_25_0, "approvals", exec_rejected="command rejected by user"),
        ),
        "patch-rejected-as-exec": (
            "APPROVAL-PATCH-1",
            "answers a declined patch with the exec text",
            with_rules(V0_25_0, "approvals", patch_rejected="exec command rejected by user"),
        ),
        "no-shell-patch-warning-in-0.94.0": (
            "APPROVAL-PATCH-2",
            "0.94.0 without the user message about apply_patch through the shell",
            with_rules(V0_94_0, "approvals", patch_via_shell_warning=None),
        ),
        "approval-taken-for-refusal": rewrites("APPROVAL-APPROVED-1", _OP, _approval_taken_for_refusal),
        "session-approval-forgotten": rewrites("APPROVAL-SESSION-1", _OP, _session_approval_forgotten),
        "retry-writes-first-run": rewrites("APPROVAL-RETRY-3", _OP, _retry_writes_first_run),
        "0.94.0-retries-any-failure": (
            "APPROVAL-RETRY-2",
            "0.94.0 asks to retry every failed sandboxed run, as 0.25.0 does",
            with_rules_from(V0_94_0, "approvals", retry_wanted=V0_25_0),
        ),
        "0.25.0-retries-on-sandbox-words": (
            "APPROVAL-RETRY-2",
            "0.25.0 asks to retry only failures whose output names the sandbox, as 0.94.0 does",
            with_rules_from(V0_25_0, "approvals", retry_wanted=V0_94_0),
        ),
        "forbidden-without-prefix": (
            "APPROVAL-POLICY-1",
            "a forbidden command's refusal does not name the prefix the rule matched",
            with_rules(V0_94_0, "approvals", forbidden_reason="policy forbids this command"),
        ),
        "justification-ignored": rewrites("APPROVAL-POLICY-2", _OP, _justification_ignored),
        "prompt-under-never-as-user-rejection": (
            "APPROVAL-POLICY-3",
            "a `prompt` rule under approval policy never is answered as if the user had declined",
            with_rules(V0_94_0, "approvals", prompt_under_never="exec command rejected by user"),
        ),
        "0.94.0-reads-no-rules": (
            "APPROVAL-POLICY-4",
            "0.94.0 without its exec policy: allowed commands ask, forbidden ones ask",
            with_rules(V0_94_0, "approvals", reads_exec_policy=False),
        ),
        "0.25.0-reads-rules": (
            "APPROVAL-POLICY-5",
            "0.25.0 given an exec policy it does not have",
            with_rules(V0_25_0, "approvals", reads_exec_policy=True),
        ),
        "0.169.0-rejection-in-v1-words": (
            "APPROVAL-V2-EXEC-1",
            "0.169.0's declined command answered with the v1 conversation's text",
            with_rules_from(V0_169_0, "approvals", exec_rejected=V0_94_0),
        ),
        "0.169.0-output-without-id": (
            "APPROVAL-V2-EXEC-1",
            "0.169.0's output item written without its `fco_` id, as the v1 editions' are",
            with_rules_from(V0_169_0, "approvals", item_id_prefix=V0_94_0),
        ),
        "0.169.0-asks-v1-requests": (
            "APPROVAL-V2-EXEC-1",
            "0.169.0 said to ask execCommandApproval and applyPatchApproval, the v1 requests",
            with_rules_from(V0_169_0, "approvals", exec_request=V0_94_0, patch_request=V0_94_0),
        ),
    }
)
