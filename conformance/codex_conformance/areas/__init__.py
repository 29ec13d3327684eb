"""Areas: one folder per area of the wire, each declaring itself once.

``areas/<name>/__init__.py`` holds ``AREA``, the declaration: the area's ops,
the feature an edition needs for the area to exist in it, and the declared
reasons for any missing piece.  Beside it, by convention (CONTRIBUTING.md),
the kit's parts of the area:

- ``strategies.py``  Hypothesis strategies for the area's inputs (optional);
- ``inputs.py``      the explorer's input generators, as strategies for a port's own tests (optional);
- ``properties.py``  ``PROPERTY_SETS``: property checks run during certification (optional).

The workshop's parts of the area (how its scenarios are captured, the
release adapter's ops, explorers, broken adapters) live in the same area's
folder of ``codex_workshop.areas``, which builds its registries from
``discover()``.  Areas never import another area: what two areas share is
a module beside the folders, named for what it holds (``schema_generator``,
``input_schemas``); the kit never imports the workshop
(conformance/workshop/tests/test_area_walls.py, test_package_walls.py).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from codex_conformance.editions import editions_of_area, get_edition
from codex_conformance.facets import DEFAULT_FACETS, Facet

if TYPE_CHECKING:
    from codex_conformance.properties import Property, PropertySet

# The kit's parts an area folder may hold (the workshop's: codex_workshop.areas.WORKSHOP_PARTS).
PARTS = ("strategies", "inputs", "properties")


@dataclass(frozen=True)
class Area:
    name: str
    description: str
    ops: tuple[str, ...]
    # The feature (codex_conformance.editions.FEATURES) an edition's release
    # needs for this area to exist in it; None: every edition.
    feature: str | None = None
    # Ops that need a feature of their own (an area in every edition whose
    # tools only some releases have); an op not named here needs none.  An
    # edition without an op's feature has no cases, release op or explorer for it.
    op_features: Mapping[str, str] = field(default_factory=dict)
    # Declared reasons for a missing piece, checked by the completeness test:
    # ops a release cannot be run to answer, ops the reference does not answer,
    # ops with no broken adapter.
    release_cannot_answer: Mapping[str, str] = field(default_factory=dict)
    reference_does_not_answer: Mapping[str, str] = field(default_factory=dict)
    no_broken_adapter: Mapping[str, str] = field(default_factory=dict)
    # The facets each op's results are judged on (codex_conformance.facets);
    # an op not named here has facets.DEFAULT_FACETS.
    facets: Mapping[str, tuple[Facet, ...]] = field(default_factory=dict)

    @property
    def editions(self) -> list[str]:
        return editions_of_area(self.name, self.feature)

    def op_in(self, op: str, version: str) -> bool:
        """Whether ``op`` exists in edition ``version``: the area does, and the release has its feature."""
        return version in self.editions and get_edition(version).has(self.op_features.get(op))

    def absent_from(self, version: str) -> str:
        """Why the area has no cases in ``version`` (one of EDITIONS, not in ``editions``)."""
        if not get_edition(version).has(self.feature):
            return f"area {self.name} is not in {version}: it needs feature {self.feature!r}"
        return (
            f"area {self.name} has not been captured from {version} yet "
            f"(captured_areas in codex_conformance/editions.py; captured from: {', '.join(self.editions)})"
        )

    @property
    def spec_page(self) -> str:
        return f"{self.name}.md"

    def part(self, name: str) -> ModuleType | None:
        """The area's kit module ``name`` (one of PARTS), or None where the area has none."""
        return find_part(f"{__name__}.{self.name}", name)

    def property_sets(self) -> tuple[PropertySet, ...]:
        properties = self.part("properties")
        sets: tuple[PropertySet, ...] = () if properties is None else tuple(properties.PROPERTY_SETS)
        return sets


def find_part(package: str, name: str) -> ModuleType | None:
    """The module ``name`` of an area's folder ``package`` (the kit's or the workshop's), or None."""
    if importlib.util.find_spec(package) is None or importlib.util.find_spec(f"{package}.{name}") is None:
        return None  # no such area folder (a declaration made in a test), or no such part
    return importlib.import_module(f"{package}.{name}")


@cache
def discover() -> dict[str, Area]:
    """Every area, by name, sorted."""
    areas: dict[str, Area] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue
        declared = getattr(importlib.import_module(f"{__name__}.{info.name}"), "AREA", None)
        if isinstance(declared, Area):
            if declared.name != info.name:
                raise ValueError(f"areas/{info.name} declares the area {declared.name!r}")
            areas[declared.name] = declared
    return dict(sorted(areas.items()))


def area_of_op(op: str) -> Area:
    for area in discover().values():
        if op in area.ops:
            return area
    raise LookupError(f"no area declares the op {op!r}")


def facets_of(op: str) -> tuple[Facet, ...]:
    """The facets an op's results are judged on: its area's declaration, else ``DEFAULT_FACETS``."""
    area = next((area for area in discover().values() if op in area.ops), None)
    return DEFAULT_FACETS if area is None else area.facets.get(op, DEFAULT_FACETS)  # None: a test's own op


def known_facet_names() -> list[str]:
    """Every facet name some op has, sorted: what an expected-failures entry may name."""
    names = {facet.name for facet in DEFAULT_FACETS}
    for area in discover().values():
        names.update(facet.name for facets in area.facets.values() for facet in facets)
    return sorted(names)


def property_sets() -> tuple[PropertySet, ...]:
    """Every area's property sets, in area order."""
    return tuple(group for area in discover().values() for group in area.property_sets())


def select_properties(cells: set[tuple[str, str]]) -> list[Property]:
    """The properties of the given op x edition cells, in declaration order."""
    return [
        prop for group in property_sets() if (group.op, group.edition) in cells for prop in group.properties()
    ]


__all__ = [
    "PARTS",
    "Area",
    "area_of_op",
    "discover",
    "facets_of",
    "find_part",
    "known_facet_names",
    "property_sets",
    "select_properties",
]
