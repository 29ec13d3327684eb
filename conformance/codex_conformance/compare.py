"""Comparison modes: one small pure function per mode, wired in ``COMPARATORS``.

Each comparator takes the case's expected ``result`` object and the
implementation's actual one, and returns ``None`` when they agree or a
``Mismatch`` (a one-line summary naming the first differing JSON path, and
a capped unified diff) when they do not.

- ``json-exact``: key order is part of the wire, and ``1`` is not ``1.0``
  nor ``true``; equal iff the canonical serializations are equal.
- ``json-unordered``: object key order is ignored (list order is not); only
  for output whose key order the release itself does not fix.
- ``text-exact``: every expected value is a string, compared byte for byte.
- ``json-pattern``: like ``json-exact``, but an expected ``{"$pattern": RE}``
  matches any string that ``re.fullmatch``-es RE (ids, durations), so a
  volatile value still has its form checked.  A pattern may also hold the
  text the release printed, ``{"$pattern": RE, "$observed": TEXT}``, when the
  case's args give its volatile values back: an implementation given them
  must print TEXT exactly (``observed.py`` puts it in place of the pattern).
- ``json-subset``: every key the expected object names must be present with
  an equal value (recursively; lists must have the same length and match
  item by item); keys it does not name are not compared, and an expected
  ``{"$pattern": RE}`` matches a string as in ``json-pattern``.  Only for
  ``upstream-test`` cases, whose unit test asserts part of a result (say, the
  names of the tools, or one field of a cursor) and nothing about the rest.
- ``json-fields``: each top-level field the expected result names is compared
  as in ``json-exact`` (whole value, key order kept); fields it does not name
  are not compared.  For ``upstream-test`` cases that assert whole parts of a
  result (say, every file afterwards) and nothing about others (the output).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from codex_conformance.visible import visible

PATTERN_KEY = "$pattern"
# Beside a pattern: the text the release printed, whose volatile values the case's args give.
OBSERVED_KEY = "$observed"
# The modes in which an expected {"$pattern": RE} is a pattern rather than a literal object.
PATTERN_MODES = frozenset({"json-pattern", "json-subset"})
MAX_DIFF_LINES = 200
_SCALAR_SHOWN = 120  # characters of a value shown in a summary line
# Levels of arrays and objects the kit compares.  The comparators, diffs and
# the json module recurse once per level, so an unbounded value would end in
# RecursionError somewhere inside the kit; the deepest fixture has 19 levels.
MAX_NESTING = 200


class NestingTooDeep(ValueError):
    """A value nested deeper than ``MAX_NESTING``: the kit refuses to compare it."""


class InvalidPattern(ValueError):
    """An expected ``{"$pattern": RE}`` whose RE does not compile: a fixture error."""


@dataclass(frozen=True)
class Mismatch:
    summary: str  # e.g. '$.tools[3].name: expected "a__b" got "a__c"'
    diff: str


Comparator = Callable[[dict[str, Any], dict[str, Any]], Mismatch | None]


def canonical(value: Any) -> str:
    """The wire form used for exact comparison: compact, key order kept, non-ASCII kept."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pretty(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


def show(value: Any) -> str:
    """A value for a one-line summary, shortened if long."""
    text = json.dumps(value, ensure_ascii=False)
    shown = text if len(text) <= _SCALAR_SHOWN else text[: _SCALAR_SHOWN - 3] + "..."
    return visible(shown)


def unified_diff(expected: str, actual: str, *, limit: int = MAX_DIFF_LINES) -> str:
    lines = list(
        difflib.unified_diff(
            expected.split("\n"), actual.split("\n"), fromfile="expected", tofile="actual", lineterm=""
        )
    )
    lines = [line if index < 2 else visible(line) for index, line in enumerate(lines)]
    if len(lines) > limit:
        lines = [*lines[:limit], f"... ({len(lines) - limit} more diff lines not shown)"]
    return "\n".join(lines)


