"""The one check every broken-adapter test makes: the kit catches it, on its clause."""

from __future__ import annotations

from typing import Any, Protocol

from codex_conformance.cases import Case
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.runner import run_cases


class Broken(Protocol):
    name: str
    why: str
    clause: str

    def handle(self, request: dict[str, Any]) -> dict[str, Any]: ...


def assert_caught_on_clause(broken: Broken, cases: list[Case]) -> None:
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
