"""Per-edition tables of ``approvals.written_back``: the texts and which algorithm each step uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from codex_reference.approvals.client_rules import CLIENT_0_25_0, CLIENT_0_94_0, ClientEventRules
from codex_reference.approvals.retry import CommandRun, after_any_failure, after_sandbox_words

__all__ = ["APPROVALS_0_25_0", "APPROVALS_0_94_0", "APPROVALS_0_169_0", "ApprovalRules"]


@dataclass(frozen=True)
class ApprovalRules:
    exec_rejected: str  # APPROVAL-EXEC-1
    patch_rejected: str  # APPROVAL-PATCH-1
    # A user message written before a patch's output when apply_patch came
    # through the shell tool (APPROVAL-PATCH-2); None where there is none.
    patch_via_shell_warning: str | None
    # Whether a failed sandboxed run is blamed on the sandbox, so that a
    # retry without it is asked (APPROVAL-RETRY-2).
    retry_wanted: Callable[[CommandRun], bool]
    # Whether CODEX_HOME/rules/*.rules are read (APPROVAL-POLICY-5).
    reads_exec_policy: bool = False
    # A forbidden command's output: `{command}` quoted, then the rule's
    # justification or the prefix sentence (APPROVAL-POLICY-1, -2).
    forbidden: str = "`{command}` rejected: {reason}"
    forbidden_reason: str = "policy forbids commands starting with `{prefix}`"
    # A `prompt` rule's command under approval policy never (APPROVAL-POLICY-3).
    prompt_under_never: str = "approval required by policy, but AskForApproval is set to Never"
    # The tool the model runs commands through: `shell` takes an argv,
    # `exec_command` a cmd string (a patch: an apply_patch heredoc), which
    # asks under untrusted whether known safe or not (errata E-SAFETY-1).
    command_tool: str = "shell"
    # The requests asked of the client for a command and for a patch.
    exec_request: str = "execCommandApproval"
    patch_request: str = "applyPatchApproval"
    # The prefix of the `<prefix>_<uuid>` id an output item carries; None: no id.
    item_id_prefix: str | None = None
    # Under approval policy never a command runs in the sandbox and is never
    # retried (APPROVAL-NEVER-1): a run this function blames on the sandbox is
    # written back as this text (`{exit_code}`, `{stdout}`, `{stderr}`), any
    # other as the edition's exec output.  None: every run as exec output.
    denied_under_never: Callable[[CommandRun], bool] | None = None
    denied_under_never_text: str = ""
    # The shell call's argument (name, value) by which the model asks, under
    # approval policy on-request, to run the command outside the sandbox
    # (APPROVAL-ON-REQUEST-1).
    escalation_argument: tuple[str, object] = ("with_escalated_permissions", True)
    # Whether, under approval policy never and with no rule deciding, a command
    # taken for dangerous (dangerous.py) is refused without running, as a
    # forbidden command is, with this reason (APPROVAL-NEVER-2).
    refuses_dangerous_under_never: bool = False
    dangerous_reason: str = "blocked by policy"
    # A patch writing outside the sandbox's writable roots under approval policy never
    # (APPROVAL-PATCH-3): refused without asking, with this text.
    patch_outside_under_never: str = (
        "patch rejected: writing outside of the project; rejected by user approval settings"
    )
    # Whether, under approval policy untrusted, a known-safe argv runs without asking and
    # with no sandbox, its run (arg `runs`) written back whatever it does: no failure is the
    # sandbox's, so no retry is asked (APPROVAL-UNTRUSTED-1).  False: not modelled.
    untrusted_known_safe_unsandboxed: bool = False
    # What a v1 conversation client is sent (approvals.client_events); None where the
    # release has no v1 conversation.
    client: ClientEventRules | None = None


APPROVALS_0_25_0 = ApprovalRules(
    exec_rejected="exec command rejected by user",
    patch_rejected="patch rejected by user",
    patch_via_shell_warning=None,
    retry_wanted=after_any_failure,
    denied_under_never=after_any_failure,
    denied_under_never_text=(
        "failed in sandbox LinuxSeccomp with execution error: sandbox denied exec error, "
        "exit code: {exit_code}, stdout: {stdout}, stderr: {stderr}"
    ),
    client=CLIENT_0_25_0,
    untrusted_known_safe_unsandboxed=True,
)
APPROVALS_0_94_0 = replace(
    APPROVALS_0_25_0,
    patch_via_shell_warning=(
        "Warning: apply_patch was requested via shell. Use the apply_patch tool instead of exec_command."
    ),
    retry_wanted=after_sandbox_words,
    reads_exec_policy=True,
    escalation_argument=("sandbox_permissions", "require_escalated"),
    refuses_dangerous_under_never=True,
    # A failed sandboxed run under never is written back as any other run.
    denied_under_never=None,
    client=CLIENT_0_94_0,
    # Where 0.94.0 runs a known-safe argv under untrusted no case shows.
    untrusted_known_safe_unsandboxed=False,
)
# App-server v2 threads (APPROVAL-V2-EXEC-1): exec_command, v2 requests,
# the rejection as a debug-printed process error, and item ids.  No case
# gives 0.169.0 an exec policy: the reference declines one (spec/approvals.md).
APPROVALS_0_169_0 = replace(
    APPROVALS_0_94_0,
    exec_rejected='exec_command failed: CreateProcess { message: "Rejected(\\"rejected by user\\")" }',
    patch_via_shell_warning=None,
    command_tool="exec_command",
    exec_request="item/commandExecution/requestApproval",
    patch_request="item/fileChange/requestApproval",
    item_id_prefix="fco",
    # No v1 conversation: its client is not driven.
    client=None,
)
