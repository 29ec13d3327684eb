"""Capture inputs: the part every area's scenario model shares, and its loader.

A scenario file (``fixtures/<area>/_scenarios.json``) is the only hand-written
part of a captured fixture: the inputs, a description and the clauses the
case shows.  The expected bytes are always written by the capture command.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Scenario(BaseModel):
    """What every capture input has: its slug, what it shows, and where it applies."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    description: str
    clauses: list[str] = Field(min_length=1)
    editions: list[str] | None = Field(default=None, description="Only these editions; default all.")

    def applies_to(self, version: str) -> bool:
        return self.editions is None or version in self.editions


class OpScenario(Scenario):
    """A scenario of an area of several ops: it names the op it captures and gives that op's args."""

    op: str

    def args(self, version: str) -> dict[str, Any]:
        raise NotImplementedError


S = TypeVar("S", bound=Scenario)


def load_scenarios(path: Path, model: type[S]) -> list[S]:
    """The scenarios of ``path`` as ``model``; duplicate slugs are an error naming them."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    scenarios: list[S] = TypeAdapter(list[model]).validate_python(raw)  # type: ignore[valid-type]
    slugs = [s.slug for s in scenarios]
    duplicates = sorted({s for s in slugs if slugs.count(s) > 1})
    if duplicates:
        raise ValueError(f"{path}: duplicate scenario slugs: {', '.join(duplicates)}")
    return scenarios


# Scenarios the explorer wrote (codex-conformance explore), beside the hand-written ones.
EXPLORED_FILE = "_explored.json"


def load_area_scenarios(root: Path, area: str, model: type[S]) -> list[S]:
    """``fixtures/<area>/_scenarios.json`` and, where the explorer wrote one, ``_explored.json``."""
    scenarios = load_scenarios(root / area / "_scenarios.json", model)
    explored = root / area / EXPLORED_FILE
    if explored.is_file():
        scenarios += load_scenarios(explored, model)
        slugs = [scenario.slug for scenario in scenarios]
        twice = sorted({slug for slug in slugs if slugs.count(slug) > 1})
        if twice:
            raise ValueError(f"{root / area}: slugs in both scenario files: {', '.join(twice)}")
    return scenarios
