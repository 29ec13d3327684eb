"""Property checks: generated inputs against the reference model and per-edition invariants.

``base`` is the mechanism (area-blind, like the case runner); each area
module declares its ``PROPERTY_SETS`` as data.  A new area adds a module and
one entry in ``AREAS``.  The rules are in spec/properties.md.
"""

from __future__ import annotations

from codex_conformance.properties import apply_patch, mcp, schema
from codex_conformance.properties.base import (
    DEFAULT_EXAMPLES,
    Invariant,
    Property,
    PropertyRunner,
    PropertySet,
    Violation,
    profile,
)

AREAS = (mcp, schema, apply_patch)
PROPERTY_SETS: tuple[PropertySet, ...] = tuple(group for area in AREAS for group in area.PROPERTY_SETS)


def select(cells: set[tuple[str, str]]) -> list[Property]:
    """The properties of the given op x edition cells, in declaration order."""
    return [
        prop for group in PROPERTY_SETS if (group.op, group.edition) in cells for prop in group.properties()
    ]


__all__ = [
    "DEFAULT_EXAMPLES",
    "PROPERTY_SETS",
    "Invariant",
    "Property",
    "PropertyRunner",
    "PropertySet",
    "Violation",
    "profile",
    "select",
]
