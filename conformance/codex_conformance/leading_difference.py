"""The difference a failure's one-line reason leads with: what the port does before how it prints it.

A comparator's summary names the first difference in document order, and a
port author fixes what the reason line names first.  Certifying bridges and
decoders showed that order naming an extra body key or a key-order
difference while the real divergence (two calls merged into one message,
calls dropped, a failed stream read as a success) showed only in the diff.
So every difference is ranked, and the reason names the first one of the
best rank:

1. behaviour: a count of items (a list's length), a value of another JSON
   type, a number, boolean or null (exit codes, ``safe``, token counts), a
   string that says what something is (``type``, ``kind``, ``role``,
   ``status``: an item's type, the end of a stream, an error's kind), and
   anything in a facet of the behaviour level (``files`` of apply_patch);
2. shape: a key missing or unexpected;
3. text: any other string, and a string a pattern does not match;
4. key order.

Area-blind like the comparators: the ranks read JSON, and facets come from
the areas' declarations as data.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from enum import IntEnum
from typing import Any

from codex_conformance.compare import (
    PATTERN_KEY,
    PATTERN_MODES,
    _child,
    _is_pattern,
    _pattern_difference,
    _same_type,
    show,
)
from codex_conformance.facets import Facet, FacetOutcome


class Rank(IntEnum):
    BEHAVIOUR = 0
    SHAPE = 1
    TEXT = 2
    KEY_ORDER = 3


# Keys whose string value says what a thing is, not what it prints.
KIND_KEYS = frozenset({"type", "kind", "role", "status"})
# The modes whose whole result is ranked (json-subset's reason already names
# only what its case asserts; text-exact compares strings alone).
RANKED_MODES = frozenset({"json-exact", "json-unordered", "json-pattern", "json-fields"})


def leading_difference(
    mode: str,
    expected: dict[str, Any],
    actual: dict[str, Any],
    facets: Sequence[Facet] = (),
    outcomes: Mapping[str, FacetOutcome] | None = None,
) -> str | None:
    """The difference the reason leads with, as 'path: what'; None to keep the comparator's summary."""
    for facet in facets:
        outcome = (outcomes or {}).get(facet.name)
        if (
            facet.level == "behaviour"
            and facet.field is not None
            and outcome is not None
            and not outcome.agrees
        ):
            found = _facet_difference(facet, mode, expected, actual)
            if found is not None:
                return found
    if mode not in RANKED_MODES:
        return None
    if mode == "json-fields":
        actual = {key: actual[key] for key in expected if key in actual}
    return best(
        differences(expected, actual, ordered=mode != "json-unordered", patterns=mode in PATTERN_MODES)
    )


def _facet_difference(
    facet: Facet, mode: str, expected: dict[str, Any], actual: dict[str, Any]
) -> str | None:
    assert facet.field is not None
    path = _child("$", facet.field)
    if facet.field not in expected:
        return None
    if facet.field not in actual:
        return f"{path}: missing key {show(facet.field)}"
    wanted, got = expected[facet.field], actual[facet.field]
    if facet.json_text:
        try:
            wanted, got = json.loads(wanted), json.loads(got)
        except (TypeError, ValueError, RecursionError):
            return None  # the comparator's summary says how the texts differ
        path += " (read as JSON)"
    # The facet leads whatever its differences' ranks: its strings are file contents, not printed texts.
    return best(differences(wanted, got, ordered=facet.key_order, patterns=mode in PATTERN_MODES, path=path))


def best(found: Iterator[tuple[Rank, str]]) -> str | None:
    """The first difference of the best rank (stopping at the first of the best possible)."""
    chosen: tuple[Rank, str] | None = None
    for rank, text in found:
        if rank is Rank.BEHAVIOUR:
            return text
        if chosen is None or rank < chosen[0]:
            chosen = (rank, text)
    return None if chosen is None else chosen[1]


def differences(
    expected: Any, actual: Any, *, ordered: bool, patterns: bool, path: str = "$", key: str | None = None
) -> Iterator[tuple[Rank, str]]:
    """Every difference, ranked, in document order (a list's length before its items)."""
    if patterns and _is_pattern(expected):
        found = _pattern_difference(expected[PATTERN_KEY], actual, path)
        if found is not None:
            yield Rank.TEXT, found
        return
    if not _same_type(expected, actual):
        yield Rank.BEHAVIOUR, f"{path}: expected {show(expected)} got {show(actual)}"
        return
    if isinstance(expected, dict):
        missing = [name for name in expected if name not in actual]
        if missing:
            yield Rank.SHAPE, f"{path}: missing key {show(missing[0])}"
        extra = [name for name in actual if name not in expected]
        if extra:
            yield Rank.SHAPE, f"{path}: unexpected key {show(extra[0])}"
        for name in expected:
            if name in actual:
                yield from differences(
                    expected[name],
                    actual[name],
                    ordered=ordered,
                    patterns=patterns,
                    path=_child(path, name),
                    key=name,
                )
        common = [name for name in expected if name in actual]
        if ordered and not missing and not extra and common != [name for name in actual if name in expected]:
            yield (
                Rank.KEY_ORDER,
                f"{path}: key order differs: expected {show(list(expected))} got {show(list(actual))}",
            )
        return
    if isinstance(expected, list):
        if len(expected) != len(actual):
            yield Rank.BEHAVIOUR, f"{path}: expected {len(expected)} items got {len(actual)}"
        for index, (left, right) in enumerate(zip(expected, actual, strict=False)):
            yield from differences(
                left, right, ordered=ordered, patterns=patterns, path=f"{path}[{index}]", key=key
            )
        return
    if expected != actual:
        textual = isinstance(expected, str) and key not in KIND_KEYS
        yield (
            (Rank.TEXT if textual else Rank.BEHAVIOUR),
            f"{path}: expected {show(expected)} got {show(actual)}",
        )