def nesting_depth(value: Any) -> int:
    """Levels of arrays and objects in ``value`` (a scalar is 0), counted without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth + 1)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def check_nesting(value: Any, what: str) -> None:
    """Raise ``NestingTooDeep`` (naming the depth) if ``value`` is too deep to compare."""
    depth = nesting_depth(value)
    if depth > MAX_NESTING:
        raise NestingTooDeep(
            f"{what} is nested {depth} levels deep; the kit compares at most {MAX_NESTING} levels"
        )


def invalid_patterns(expected: Any) -> list[str]:
    """Each ``{"$pattern": RE}`` in ``expected`` that is not a compilable regex, with its path.

    Walked without recursion so that it is safe on any value; ``fixtures lint``
    and the runner both use it, so a bad pattern is reported before it is matched.
    """
    found: list[str] = []
    stack: list[tuple[Any, str]] = [(expected, "$")]
    while stack:
        value, path = stack.pop()
        if _has_pattern_keys(value):
            found.extend(_pattern_problem(value[PATTERN_KEY], path, value.get(OBSERVED_KEY)))
        elif isinstance(value, dict):
            stack.extend((item, _child(path, key)) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{index}]") for index, item in reversed(list(enumerate(value))))
    return found


def _pattern_problem(pattern: Any, path: str, observed: Any = None) -> list[str]:
    if not isinstance(pattern, str):
        return [f"$pattern at {path} is not a string: {show(pattern)}"]
    try:
        compiled = re.compile(pattern)
    except re.error as exc:
        return [f"invalid $pattern {pattern!r} at {path}: {exc}"]
    if observed is not None and not (isinstance(observed, str) and compiled.fullmatch(observed)):
        return [f"$observed at {path} does not match its $pattern: {show(observed)}"]
    return []


def _has_pattern_keys(value: Any) -> bool:
    """``{"$pattern": ...}`` or ``{"$pattern": ..., "$observed": ...}``."""
    return isinstance(value, dict) and list(value) in ([PATTERN_KEY], [PATTERN_KEY, OBSERVED_KEY])


def _is_pattern(value: Any) -> bool:
    return _has_pattern_keys(value) and isinstance(value[PATTERN_KEY], str)


def _same_type(expected: Any, actual: Any) -> bool:
    # Python's == says True == 1 == 1.0; JSON (and the wire) does not.
    return type(expected) is type(actual)


def _pattern_difference(regex: str, actual: Any, path: str) -> str | None:
    if isinstance(actual, str) and re.fullmatch(regex, actual):
        return None
    return f"{path}: expected a string matching /{regex}/ got {show(actual)}"


def first_difference(
    expected: Any, actual: Any, *, ordered: bool, patterns: bool, path: str = "$"
) -> str | None:
    """The first place where ``actual`` differs from ``expected``, as 'path: what', or None."""
    if patterns and _is_pattern(expected):
        return _pattern_difference(expected[PATTERN_KEY], actual, path)
    if not _same_type(expected, actual):
        return f"{path}: expected {show(expected)} got {show(actual)}"
    if isinstance(expected, dict):
        missing = [key for key in expected if key not in actual]
        if missing:
            return f"{path}: missing key {show(missing[0])}"
        extra = [key for key in actual if key not in expected]
        if extra:
            return f"{path}: unexpected key {show(extra[0])}"
        for key in expected:
            found = first_difference(
                expected[key], actual[key], ordered=ordered, patterns=patterns, path=_child(path, key)
            )
            if found:
                return found
        if ordered and list(expected) != list(actual):
            return f"{path}: key order differs: expected {show(list(expected))} got {show(list(actual))}"
        return None
    if isinstance(expected, list):
        for index, (left, right) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(left, right, ordered=ordered, patterns=patterns, path=f"{path}[{index}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items got {len(actual)}"
        return None
    if expected != actual:
        return f"{path}: expected {show(expected)} got {show(actual)}"
    return None


def first_subset_difference(expected: Any, actual: Any, path: str = "$") -> str | None:
    """Where ``actual`` fails to contain ``expected``, as 'path: what', or None."""
    if _is_pattern(expected):
        return _pattern_difference(expected[PATTERN_KEY], actual, path)
    if not _same_type(expected, actual):
        return f"{path}: expected {show(expected)} got {show(actual)}"
    if isinstance(expected, dict):
        for key, value in expected.items():
            if key not in actual:
                return f"{path}: missing key {show(key)}"
            found = first_subset_difference(value, actual[key], _child(path, key))
            if found:
                return found
        return None
    if isinstance(expected, list):
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items got {len(actual)}"
        for index, (left, right) in enumerate(zip(expected, actual, strict=True)):
            found = first_subset_difference(left, right, f"{path}[{index}]")
            if found:
                return found
        return None
    if expected != actual:
        return f"{path}: expected {show(expected)} got {show(actual)}"
    return None


def _project(actual: Any, expected: Any) -> Any:
    """``actual`` cut down to the keys ``expected`` names, for a diff of what is compared."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {key: _project(actual[key], value) for key, value in expected.items() if key in actual}
    if isinstance(expected, list) and isinstance(actual, list):
        return [_project(item, expected[i]) if i < len(expected) else item for i, item in enumerate(actual)]
    return actual


def _child(path: str, key: str) -> str:
    return f"{path}.{key}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", key) else f"{path}[{show(key)}]"


def resolve_patterns(expected: Any, actual: Any) -> Any:
    """``expected`` with each matched pattern replaced by the actual value it matched.

    Diffing this against ``actual`` shows only the real differences, not
    every volatile value that matched its pattern.
    """
    if _is_pattern(expected):
        matched = isinstance(actual, str) and re.fullmatch(expected[PATTERN_KEY], actual)
        return actual if matched else expected
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {key: resolve_patterns(value, actual.get(key)) for key, value in expected.items()}
    if isinstance(expected, list) and isinstance(actual, list):
        return [
            resolve_patterns(value, actual[index] if index < len(actual) else None)
            for index, value in enumerate(expected)
        ]
    return expected


