"""Capture inputs of the ``sse`` area (``fixtures/sse/_scenarios.json``)."""

from __future__ import annotations

from pydantic import Field

from codex_workshop.areas.scenarios import Scenario


class SseScenario(Scenario):
    stream: str
    splits: list[int] = Field(default_factory=list, description="Byte offsets where reads are cut.")
