"""Capture inputs of the ``apply_patch`` area (``fixtures/apply_patch/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_conformance.areas.scenarios import Scenario, load_scenarios


class ApplyPatchScenario(Scenario):
    patch: str
    files: dict[str, Any]
    cwd: str | None = None


def load_apply_patch_scenarios(path: Path) -> list[ApplyPatchScenario]:
    return load_scenarios(path, ApplyPatchScenario)
