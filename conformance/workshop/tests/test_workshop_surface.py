"""The workshop's surface the areas and engines build on is pinned: a name added or removed is deliberate."""

from __future__ import annotations

from importlib.resources import files

import pytest
from test_exported_members import check_exported

PUBLIC = {
    "codex_workshop.areas": "AreaParts CaseSource ReleaseOp WORKSHOP_PARTS parts_of",
    "codex_workshop.broken": (
        "BrokenAdapter Declines ResultChange Row adapters declines declining measured_again "
        "measures_own_time rewrites rewriting with_edition with_rules with_rules_from"
    ),
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_exported_members(module: str) -> None:
    check_exported(module, PUBLIC[module])


def test_the_workshop_ships_type_information() -> None:
    assert files("codex_workshop").joinpath("py.typed").is_file()
