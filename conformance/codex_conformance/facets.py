"""Verdict levels and facets: which parts of a result a case found right.

A case compares a whole result under its comparison mode; passing that is
passing at the ``bytes`` level, the default.  The comparison also reports
per *facet*, a part of the result with the level it belongs to:

- ``apply_patch.apply``: ``exit_code`` and ``files`` (behaviour), the printed
  ``stdout`` and ``stderr`` (bytes);
- ``items.serialize``: ``fields``, the JSON text read as the value it stands
  for, key order ignored (behaviour), and ``serialization``, the text (bytes);
- every other op: ``content``, the result with object key order ignored
  (behaviour), and ``serialization``, the result as the case compares it,
  key order included (bytes).

A case passes at the ``behaviour`` level when it passes at ``bytes``, or
when every behaviour facet it compares agrees: a library port of
apply_patch that prints its own texts, or a chat bridge that orders keys
its own way, can then be certified for what it does, while the bytes
verdict stays in the report beside it.  Facets are data: an area declares
them per op (``Area.facets``, looked up by ``areas.facets_of``); an op that
declares none has ``DEFAULT_FACETS``.  Each outcome carries its facets with
their levels, so the report and the expected-failures file need no lookup.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict

from codex_conformance.compare import (
    MAX_NESTING,
    PATTERN_MODES,
    compare,
    first_difference,
    first_subset_difference,
    nesting_depth,
)

Level = Literal["behaviour", "bytes"]
# In order: a level's verdict takes the facets of its own level and of every level before it.
LEVELS: tuple[Level, ...] = get_args(Level)
DEFAULT_LEVEL: Level = "bytes"


def level_named(text: str) -> Level | None:
    """The level spelled ``text`` (surrounding spaces ignored), or None."""
    return next((level for level in LEVELS if level == text.strip()), None)


@dataclass(frozen=True)
class Facet:
    name: str
    level: Level
    field: str | None = None  # a top-level field of the result; None: the whole result
    key_order: bool = True  # whether object key order counts
    json_text: bool = False  # the field holds JSON text, compared as the value it parses to
    describes: str = ""


CONTENT = Facet("content", "behaviour", key_order=False, describes="the result, object key order ignored")
SERIALIZATION = Facet(
    "serialization", "bytes", describes="the result as the case compares it, key order included"
)
DEFAULT_FACETS = (CONTENT, SERIALIZATION)


class FacetOutcome(BaseModel):
    """Whether a result agrees with the case on one facet, and the level the facet belongs to."""

    model_config = ConfigDict(extra="forbid")

    level: Level
    agrees: bool


def facet_outcomes(
    facets: Sequence[Facet], mode: str, expected: dict[str, Any], actual: dict[str, Any]
) -> dict[str, FacetOutcome]:
    """Per facet the case compares, in ``facets`` order: does ``actual`` agree with ``expected`` on it."""
    found: dict[str, FacetOutcome] = {}
    for facet in facets:
        agrees = _agrees(facet, mode, expected, actual)
        if agrees is not None:
            found[facet.name] = FacetOutcome(level=facet.level, agrees=agrees)
    return found


def _up_to(level: Level) -> tuple[Level, ...]:
    return LEVELS[: LEVELS.index(level) + 1]


def passes_at(level: Level, facets: Mapping[str, FacetOutcome]) -> bool:
    """Whether every facet at or below ``level`` agrees (and at least one was compared)."""
    judged = [facet.agrees for facet in facets.values() if facet.level in _up_to(level)]
    return bool(judged) and all(judged)


def failing_facets(level: Level, facets: Mapping[str, FacetOutcome]) -> list[str]:
    """The facets at or below ``level`` that disagree, in order."""
    return [name for name, facet in facets.items() if facet.level in _up_to(level) and not facet.agrees]


def judged_at_level(level: Level, at: Level) -> bool:
    """Whether a check belonging to ``level`` takes part in a run certifying ``at``."""
    return level in _up_to(at)


def _agrees(facet: Facet, mode: str, expected: dict[str, Any], actual: dict[str, Any]) -> bool | None:
    """Whether ``actual`` agrees with ``expected`` on ``facet``; None when the case does not compare it."""
    if facet.field is None:
        if facet.key_order and not facet.json_text:
            return compare(mode, expected, actual) is None  # the case's own comparison
        wanted: Any = expected
        got: Any = (
            {key: actual[key] for key in expected if key in actual} if mode == "json-fields" else actual
        )
    elif facet.field not in expected:
        return None  # a json-fields or json-subset case that does not name the field
    elif facet.field not in actual:
        return False
    else:
        wanted, got = expected[facet.field], actual[facet.field]
    if facet.json_text:
        if not isinstance(wanted, str):
            return None  # the text is a pattern: only its form is known, not its fields
        try:
            wanted = json.loads(wanted)
        except ValueError:
            return None
        if not isinstance(got, str):
            return False
        try:
            got = json.loads(got)
        except (ValueError, RecursionError):
            return False
        if nesting_depth(got) > MAX_NESTING:
            return False
    if mode == "json-subset":
        return first_subset_difference(wanted, got) is None
    return first_difference(wanted, got, ordered=facet.key_order, patterns=mode in PATTERN_MODES) is None
