"""Capture inputs of the ``schema`` area (``fixtures/schema/_scenarios.json``)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from codex_workshop.areas.scenarios import Scenario


class SchemaScenario(Scenario):
    schema_: Any = Field(alias="schema")
