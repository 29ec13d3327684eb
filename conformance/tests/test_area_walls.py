"""One area, one folder: an area imports no other area (DESIGN.md, "Four trees, one vocabulary").

What two areas share lives in a named module beside the area folders
(``areas/schema_generator.py``, ``areas/tool_answers.py``, the engines'
``areas/scenarios.py`` and ``areas/capturing.py``) or in the area-blind
``drive`` layer, so that a reader of one area's folder finds all of it
there, and moving an area (to the workshop, or out) takes no other area
along.  The check is shown failing on a deliberate violation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_layout import KIT, _imports, _module_name

AREAS = KIT / "areas"
AREA_NAMES = sorted(path.name for path in AREAS.iterdir() if (path / "__init__.py").is_file())


def _area_of(module: str) -> str | None:
    """The area a module name lies in, or None (a shared module, or outside the areas)."""
    parts = module.split(".")
    if parts[:2] != ["codex_conformance", "areas"] or len(parts) < 3:
        return None
    return parts[2] if parts[2] in AREA_NAMES else None


def other_areas_imported(module: str, imported: list[str]) -> list[str]:
    """The imports of ``module`` that reach into an area other than its own."""
    own = _area_of(module)
    return sorted({name for name in imported if _area_of(name) not in (None, own)})


AREA_MODULES = sorted(path for name in AREA_NAMES for path in (AREAS / name).rglob("*.py"))


def test_the_areas_are_found() -> None:
    assert {"mcp", "schema", "dynamic", "mcp_output", "sse", "apply_patch"} <= set(AREA_NAMES)
    assert len(AREA_MODULES) > 100


@pytest.mark.parametrize("path", AREA_MODULES, ids=[_module_name(p) for p in AREA_MODULES])
def test_an_area_imports_no_other_area(path: Path) -> None:
    assert other_areas_imported(_module_name(path), _imports(path)) == []


def test_an_import_of_another_area_is_reported() -> None:
    imported = [
        "codex_conformance.areas.mcp.release",
        "codex_conformance.areas.mcp.release.added_tools",
        "codex_conformance.areas.schema.release",
        "codex_conformance.areas.tool_answers",
        "codex_conformance.areas.scenarios",
        "codex_conformance.drive.added_tools",
    ]
    assert other_areas_imported("codex_conformance.areas.schema.explore", imported) == [
        "codex_conformance.areas.mcp.release",
        "codex_conformance.areas.mcp.release.added_tools",
    ]
