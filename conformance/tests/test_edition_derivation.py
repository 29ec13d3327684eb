"""Every edition table derived from another derives from the nearest edition (DESIGN.md).

A table ``<NAME>_0_169_0 = replace(<NAME>_0_25_0, ...)`` restates what
0.94.0 already changed, and the next edition would have to restate it
again: a table derived with ``replace`` names, as its base, the table of
the same name whose edition is next to its own among that name's tables
(older or newer).  Tables written out whole are not derivations and are not
checked.  The checker is shown failing on a deliberate violation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = [ROOT / "reference" / "codex_reference", ROOT / "conformance" / "codex_conformance"]
_VERSION = r"\d+_\d+_\d+"
_TABLE = re.compile(rf"^([A-Z][A-Z0-9_]*?)_?({_VERSION})\s*(?::[^=\n]+)?=", re.MULTILINE)
_DERIVED = re.compile(
    rf"^([A-Z][A-Z0-9_]*?)_?({_VERSION})\s*=\s*replace\(\s*([A-Z][A-Z0-9_]*?)_?({_VERSION})\b", re.MULTILINE
)


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("_"))


def derivation_problems(source: str, where: str) -> list[str]:
    """Each table of ``source`` derived from another than the nearest edition's, one line each."""
    versions: dict[str, set[str]] = {}
    for name, version in _TABLE.findall(source):
        versions.setdefault(name, set()).add(version)
    problems: list[str] = []
    for name, version, base_name, base in _DERIVED.findall(source):
        if base_name != name:
            continue  # another kind of table (e.g. a driving table from an edition): no edition step
        order = sorted(versions[name], key=_key)
        at = order.index(version)
        nearest = {order[i] for i in (at - 1, at + 1) if 0 <= i < len(order)}
        if base not in nearest:
            problems.append(
                f"{where}: {name}_{version} derives from {name}_{base}, not the nearest "
                f"({' or '.join(f'{name}_{n}' for n in sorted(nearest, key=_key))})"
            )
    return problems


def _modules() -> list[Path]:
    return sorted(path for package in PACKAGES for path in package.rglob("*.py"))


def test_every_derived_edition_table_derives_from_the_nearest_edition() -> None:
    problems = [
        problem
        for path in _modules()
        for problem in derivation_problems(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert problems == []


def test_the_checker_sees_derived_tables() -> None:
    derived = sum(len(_DERIVED.findall(path.read_text(encoding="utf-8"))) for path in _modules())
    assert derived >= 15  # SSE, REQUEST, ITEMS, APPLY_PATCH, editions, ...: the pattern still finds them


@pytest.mark.parametrize(
    "source",
    [
        "SSE_0_25_0 = R()\nSSE_0_94_0 = replace(SSE_0_25_0)\nSSE_0_169_0 = replace(\n    SSE_0_25_0,\n)\n",
        "V0_25_0 = Edition()\nV0_94_0 = replace(V0_25_0)\nV0_169_0 = replace(V0_25_0, version='x')\n",
    ],
    ids=["area-table", "edition-table"],
)
def test_a_table_derived_past_the_nearest_edition_is_reported(source: str) -> None:
    problems = derivation_problems(source, "deliberate.py")
    assert len(problems) == 1 and "0_169_0 derives from" in problems[0] and "not the nearest" in problems[0]
