"""The reference model passes every case of every op, except the ops an area says it does not answer.

An op the reference does not answer must be declared with its reason in the
area's declaration (``reference_does_not_answer``); every other case must
pass: an ``unsupported`` answer, a failure or an error are all bugs.
"""

from __future__ import annotations

import pytest

from codex_conformance.areas import area_of_op
from codex_conformance.cases import Case, load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Outcome, Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle

CASES = load_cases(fixtures_dir())
OPS = sorted({case.op for case in CASES})


@pytest.fixture(scope="module")
def outcomes() -> dict[str, Outcome]:
    with InProcessConnection(handle) as connection:
        return {outcome.id: outcome for outcome in run_cases(connection, CASES)}


def _cases(op: str) -> list[Case]:
    return [case for case in CASES if case.op == op]


@pytest.mark.parametrize("op", OPS)
def test_reference_passes_every_case_of(op: str, outcomes: dict[str, Outcome]) -> None:
    declined = area_of_op(op).reference_does_not_answer.get(op)
    results = [outcomes[case.id] for case in _cases(op)]
    assert results
    if declined is not None:
        assert {o.status for o in results} == {Status.NOT_APPLICABLE}, declined
        return
    bad = [
        (o.id, o.status.value, o.reason[:200], o.diff[:300]) for o in results if o.status is not Status.PASS
    ]
    assert not bad
