"""The kit catches broken ports of the tool catalog and of dispatch, each on its clause."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_tools_adapters import BROKEN, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle

OPS = ("tools.build", "dispatch.call")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in OPS]


def test_reference_passes_or_declines_every_case(cases):
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    bad = [(o.id, o.diff[:300]) for o in outcomes if o.status not in (Status.PASS, Status.NOT_APPLICABLE)]
    assert not bad
    declined = [o.id for o in outcomes if o.status is Status.NOT_APPLICABLE]
    # Every case is modelled, the JPEGs the release resizes and re-encodes included.
    assert declined == [], declined


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)
