"""Deliberately broken adapters: the reference model with one rule changed.

Each area's ``broken.py`` holds its ``BROKEN`` adapters as one table read by
``adapters``: a row names the adapter, the spec clause whose cases must catch
it, what it gets wrong and the reference changed so.  The reference keeps
editions as data, so replacing one entry of one edition's table
(``with_rules``, ``with_rules_from``) is a realistic bug; a port that gets one
op's results wrong is the reference with a small named function applied to
them (``rewrites``).  ``conformance/workshop/tests/test_broken_adapters.py``
runs every one through the real runner and requires a ``fail`` (or, for one
that declines inputs, an ``unsupported`` outcome: it fails the run as well)
naming that clause.  They ship with the kit as worked examples of what the
suite catches.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from codex_reference import editions
from codex_reference.adapter import Handler, handle, make_handler
from codex_reference.editions import Edition


@dataclass(frozen=True)
class BrokenAdapter:
    name: str
    clause: str  # the clause whose cases must fail
    why: str
    handle: Handler


# One row of an area's table, under the adapter's name: (the clause whose cases
# must fail, what the port gets wrong, the reference changed so).
Row = tuple[str, str, Handler]


def adapters(table: Mapping[str, Row]) -> tuple[BrokenAdapter, ...]:
    """An area's ``BROKEN``: one adapter a row of ``table``, named by the row's key."""
    return tuple(BrokenAdapter(name, clause, why, handle) for name, (clause, why, handle) in table.items())


def with_edition(edition: Edition, **changes: Any) -> Handler:
    """The reference with fields of one edition's table replaced."""
    table = dict(editions.EDITIONS)
    table[edition.version] = replace(edition, **changes)
    return make_handler(table)


# Changes one result of the reference in place: (result, args) -> None.
ResultChange = Callable[[dict[str, Any], dict[str, Any]], None]


def rewriting(op: str, change: ResultChange) -> Handler:
    """The reference, with ``change`` applied to each result it gives for ``op``."""

    def broken(request: Any) -> dict[str, Any]:
        response = handle(request)
        result = response.get("result")
        if isinstance(request, dict) and request.get("op") == op and isinstance(result, dict):
            args = request.get("args")
            change(result, args if isinstance(args, dict) else {})
        return response

    return broken


def _first_line_of_doc(function: Callable[..., Any]) -> str:
    """What a row's named function does, as its docstring's first line says: the row's ``why``."""
    if not (function.__doc__ or "").strip():
        raise ValueError(f"{function.__name__} says in no docstring what the port gets wrong")
    return str(function.__doc__).strip().splitlines()[0]


def rewrites(clause: str, op: str, change: ResultChange) -> Row:
    """The row of a port that gets ``op``'s results wrong as ``change`` does (its docstring says how)."""
    return clause, _first_line_of_doc(change), rewriting(op, change)


# Which requests of an op a declining adapter answers ``unsupported``: args -> bool.
Declines = Callable[[dict[str, Any]], bool]


def declining(op: str, picks: Declines, reason: str) -> Handler:
    """The reference, answering ``unsupported`` (with ``reason``) to the ``op`` requests ``picks`` chooses.

    The op stays declared in hello: this is the port (or the mutant of the
    reference) that skips what it gets wrong, which the runner must count
    against it rather than as "not applicable".
    """

    def broken(request: Any) -> dict[str, Any]:
        if isinstance(request, dict) and request.get("op") == op:
            args = request.get("args")
            if picks(args if isinstance(args, dict) else {}):
                return {"unsupported": reason}
        return handle(request)

    return broken


def declines(clause: str, op: str, picks: Declines) -> Row:
    """The row of a port that answers ``unsupported`` to the ``op`` requests ``picks`` chooses.

    ``picks``'s docstring says which, and is the row's ``why`` and the unsupported reason.
    """
    what = _first_line_of_doc(picks)
    return clause, f"declares {op} but declines {what}", declining(op, picks, what)


def with_rules(edition: Edition, part: str, **changes: Any) -> Handler:
    """The reference with fields of one edition's ``part`` rules (``chat``, ``sse``, ...) replaced."""
    rules = getattr(edition, part)
    if rules is None:
        raise ValueError(f"edition {edition.version} has no {part} rules")
    return with_edition(edition, **{part: replace(rules, **changes)})


def with_rules_from(edition: Edition, part: str, **fields: Edition) -> Handler:
    """The reference with each of ``fields`` of ``edition``'s ``part`` rules taken from the edition
    it names (``retry_wanted=V0_25_0``): a port of one release written from another release's rules."""
    taken = {field: getattr(getattr(other, part), field) for field, other in fields.items()}
    return with_rules(edition, part, **taken)


__all__ = [
    "BrokenAdapter",
    "Declines",
    "ResultChange",
    "Row",
    "adapters",
    "declines",
    "declining",
    "measured_again",
    "measures_own_time",
    "rewrites",
    "rewriting",
    "with_edition",
    "with_rules",
    "with_rules_from",
]


# The seconds of a measured wall time as the outputs print them: "Wall time: 0.1 seconds",
# "Wall time: 0.0012 seconds", '"duration_seconds":0.0'.
_MEASURED_SECONDS = re.compile(r'(Wall time: |"duration_seconds":)([0-9]+)')


def measured_again(text: str) -> str:
    """``text`` with its first wall time one second longer: what a port prints that measures
    its own time instead of printing the one the case's args give (the form stays right)."""
    return _MEASURED_SECONDS.sub(lambda found: f"{found.group(1)}{int(found.group(2)) + 1}", text, count=1)


def measures_own_time(clause: str, op: str, field: str = "output") -> Row:
    """The row of a port whose ``op`` prints, in ``result[field]``, the wall time it measured itself."""

    def measured(result: dict[str, Any], _args: dict[str, Any]) -> None:
        value = result.get(field)
        if isinstance(value, str):
            result[field] = measured_again(value)

    why = "prints the wall time it measured, not the duration_seconds the args give"
    return clause, why, rewriting(op, measured)
