"""The reference passes the dynamic cases; broken ports fail on their clause; 0.25.0 is not applicable."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_dynamic_adapters import BROKEN, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.release.adapter import ReleaseAdapter
from codex_conformance.report import Totals
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle

OPS = ("dynamic.to_responses", "dynamic.call_output")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in OPS]


def test_enough_cases_for_both_ops(cases):
    for op in OPS:
        assert len([case for case in cases if case.op == op and case.edition == "0.169.0"]) >= 15


def test_reference_passes_every_dynamic_case(cases):
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    failing = [(o.id, o.status, o.reason, o.diff[:500]) for o in outcomes if o.status is not Status.PASS]
    assert not failing


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)


def test_classic_edition_is_not_applicable_and_counted(cases):
    # 0.25.0 has no dynamic tools: the same inputs asked of 0.25.0 are not
    # applicable (counted in the summary), never a pass or a failure.
    classic = [
        case.model_copy(
            update={
                "edition": "0.25.0",
                "id": case.id.replace("0.169.0", "0.25.0"),
                "args": {**case.args, "edition": "0.25.0"},
            }
        )
        for case in cases[:3]
    ]
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, classic)
    assert [o.status for o in outcomes] == [Status.NOT_APPLICABLE] * len(classic)
    assert all("no dynamic tools" in o.reason for o in outcomes)
    summary = Totals()
    for outcome in outcomes:
        summary.add(outcome)
    assert summary.not_applicable == len(classic)


def test_release_adapter_declares_dynamic_ops_only_for_0169():
    # hello() fetches the release; the op list is what matters here, so ask without it.
    assert ReleaseAdapter("0.25.0").handle({"op": "dynamic.to_responses", "args": {"edition": "0.25.0"}}) == {
        "unsupported": "a release cannot be run to answer 'dynamic.to_responses'"
    }
