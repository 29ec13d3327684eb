"""One area, one folder: an area imports no other area (DESIGN.md, "Four trees, one vocabulary").

An area has a folder in the kit (``codex_conformance/areas/<name>``: its
declaration, strategies, inputs, properties) and one in the workshop
(``codex_workshop/areas/<name>``: capture, release, explore, broken); each
may import its own area's other folder, never another area's.  What two
areas share lives in a named module beside the area folders
(``areas/schema_generator.py``, ``areas/input_schemas.py``; the workshop's
``areas/tool_answers.py``, ``areas/scenarios.py`` and ``areas/capturing.py``)
or in the area-blind ``drive`` layer, so that a reader of one area's folder
finds all of it there.  The check is shown failing on a deliberate violation.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_layout import KIT, PACKAGES, WORKSHOP, _imports, _module_name

AREAS = KIT / "areas"
AREA_NAMES = sorted(path.name for path in AREAS.iterdir() if (path / "__init__.py").is_file())
WORKSHOP_AREAS = WORKSHOP / "areas"


def _area_of(module: str) -> str | None:
    """The area a module name lies in, or None (a shared module, or outside the areas)."""
    parts = module.split(".")
    if parts[0] not in PACKAGES or parts[1:2] != ["areas"] or len(parts) < 3:
        return None
    return parts[2] if parts[2] in AREA_NAMES else None


def other_areas_imported(module: str, imported: list[str]) -> list[str]:
    """The imports of ``module`` that reach into an area other than its own."""
    own = _area_of(module)
    return sorted({name for name in imported if _area_of(name) not in (None, own)})


AREA_MODULES = sorted(
    path for name in AREA_NAMES for root in (AREAS, WORKSHOP_AREAS) for path in (root / name).rglob("*.py")
)


def test_the_areas_are_found() -> None:
    assert {"mcp", "schema", "dynamic", "mcp_output", "sse", "apply_patch"} <= set(AREA_NAMES)
    assert len(AREA_MODULES) > 100


@pytest.mark.parametrize("path", AREA_MODULES, ids=[_module_name(p) for p in AREA_MODULES])
def test_an_area_imports_no_other_area(path: Path) -> None:
    assert other_areas_imported(_module_name(path), _imports(path)) == []


def test_an_import_of_another_area_is_reported() -> None:
    imported = [
        "codex_workshop.areas.mcp.release",
        "codex_workshop.areas.mcp.release.added_tools",
        "codex_workshop.areas.schema.release",
        "codex_workshop.areas.tool_answers",
        "codex_workshop.areas.scenarios",
        "codex_workshop.drive.added_tools",
        "codex_conformance.areas.schema.inputs",
        "codex_conformance.areas.mcp.inputs",
        "codex_conformance.areas.schema_generator",
    ]
    assert other_areas_imported("codex_workshop.areas.schema.explore", imported) == [
        "codex_conformance.areas.mcp.inputs",
        "codex_workshop.areas.mcp.release",
        "codex_workshop.areas.mcp.release.added_tools",
    ]
