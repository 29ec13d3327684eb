"""The kit catches broken ports: every area's broken adapters fail, each on its clause.

One parametrized test over (area, adapter): the adapters live in each area's
``broken.py`` (workshop/codex_workshop/broken.py says how they are built).
"""

from __future__ import annotations

from typing import Any

import pytest

from codex_conformance.areas import Area, discover
from codex_conformance.cases import Case, load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.editions import V0_94_0
from codex_workshop.areas import parts_of
from codex_workshop.broken import BrokenAdapter, replaces, rewrites

BROKEN = [(area, broken) for area in discover().values() for broken in parts_of(area).broken_adapters()]


@pytest.fixture(scope="module")
def all_cases() -> list[Case]:
    return load_cases(fixtures_dir())


def assert_caught_on_clause(broken: BrokenAdapter, cases: list[Case]) -> None:
    """At least one case fails the run, none errors, and such a case names ``broken.clause``.

    A case fails the run as a ``fail`` or, for an adapter that declines what
    it declares, as ``unsupported``; "not applicable" would let it through.
    """
    with InProcessConnection(broken.handle, name=broken.name) as connection:
        outcomes = run_cases(connection, cases)
    failed = [outcome for outcome in outcomes if outcome.status in (Status.FAIL, Status.UNSUPPORTED)]
    assert failed, f"{broken.name} ({broken.why}) passed every case"
    assert all(outcome.is_unexpected_problem for outcome in failed)
    errored = [(outcome.id, outcome.reason) for outcome in outcomes if outcome.status is Status.ERROR]
    assert not errored, f"{broken.name} made the kit report errors: {errored[:3]}"
    assert any(broken.clause in outcome.clauses for outcome in failed), (
        f"{broken.name} failed only cases of {sorted({c for o in failed for c in o.clauses})}, "
        f"none of {broken.clause}"
    )


def test_there_are_broken_adapters() -> None:
    assert len(BROKEN) >= 50


@pytest.mark.parametrize(("area", "broken"), BROKEN, ids=[f"{a.name}/{b.name}" for a, b in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(
    area: Area, broken: BrokenAdapter, all_cases: list[Case]
) -> None:
    assert_caught_on_clause(broken, [case for case in all_cases if case.op in area.ops])


def test_declining_a_declared_op_is_caught_not_skipped(all_cases: list[Case]) -> None:
    # The hole of issue #16: a port answering `unsupported` to cases of an op it
    # declares once turned them into "not applicable", and the run passed.
    (broken,) = [
        b for b in parts_of(discover()["apply_patch"]).broken_adapters() if b.name == "declines-moves"
    ]
    cases = [case for case in all_cases if case.op == "apply_patch.apply"]
    with InProcessConnection(broken.handle, name=broken.name) as connection:
        outcomes = run_cases(connection, cases)
    declined = [outcome for outcome in outcomes if outcome.status is Status.UNSUPPORTED]
    assert declined and all("AP-MOVE-1" in outcome.clauses for outcome in declined)
    assert all("answered unsupported to a declared op" in outcome.reason for outcome in declined)
    assert not [outcome for outcome in outcomes if outcome.status is Status.NOT_APPLICABLE]
    assert {outcome.status for outcome in outcomes} == {Status.PASS, Status.UNSUPPORTED}


def test_a_broken_adapter_that_breaks_nothing_is_reported() -> None:
    # The check itself can fail: the unchanged reference passes every case of an area.
    from codex_reference.adapter import handle

    area = discover()["mcp"]
    cases = [case for case in load_cases(fixtures_dir()) if case.op in area.ops]
    with pytest.raises(AssertionError, match="passed every case"):
        assert_caught_on_clause(BrokenAdapter("unchanged", "MCP-NAME-2", "the reference", handle), cases)


def test_a_rewriting_rows_why_is_its_changes_docstring() -> None:
    # The table says what a rewriting port gets wrong once, in the change's docstring;
    # a change without one would leave the adapter's failures unexplained, so it is refused.
    def capitals(result: dict[str, Any], _args: dict[str, Any]) -> None:
        """every name in capitals
        (and this second line is not the why)"""

    def unexplained(result: dict[str, Any], _args: dict[str, Any]) -> None:
        result.clear()

    clause, why, _ = rewrites("MCP-NAME-2", "mcp.tools_to_responses", capitals)
    assert (clause, why) == ("MCP-NAME-2", "every name in capitals")
    with pytest.raises(ValueError, match="unexplained"):
        rewrites("MCP-NAME-2", "mcp.tools_to_responses", unexplained)


def test_a_replacing_row_changes_one_rule_and_its_why_is_the_functions_docstring() -> None:
    def cut_nothing(text: str) -> str:
        """writes the output whole"""
        return text

    def unexplained(text: str) -> str:
        return text

    clause, why, _ = replaces("DYN-OUT-TRUNC-1", V0_94_0, "dynamic", cut_text=cut_nothing)
    assert (clause, why) == ("DYN-OUT-TRUNC-1", "writes the output whole")
    with pytest.raises(ValueError, match="unexplained"):
        replaces("DYN-OUT-TRUNC-1", V0_94_0, "dynamic", cut_text=unexplained)
    with pytest.raises(ValueError, match="changes one rule, not cut_text, answer_output"):
        replaces("DYN-OUT-TRUNC-1", V0_94_0, "dynamic", cut_text=cut_nothing, answer_output=cut_nothing)
