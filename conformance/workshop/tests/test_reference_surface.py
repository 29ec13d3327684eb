"""The kit and the workshop read the reference only through what it declares (codex_reference.SURFACE,
and SEAMS for broken adapters); each rule shown failing on a deliberate violation."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import codex_conformance
import codex_reference
import codex_workshop

KIT = Path(codex_conformance.__file__).parent
WORKSHOP = Path(codex_workshop.__file__).parent


def reference_imports(source: str) -> list[str]:
    """The reference modules a source imports (``from codex_reference.x import y`` names ``x.y`` when
    ``y`` is a module of the reference, else ``x``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("codex_reference"):
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                found.append(candidate if _is_module(candidate) else node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.startswith("codex_reference")]
    return found


def _is_module(name: str) -> bool:
    base = Path(codex_reference.__file__).parent.parent / Path(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def is_broken_adapter(path: Path) -> bool:
    in_an_area = path.name == "broken.py" and path.parent.parent == WORKSHOP / "areas"
    return path == WORKSHOP / "broken.py" or in_an_area


def off_surface(source: str, *, broken_adapter: bool) -> list[str]:
    allowed = set(codex_reference.SURFACE) | (set(codex_reference.SEAMS) if broken_adapter else set())
    return [name for name in reference_imports(source) if name not in allowed and name != "codex_reference"]


MODULES = sorted([*KIT.rglob("*.py"), *WORKSHOP.rglob("*.py")])


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(KIT.parent)) for p in MODULES])
def test_the_reference_is_read_through_its_declared_surface(path: Path) -> None:
    assert off_surface(path.read_text(encoding="utf-8"), broken_adapter=is_broken_adapter(path)) == []


def test_every_declared_module_exists() -> None:
    assert [name for name in (*codex_reference.SURFACE, *codex_reference.SEAMS) if not _is_module(name)] == []


def test_a_read_past_the_surface_is_reported() -> None:
    reach = "from codex_reference.sse import items\n"
    assert off_surface(reach, broken_adapter=False) == ["codex_reference.sse.items"]
    assert off_surface(reach, broken_adapter=True) == []
    private = "from codex_reference.sse.usage_serde import read_usage\n"
    assert off_surface(private, broken_adapter=True) == ["codex_reference.sse.usage_serde"]
    assert off_surface("from codex_reference.adapter import handle\n", broken_adapter=False) == []
    assert is_broken_adapter(WORKSHOP / "areas" / "sse" / "broken.py")
    assert not is_broken_adapter(WORKSHOP / "areas" / "sse" / "capture.py")
