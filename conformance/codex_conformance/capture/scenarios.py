"""Capture inputs: what to run the release on, per area.

A scenario file (``fixtures/<area>/_scenarios.json``) is the only hand-written
part of a captured fixture: the inputs, a description and the clauses the
case shows.  The expected bytes are always written by the capture command.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    description: str
    clauses: list[str] = Field(min_length=1)
    editions: list[str] | None = Field(default=None, description="Only these editions; default all.")

    def applies_to(self, version: str) -> bool:
        return self.editions is None or version in self.editions


class McpServerScenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    tools: list[Any]


class McpScenario(_Scenario):
    servers: list[McpServerScenario]
    repeat: int = Field(
        default=1,
        ge=1,
        le=50,
        description="Runs of the release; more than one where its result varies from run to run.",
    )


class SchemaScenario(_Scenario):
    schema_: Any = Field(alias="schema")


class ApplyPatchScenario(_Scenario):
    patch: str
    files: dict[str, Any]
    cwd: str | None = None


def _load(path: Path, model: type[_Scenario]) -> list[Any]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    scenarios: list[_Scenario] = TypeAdapter(list[model]).validate_python(raw)  # type: ignore[valid-type]
    slugs = [s.slug for s in scenarios]
    duplicates = sorted({s for s in slugs if slugs.count(s) > 1})
    if duplicates:
        raise ValueError(f"{path}: duplicate scenario slugs: {', '.join(duplicates)}")
    return scenarios


def load_mcp_scenarios(path: Path) -> list[McpScenario]:
    return _load(path, McpScenario)


def load_schema_scenarios(path: Path) -> list[SchemaScenario]:
    return _load(path, SchemaScenario)


def load_apply_patch_scenarios(path: Path) -> list[ApplyPatchScenario]:
    return _load(path, ApplyPatchScenario)
