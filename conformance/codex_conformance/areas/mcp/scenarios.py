"""Capture inputs of the ``mcp`` area (``fixtures/mcp/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from codex_conformance.areas.scenarios import Scenario, load_scenarios


class McpServerScenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    tools: list[Any]


class McpScenario(Scenario):
    servers: list[McpServerScenario]
    repeat: int = Field(
        default=1,
        ge=1,
        le=50,
        description="Runs of the release; more than one where its result varies from run to run.",
    )


def load_mcp_scenarios(path: Path) -> list[McpScenario]:
    return load_scenarios(path, McpScenario)
