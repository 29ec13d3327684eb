"""The wheel carries every area's fixtures and spec/ where the installed kit looks for them, and
not the workshop's data (fixtures/timeline).

The whole install is checked by .ci/newcomer-from-wheel (a wheel built and
run in an empty directory, its size printed by conformance/workshop/benchmarks/install_size.py);
this is the cheap half, on every test run.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from codex_conformance import paths

REPO = Path(__file__).resolve().parents[2]
# Fixture folders that are the workshop's data, not cases: never in the kit's wheel.
WORKSHOP_DATA = {"timeline"}


def wheel_table() -> dict[str, object]:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    table: dict[str, object] = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]
    return table


def shipping_problems(force_include: dict[str, str], fixture_folders: set[str]) -> list[str]:
    """What is wrong with the wheel's data table: an area left out, workshop data put in, a wrong target."""
    package = Path(paths.__file__).resolve().parent.name
    problems = []
    wanted = {f"fixtures/{name}" for name in fixture_folders - WORKSHOP_DATA} | {"spec"}
    problems += [f"{name} is not in the wheel" for name in sorted(wanted - set(force_include))]
    problems += [f"{name} is in the wheel" for name in sorted(set(force_include) - wanted)]
    for name, target in force_include.items():
        # What the wheel installs next to the package is what paths._locate tries first.
        if Path(target) != Path(package) / "_data" / name:
            problems.append(f"{name} is installed at {target}")
    return problems


def test_every_areas_fixtures_and_the_spec_are_package_data_where_paths_finds_them() -> None:
    wheel = wheel_table()
    force_include = wheel["force-include"]
    assert isinstance(force_include, dict)
    folders = {path.name for path in (REPO / "fixtures").iterdir() if path.is_dir()}
    assert shipping_problems(force_include, folders) == []
    assert wheel["packages"] == ["conformance/codex_conformance", "reference/codex_reference"]


def test_a_missing_area_and_shipped_workshop_data_are_reported() -> None:
    good = {
        "fixtures/mcp": "codex_conformance/_data/fixtures/mcp",
        "spec": "codex_conformance/_data/spec",
    }
    assert shipping_problems(good, {"mcp", "timeline"}) == []
    assert shipping_problems(good, {"mcp", "sse", "timeline"}) == ["fixtures/sse is not in the wheel"]
    with_timeline = {**good, "fixtures/timeline": "codex_conformance/_data/fixtures/timeline"}
    assert shipping_problems(with_timeline, {"mcp", "timeline"}) == ["fixtures/timeline is in the wheel"]
    moved = {**good, "fixtures/mcp": "elsewhere/mcp"}
    assert shipping_problems(moved, {"mcp"}) == ["fixtures/mcp is installed at elsewhere/mcp"]
