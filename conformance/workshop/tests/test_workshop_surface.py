"""The workshop's surface the areas and engines build on is pinned: a name added or removed is deliberate."""

from __future__ import annotations

from importlib.resources import files

import pytest
from test_exported_members import check_exported

from codex_workshop.broken import DATA_FILE

PUBLIC = {
    "codex_workshop.areas": "AreaParts CaseSource ReleaseOp WORKSHOP_PARTS parts_of",
    "codex_workshop.broken": (
        "DATA_FILE IN_CODE BrokenAdapter Declines ResultChange Row adapters area_adapters declines declining "
        "measured_again measures_own_time replaces rewrites rewriting with_edition with_rules with_rules_from"
    ),
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_exported_members(module: str) -> None:
    check_exported(module, PUBLIC[module])


def test_the_workshop_ships_type_information() -> None:
    assert files("codex_workshop").joinpath("py.typed").is_file()


def test_the_workshop_ships_the_broken_adapter_tables_beside_their_modules() -> None:
    # An area's broken.py built by area_adapters reads broken.json beside it: package data, as py.typed is.
    areas = files("codex_workshop.areas")
    readers = [
        folder.name
        for folder in areas.iterdir()
        if folder.joinpath("broken.py").is_file()
        and "area_adapters(" in folder.joinpath("broken.py").read_text(encoding="utf-8")
    ]
    assert len(readers) >= 12
    assert [name for name in readers if not areas.joinpath(name, DATA_FILE).is_file()] == []
