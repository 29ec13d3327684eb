"""Capture inputs of the ``apply_patch`` area (``fixtures/apply_patch/_scenarios.json``)."""

from __future__ import annotations

from typing import Any

from codex_workshop.areas.scenarios import Scenario


class ApplyPatchScenario(Scenario):
    patch: str
    files: dict[str, Any]
    cwd: str | None = None
