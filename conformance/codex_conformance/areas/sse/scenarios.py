"""Capture inputs of the ``sse`` area (``fixtures/sse/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from codex_conformance.areas.scenarios import Scenario, load_scenarios


class SseScenario(Scenario):
    stream: str
    splits: list[int] = Field(default_factory=list, description="Byte offsets where reads are cut.")


def load_sse_scenarios(path: Path) -> list[SseScenario]:
    return load_scenarios(path, SseScenario)
