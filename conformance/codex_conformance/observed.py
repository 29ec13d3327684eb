"""Volatile values a release measured, given back to the implementation in the case's args.

A release's output carries values no input fixes (a command's wall time, a
chunk id, a process id).  Its case keeps each such text as a pattern of its
form, so that the release, run again, still matches, and puts the observed
values into the args.  Where the pattern also holds the observed text
(``{"$pattern": RE, "$observed": TEXT}``), an implementation given those
values must print that text byte for byte: ``as_given`` puts the text in
place of the pattern.  An implementation that measures the values itself
(a release run; a port whose tool really runs the command) says so in its
hello (``measures_volatile``) and is held to the forms alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY


def as_given(expected: Any) -> Any:
    """``expected`` with each pattern that holds its observed text replaced by that text."""
    return _each_observed(expected, lambda pattern: pattern[OBSERVED_KEY])


def without_observed(expected: Any) -> Any:
    """``expected`` with the observed texts left out: what a fresh capture must reproduce
    (its own run measures other values)."""
    return _each_observed(expected, lambda pattern: {PATTERN_KEY: pattern[PATTERN_KEY]})


def _each_observed(expected: Any, replace: Callable[[dict[str, Any]], Any]) -> Any:
    """``expected`` with ``replace`` applied to each pattern that holds its observed text."""
    if isinstance(expected, dict):
        if list(expected) == [PATTERN_KEY, OBSERVED_KEY]:
            return replace(expected)
        return {key: _each_observed(value, replace) for key, value in expected.items()}
    if isinstance(expected, list):
        return [_each_observed(item, replace) for item in expected]
    return expected
