"""The kit catches broken ports: each broken adapter fails, on its clause."""

from __future__ import annotations

import pytest
from broken_adapters import BROKEN, BrokenAdapter
from broken_check import assert_caught_on_clause

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle

OPS = ("mcp.tools_to_responses", "schema.sanitize", "apply_patch.apply")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in OPS]


def test_reference_passes_everything(cases):
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    assert {outcome.status for outcome in outcomes} == {Status.PASS}


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)
