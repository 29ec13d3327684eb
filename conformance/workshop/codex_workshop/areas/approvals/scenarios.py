"""Capture inputs of op ``approvals.written_back``: ``fixtures/approvals/_scenarios.json``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from codex_workshop.areas.scenarios import Scenario, load_area_scenarios


class CommandRun(BaseModel):
    """What the command writes (stdout and stderr as they interleave) and its exit code, in one place.

    The release runs the argv itself; this is the reference's input, and the
    release op checks it against any exec output the release writes back.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    output: str
    exit_code: int
    # Where the command wrote its output: 0.25.0 quotes stdout and stderr apart
    # when it writes back a run that failed in the sandbox (APPROVAL-NEVER-1).
    stream: Literal["stdout", "stderr"] = "stdout"


class ApprovalScenario(Scenario):
    # The argv of the model's `shell` call (an `apply_patch` argv asks for a
    # patch), for editions asking approvals in the v1 conversation; or
    # the `cmd` of its `exec_command` call, for those asking them in
    # app-server v2 threads (an `apply_patch` heredoc asks for a patch).
    argv: list[str] | None = None
    cmd: str | None = None
    # The client's answer to every approval request.
    decision: Literal["denied", "abort", "approved", "approved_for_session"]
    # The conversation's approval policy (its sandbox is always read-only).
    approval_policy: Literal["untrusted", "on-failure", "on-request", "never"] = "untrusted"
    # The shell call's other arguments beside `command` (an escalation request
    # under on-request: 0.25.0's `with_escalated_permissions`, 0.94.0's
    # `sandbox_permissions`), for editions asking approvals in the v1 conversation.
    call_arguments: dict[str, Any] | None = None
    # The text of CODEX_HOME/rules/default.rules (an exec-policy file), if any.
    rules: str | None = None
    # The command run outside the release's sandbox (approved, retried, or allowed by a rule).
    runs: CommandRun | None = None
    # The command run inside the release's read-only sandbox (approval policy on-failure).
    sandboxed: CommandRun | None = None
    # How many times the model makes the same call, one reply after another.
    calls: int = 1
    # The conversation's sandbox, for editions asking approvals in the v1 conversation.
    sandbox: Literal["read-only", "workspace-write"] | None = None

    @model_validator(mode="after")
    def _one_command(self) -> ApprovalScenario:
        if (self.argv is None) == (self.cmd is None):
            raise ValueError(f"scenario {self.slug}: give exactly one of `argv` and `cmd`")
        return self

    def args(self, version: str) -> dict[str, Any]:
        command: dict[str, Any] = {"argv": list(self.argv)} if self.argv is not None else {"cmd": self.cmd}
        args: dict[str, Any] = {
            "edition": version,
            **command,
            "approval_policy": self.approval_policy,
            "decision": self.decision,
            "call_id": "call_1",
        }
        if self.calls != 1:
            args["calls"] = self.calls
        if self.call_arguments is not None:
            args["call_arguments"] = dict(self.call_arguments)
        if self.rules is not None:
            args["rules"] = self.rules
        if self.sandbox is not None:
            args["sandbox"] = self.sandbox
        for key, run in (("sandboxed", self.sandboxed), ("runs", self.runs)):
            if run is not None:
                args[key] = run.model_dump(exclude_defaults=True)
        return args


def load_approval_scenarios(root: Path) -> list[ApprovalScenario]:
    return load_area_scenarios(root, "approvals", ApprovalScenario)
