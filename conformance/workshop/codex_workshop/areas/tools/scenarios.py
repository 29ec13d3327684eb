"""Capture inputs of op ``tools.build``: ``fixtures/tools/_build_scenarios.json``.

A scenario names a model slug and a configuration (keys in the release's
own config.toml vocabulary, see spec/tools.md "Configuration"); the
capture records the catalog the release sends for them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from codex_workshop.areas.scenarios import Scenario, load_scenarios


class BuildScenario(Scenario):
    model: str
    config: dict[str, Any] = Field(default_factory=dict)

    def args(self, version: str) -> dict[str, Any]:
        return {"edition": version, "model": self.model, "config": dict(self.config)}


def build_scenarios_path(root: Path) -> Path:
    return root / "tools" / "_build_scenarios.json"


def load_build_scenarios(root: Path) -> list[BuildScenario]:
    return load_scenarios(build_scenarios_path(root), BuildScenario)
