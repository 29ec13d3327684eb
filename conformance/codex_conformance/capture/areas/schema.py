"""Area ``schema``: an MCP tool's input schema as the release sends it in ``parameters``."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from codex_conformance.capture.areas import CaptureArea, captured_case, wanted
from codex_conformance.capture.scenarios import load_schema_scenarios
from codex_conformance.cases import Case
from codex_conformance.release import ops


def _cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_schema_scenarios(root / "schema" / "_scenarios.json"):
        if wanted(scenario.slug, version, scenario.editions, only):
            yield captured_case(
                "schema",
                version,
                scenario,
                op="schema.sanitize",
                args={"edition": version, "schema": scenario.schema_},
                run=partial(ops.schema_sanitize, version, scenario.schema_),
            )


AREA = CaptureArea(
    "schema", "MCP input schemas as the release sends them in a function tool's parameters.", _cases
)
