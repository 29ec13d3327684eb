"""Capture inputs of the ``items`` area (``fixtures/items/_scenarios.json``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_workshop.areas.scenarios import Scenario, load_scenarios


class ItemScenario(Scenario):
    item: Any  # any JSON value: the item need not be an object (item-string)


def load_item_scenarios(path: Path) -> list[ItemScenario]:
    return load_scenarios(path, ItemScenario)
