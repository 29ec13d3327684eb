"""The reference passes the mcp.call_output cases; broken ports fail on their clause."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_mcp_output_adapters import BROKEN, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle

# Every case is modelled, 0.169.0's truncation (MCPOUT-TRUNC-1) included.
DECLINED: set[str] = set()


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op == "mcp.call_output"]


def test_at_least_fifteen_cases_per_edition(cases):
    for edition in ("0.25.0", "0.169.0"):
        assert len([case for case in cases if case.edition == edition]) >= 15


def test_reference_passes_every_mcp_output_case(cases):
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    declined = {o.id for o in outcomes if o.status is Status.NOT_APPLICABLE}
    failing = [(o.id, o.reason, o.diff[:500]) for o in outcomes if o.status in (Status.FAIL, Status.ERROR)]
    assert not failing
    assert declined == DECLINED


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)
