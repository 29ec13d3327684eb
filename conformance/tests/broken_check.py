"""The one check every broken-adapter test makes: the kit catches it, on its clause."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.runner import run_cases
from codex_reference import editions
from codex_reference.adapter import Handler, make_handler


@dataclass(frozen=True)
class BrokenAdapter:
    name: str
    clause: str  # the clause whose cases must fail
    why: str
    handle: Handler


def with_edition(version: str, **changes: Any) -> Handler:
    """The reference with fields of one edition replaced."""
    table = dict(editions.EDITIONS)
    table[version] = replace(table[version], **changes)
    return make_handler(table)


def with_rules(version: str, part: str, **changes: Any) -> Handler:
    """The reference with fields of one edition's ``part`` rules (``chat``, ``sse``, ...) replaced."""
    rules = getattr(editions.EDITIONS[version], part)
    assert rules is not None, f"edition {version} has no {part} rules"
    return with_edition(version, **{part: replace(rules, **changes)})


def assert_caught_on_clause(broken: BrokenAdapter, cases: list[Case]) -> None:
    """At least one case fails, none errors, and a failing case names ``broken.clause``."""
    with InProcessConnection(broken.handle, name=broken.name) as connection:
        outcomes = run_cases(connection, cases)
    failed = [outcome for outcome in outcomes if outcome.status is Status.FAIL]
    assert failed, f"{broken.name} ({broken.why}) passed every case"
    assert not [outcome for outcome in outcomes if outcome.status is Status.ERROR]
    assert any(broken.clause in outcome.clauses for outcome in failed), (
        f"{broken.name} failed only cases of {sorted({c for o in failed for c in o.clauses})}, "
        f"none of {broken.clause}"
    )
