"""Capture inputs of op ``approvals.written_back``: ``fixtures/approvals/_scenarios.json``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from codex_conformance.areas.scenarios import Scenario, load_area_scenarios


class ApprovalScenario(Scenario):
    # The argv of the model's `shell` call (an `apply_patch` argv asks for a patch).
    argv: list[str]
    # The client's answer to every approval request.
    decision: Literal["denied", "abort"]

    def args(self, version: str) -> dict[str, Any]:
        return {"edition": version, "argv": list(self.argv), "decision": self.decision, "call_id": "call_1"}


def load_approval_scenarios(root: Path) -> list[ApprovalScenario]:
    return load_area_scenarios(root, "approvals", ApprovalScenario)
