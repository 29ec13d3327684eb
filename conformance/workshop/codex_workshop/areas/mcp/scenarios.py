"""Capture inputs of the ``mcp`` area (``fixtures/mcp/_scenarios.json``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from codex_workshop.areas.scenarios import Scenario


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
    model: str | None = Field(
        default=None,
        description="The model slug the request is for; default the edition's capture model. "
        "A model that defers MCP tools behind tool_search does not send them (MCP-DEFER-1).",
    )
