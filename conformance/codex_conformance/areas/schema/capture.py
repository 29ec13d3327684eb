"""Area ``schema``: an MCP tool's input schema as the release sends it in ``parameters``."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from codex_conformance.areas.capturing import captured_case, wanted
from codex_conformance.areas.scenarios import load_area_scenarios
from codex_conformance.areas.schema.release import schema_sanitize
from codex_conformance.areas.schema.scenarios import SchemaScenario
from codex_conformance.cases import Case


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_area_scenarios(root, "schema", SchemaScenario):
        if wanted(scenario.slug, version, scenario.editions, only):
            yield captured_case(
                "schema",
                version,
                scenario,
                op="schema.sanitize",
                args={"edition": version, "schema": scenario.schema_},
                run=partial(schema_sanitize, version, scenario.schema_),
            )
