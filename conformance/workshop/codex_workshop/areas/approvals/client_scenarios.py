"""Capture inputs of op ``approvals.client_events``: ``fixtures/approvals/_client_scenarios.json``.

A scenario is the model's one call, the conversation's approval policy,
the client's decision, the methods whose messages the case pins, and the
text deltas of the model's reply, if it streams one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from codex_workshop.areas.scenarios import Scenario, load_scenarios


class ClientEventsScenario(Scenario):
    # The model's call: `{"name": "shell" | "update_plan", "arguments": {...}}`.
    call: dict[str, Any]
    approval_policy: Literal["untrusted", "on-failure", "on-request", "never"]
    decision: Literal["denied", "abort", "approved", "approved_for_session"]
    # The messages the case pins, by JSON-RPC method (`codex/event/<type>`, a request's method).
    methods: list[str]
    reply_deltas: list[str] | None = None
    # What the command writes when it runs in the sandbox without asking
    # (`{"stdout", "stderr", "exit_code"}`): the reference's input, checked against the release.
    sandboxed: dict[str, Any] | None = None

    def args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {
            "edition": version,
            "call": self.call,
            "approval_policy": self.approval_policy,
            "decision": self.decision,
            "methods": list(self.methods),
        }
        if self.reply_deltas is not None:
            args["reply_deltas"] = list(self.reply_deltas)
        if self.sandboxed is not None:
            args["sandboxed"] = dict(self.sandboxed)
        return args


def load_client_scenarios(root: Path) -> list[ClientEventsScenario]:
    return load_scenarios(root / "approvals" / "_client_scenarios.json", ClientEventsScenario)
