"""The workshop's surface the areas and engines build on is pinned: a name added or removed is deliberate."""

from __future__ import annotations

import importlib
from importlib.resources import files

import pytest

PUBLIC = {
    "codex_workshop.areas": "AreaParts CaseSource ReleaseOp WORKSHOP_PARTS parts_of",
    "codex_workshop.broken": (
        "BrokenAdapter Declines ResultChange declines declining measures_own_time rewrites rewriting "
        "with_edition with_rules with_rules_from"
    ),
}


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_exported_members(module: str) -> None:
    imported = importlib.import_module(module)
    exported = list(getattr(imported, "__all__", []))
    assert sorted(exported) == sorted(PUBLIC[module].split())
    for name in exported:
        assert hasattr(imported, name), f"{module}.__all__ names {name}, which it does not define"


def test_the_workshop_ships_type_information() -> None:
    assert files("codex_workshop").joinpath("py.typed").is_file()
