"""Capture inputs of the ``schema`` area (``fixtures/schema/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field

from codex_conformance.areas.scenarios import Scenario, load_scenarios


class SchemaScenario(Scenario):
    schema_: Any = Field(alias="schema")


def load_schema_scenarios(path: Path) -> list[SchemaScenario]:
    return load_scenarios(path, SchemaScenario)