def _sorted_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _sorted_keys(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_sorted_keys(item) for item in value]
    return value


def json_exact(expected: dict[str, Any], actual: dict[str, Any]) -> Mismatch | None:
    if canonical(expected) == canonical(actual):
        return None
    summary = first_difference(expected, actual, ordered=True, patterns=False)
    return Mismatch(summary or "$: serializations differ", unified_diff(pretty(expected), pretty(actual)))


def json_unordered(expected: dict[str, Any], actual: dict[str, Any]) -> Mismatch | None:
    summary = first_difference(expected, actual, ordered=False, patterns=False)
    if summary is None:
        return None
    return Mismatch(summary, unified_diff(pretty(_sorted_keys(expected)), pretty(_sorted_keys(actual))))


def json_pattern(expected: dict[str, Any], actual: dict[str, Any]) -> Mismatch | None:
    summary = first_difference(expected, actual, ordered=True, patterns=True)
    if summary is None:
        return None
    return Mismatch(summary, unified_diff(pretty(resolve_patterns(expected, actual)), pretty(actual)))


def json_subset(expected: dict[str, Any], actual: dict[str, Any]) -> Mismatch | None:
    summary = first_subset_difference(expected, actual)
    if summary is None:
        return None
    return Mismatch(summary, unified_diff(pretty(expected), pretty(_project(actual, expected))))


def json_fields(expected: dict[str, Any], actual: dict[str, Any]) -> Mismatch | None:
    named = {key: actual[key] for key in expected if key in actual}
    return json_exact(expected, named)


def text_exact(expected: dict[str, Any], actual: dict[str, Any]) -> Mismatch | None:
    if list(expected) != list(actual) or any(not isinstance(actual[key], str) for key in actual):
        summary = first_difference(expected, actual, ordered=True, patterns=False)
        return Mismatch(summary or "$: keys differ", unified_diff(pretty(expected), pretty(actual)))
    for key, text in expected.items():
        if actual[key] != text:
            return Mismatch(_text_summary(_child("$", key), text, actual[key]), _text_diff(text, actual[key]))
    return None


def text_lines(text: str) -> list[str]:
    """``text`` cut after each line feed, ends kept.

    Only at line feeds: ``str.splitlines`` also cuts at CR, form feed,
    U+0085, U+2028 and more, which would hide those characters in a diff
    instead of showing them escaped on the line they belong to.
    """
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return lines if lines[-1] else lines[:-1]


def _text_summary(path: str, expected: str, actual: str) -> str:
    line = next(
        (
            number
            for number, (left, right) in enumerate(
                zip(text_lines(expected), text_lines(actual), strict=False), start=1
            )
            if left != right
        ),
        min(len(text_lines(expected)), len(text_lines(actual))) + 1,
    )
    return f"{path}: texts differ from line {line} (expected {len(expected)} chars, got {len(actual)})"


def _text_diff(expected: str, actual: str) -> str:
    # Lines keep their ends so that a missing final newline or a stray \r
    # shows up in the diff instead of vanishing.
    diff = difflib.unified_diff(
        text_lines(expected), text_lines(actual), fromfile="expected", tofile="actual"
    )
    lines = [
        line.rstrip("\n") if index < 2 or line.startswith("@@") else _visible_line(line)
        for index, line in enumerate(diff)
    ]
    if len(lines) > MAX_DIFF_LINES:
        lines = [*lines[:MAX_DIFF_LINES], f"... ({len(lines) - MAX_DIFF_LINES} more diff lines not shown)"]
    return "\n".join(lines)


def _visible_line(line: str) -> str:
    if line.endswith("\n"):
        return visible(line[:-1])
    return visible(line) + "  [no newline at end]"


COMPARATORS: dict[str, Comparator] = {
    "json-exact": json_exact,
    "json-unordered": json_unordered,
    "text-exact": text_exact,
    "json-pattern": json_pattern,
    "json-subset": json_subset,
    "json-fields": json_fields,
}


def compare(mode: str, expected: dict[str, Any], actual: dict[str, Any]) -> Mismatch | None:
    """Compare under ``mode``; ``NestingTooDeep`` or ``InvalidPattern`` when the kit cannot judge."""
    try:
        comparator = COMPARATORS[mode]
    except KeyError:
        raise ValueError(f"unknown comparison mode {mode!r}; known: {', '.join(COMPARATORS)}") from None
    # Checked up front, so the recursive comparators below never meet a value they cannot handle.
    check_nesting(expected, "the expected result")
    check_nesting(actual, "the result")
    if mode in PATTERN_MODES:
        problems = invalid_patterns(expected)
        if problems:
            raise InvalidPattern(problems[0])
    return comparator(expected, actual)
