"""Capture inputs of op ``safety.is_known_safe_command``: ``fixtures/safety/_scenarios.json``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_workshop.areas.scenarios import Scenario, load_scenarios


class SafetyScenario(Scenario):
    argv: list[str]

    def args(self, version: str) -> dict[str, Any]:
        return {"edition": version, "argv": list(self.argv)}


def load_safety_scenarios(root: Path) -> list[SafetyScenario]:
    return load_scenarios(root / "safety" / "_scenarios.json", SafetyScenario)
