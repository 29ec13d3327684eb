"""Area ``items``: a model's output item as the release writes it into its next request."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import observed_case, wanted_scenarios
from codex_workshop.areas.items.release import items_serialize
from codex_workshop.areas.items.scenarios import ItemScenario
from codex_workshop.areas.scenarios import load_area_scenarios
from codex_workshop.drive import volatile


def _case(version: str, scenario: ItemScenario) -> Case:
    args = {"edition": version, "item": scenario.item}
    observed = items_serialize(version, args)
    text = observed["json"]
    expected = None if text is None else volatile.generated_ids(scenario.item, text)
    return observed_case("items", version, scenario, "items.serialize", args, {"json": expected})


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_area_scenarios(root, "items", ItemScenario), version, only):
        yield _case(version, scenario)
