"""Capture inputs of op ``dispatch.call``: ``fixtures/dispatch/_scenarios.json``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from codex_workshop.areas.scenarios import Scenario, load_area_scenarios


class DispatchScenario(Scenario):
    item: dict[str, Any]
    model: str = "gpt-5"
    config: dict[str, Any] = Field(default_factory=dict)
    files: dict[str, str] = Field(default_factory=dict, description="Relative path -> base64 content.")

    def args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {"edition": version, "model": self.model, "config": dict(self.config)}
        if self.files:
            args["files"] = dict(self.files)
        args["item"] = self.item
        return args


def load_dispatch_scenarios(root: Path) -> list[DispatchScenario]:
    """``_scenarios.json`` and, where the explorer wrote one, ``_explored.json``."""
    return load_area_scenarios(root, "dispatch", DispatchScenario)
