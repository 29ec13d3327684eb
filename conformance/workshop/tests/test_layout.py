"""The layers of the kit and the workshop (CONTRIBUTING.md): nothing imports upward, and versions
live only in edition tables.

Layers, lowest first: the kit's runtime core (cases, compare, outcome,
protocol, connection, editions, report, properties...) with the workshop's
``broken`` and ``explorer``, the workshop's ``drive`` (runs releases, knows
no area), the kit's ``harnesses`` and both packages' ``areas`` (one folder
per area in each), the workshop's engines ``capture`` and ``release``
(which never import each other) and ``gateway`` (the gateway certification
mode, on ``drive`` alone), and the entry points (runner, session, plugin,
cli, serve, explore, timeline...).  That the kit never imports the workshop
at all is conformance/tests/test_package_walls.py.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import codex_conformance
import codex_reference
import codex_workshop
from codex_conformance.editions import EDITIONS

KIT = Path(codex_conformance.__file__).parent
WORKSHOP = Path(codex_workshop.__file__).parent
REFERENCE = Path(codex_reference.__file__).parent
PACKAGES = ("codex_conformance", "codex_workshop")
LAYERS = {
    "core": 0,
    "drive": 1,
    "harnesses": 2,
    "areas": 2,
    "capture": 3,
    "release": 3,
    "gateway": 3,
    "entry": 4,
}
ENTRY_POINTS = {
    "__main__", "runner", "session", "plugin", "pytest_run", "pytest_xdist", "cli", "impl", "serve", "lint",
    "catalog_page", "strategies", "port", "explore", "export", "timeline", "edition", "site",
}  # fmt: skip
# Where a version may be written: the tables of how to drive each release, and
# the reference's per-edition tables (named by version).
EDITION_TABLES = {KIT / "editions.py", REFERENCE / "editions.py"}


def _layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] not in PACKAGES or len(parts) == 1:
        return "core"
    top = parts[1]
    if top in ENTRY_POINTS:
        return "entry"
    return top if top in LAYERS else "core"


def _module_name(path: Path) -> str:
    base = WORKSHOP.parent if path.is_relative_to(WORKSHOP) else KIT.parent
    relative = path.relative_to(base).with_suffix("")
    parts = list(relative.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
    return [name for name in found if name.startswith(PACKAGES)]


def _violations(path: Path) -> list[str]:
    own = _layer(_module_name(path))
    bad = []
    for imported in _imports(path):
        theirs = _layer(imported)
        if LAYERS.get(theirs, 0) > LAYERS.get(own, 0) or {own, theirs} == {"capture", "release"}:
            bad.append(f"{_module_name(path)} ({own}) imports {imported} ({theirs})")
    return bad


KIT_MODULES = sorted([*KIT.rglob("*.py"), *WORKSHOP.rglob("*.py")])


@pytest.mark.parametrize("path", KIT_MODULES, ids=[_module_name(p) for p in KIT_MODULES])
def test_no_module_imports_a_layer_above_it(path: Path) -> None:
    assert _violations(path) == []


def test_the_layer_check_can_fail(tmp_path: Path) -> None:
    drive = WORKSHOP / "drive" / "cache.py"
    assert _layer(_module_name(drive)) == "drive"
    assert _layer("codex_workshop.areas.mcp.release") == "areas"
    assert _layer("codex_workshop.capture.cli") == "capture"
    assert LAYERS[_layer("codex_conformance.areas.mcp")] > LAYERS["drive"]


def _version_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in EDITIONS
    ]


SOURCES = sorted([*KIT.rglob("*.py"), *WORKSHOP.rglob("*.py"), *REFERENCE.rglob("*.py")])


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(KIT.parent.parent)) for p in SOURCES])
def test_versions_are_written_only_in_edition_tables(path: Path) -> None:
    if path in EDITION_TABLES:
        assert _version_literals(path), "an edition table names its versions"
        return
    assert _version_literals(path) == []
