"""Area ``schema``: an MCP tool's input schema as the release sends it in ``parameters``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import release_cases
from codex_workshop.areas.scenarios import load_area_scenarios
from codex_workshop.areas.schema.release import sanitize_op
from codex_workshop.areas.schema.scenarios import SchemaScenario


def _args(scenario: SchemaScenario) -> dict[str, object]:
    return {"schema": scenario.schema_}


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    scenarios = load_area_scenarios(root, "schema", SchemaScenario)
    return release_cases(
        "schema", "schema.sanitize", version, scenarios, only, args_of=_args, run=sanitize_op
    )
