"""The reference model passes every case of every op, except the ops an area says it does not answer.

An op the reference does not answer must be declared with its reason in the
area's declaration (``reference_does_not_answer``); every other case must
pass: an ``unsupported`` answer, a failure or an error are all bugs.  The
``unsupported`` answers get a test of their own, as a mutant of the
reference that declines is how a rule can go unpinned (issue #16).
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from codex_conformance.areas import area_of_op
from codex_conformance.cases import Case, load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Outcome, Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.report import Totals
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle
from codex_workshop.broken import declining

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
        assert {o.status for o in results} <= {Status.NOT_APPLICABLE, Status.UNSUPPORTED}, declined
        return
    bad = [
        (o.id, o.status.value, o.reason[:200], o.diff[:300]) for o in results if o.status is not Status.PASS
    ]
    assert not bad


def unlisted_unsupported(outcomes: Iterable[Outcome]) -> list[tuple[str, str]]:
    """(id, reason) of each ``unsupported`` outcome whose op's area lists no reason for it."""
    return [
        (o.id, o.reason)
        for o in outcomes
        if o.status is Status.UNSUPPORTED and o.op not in area_of_op(o.op).reference_does_not_answer
    ]


def test_reference_answers_unsupported_only_where_an_area_says_why(outcomes: dict[str, Outcome]) -> None:
    # Over every case of every declared op: an unsupported answer without a
    # listed reason hides the cases it declines (they once passed as "not applicable").
    assert not unlisted_unsupported(outcomes.values())


def test_reference_certifies_with_no_unsupported_answer(outcomes: dict[str, Outcome]) -> None:
    totals = Totals()
    for outcome in outcomes.values():
        totals.add(outcome)
    assert totals.unsupported == 0 and totals.failed == 0 and totals.errors == 0, totals.line()


def test_an_unlisted_unsupported_answer_is_reported() -> None:
    # The check itself can fail: the reference declining apply_patch moves is caught.
    broken = declining("apply_patch.apply", lambda args: "*** Move to:" in str(args.get("patch")), "no moves")
    cases = [case for case in _cases("apply_patch.apply") if "AP-MOVE-1" in case.clauses]
    with InProcessConnection(broken) as connection:
        found = unlisted_unsupported(run_cases(connection, cases))
    assert found and all(reason.endswith("no moves") for _, reason in found)
