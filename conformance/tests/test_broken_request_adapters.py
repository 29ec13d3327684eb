"""The kit catches broken request ports: each fails, on its clause."""

from __future__ import annotations

import pytest
from broken_request_adapters import BROKEN_REQUEST, BrokenRequestAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op == "request.build"]


@pytest.mark.parametrize("broken", BROKEN_REQUEST, ids=[broken.name for broken in BROKEN_REQUEST])
def test_broken_request_adapter_is_caught_on_its_clause(broken: BrokenRequestAdapter, cases):
    with InProcessConnection(broken.handle, name=broken.name) as connection:
        outcomes = run_cases(connection, cases)
    failed = [outcome for outcome in outcomes if outcome.status is Status.FAIL]
    assert failed, f"{broken.name} ({broken.why}) passed every case"
    assert not [outcome for outcome in outcomes if outcome.status is Status.ERROR]
    assert any(broken.clause in outcome.clauses for outcome in failed), (
        f"{broken.name} failed only cases of {sorted({c for o in failed for c in o.clauses})}, "
        f"none of {broken.clause}"
    )
