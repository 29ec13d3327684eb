"""Every area has every piece (CONTRIBUTING.md's checklist), and the check finds a missing one."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from codex_conformance.areas import Area, area_of_op, discover
from codex_conformance.cases import Case, load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.editions import EDITIONS, FEATURES, FILE_TOOLS
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir, spec_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle
from codex_workshop.areas.completeness import problems
from codex_workshop.release.adapter import ReleaseAdapter

CASES = load_cases(fixtures_dir())
REFERENCE_OPS = set(handle({"op": "hello", "args": {}})["result"]["ops"])


@pytest.mark.parametrize("area", list(discover().values()), ids=list(discover()))
def test_area_is_complete(area: Area) -> None:
    assert problems(area, CASES, REFERENCE_OPS, spec_dir()) == []


def test_every_op_in_fixtures_belongs_to_an_area() -> None:
    for op in {case.op for case in CASES}:
        assert op in area_of_op(op).ops


def test_an_incomplete_area_is_reported_piece_by_piece(tmp_path: Path) -> None:
    ghost = Area(name="ghost", description="an area with nothing", ops=("ghost.run",))
    case = CASES[0].model_copy(update={"id": "ghost/x/y", "op": "ghost.run"})
    found = problems(ghost, [case], REFERENCE_OPS, tmp_path)
    expected = [
        "ghost: no spec page spec/ghost.md",
        "ghost: the reference does not answer ghost.run and the area gives no reason",
        "ghost: no release op for ghost.run in release.py and no reason given",
        "ghost: no broken adapter in broken.py is caught on a clause of ghost.run",
    ]
    assert [line for line in found if line in expected] == expected
    assert any("no capture.py" in line for line in found) == (case.provenance.kind == "captured")


def test_an_area_missing_one_piece_is_reported(tmp_path: Path) -> None:
    mcp = discover()["mcp"]
    # An op nobody wrote anything for, and a reason for an op the area does not have.
    grown = replace(mcp, ops=(*mcp.ops, "mcp.extra"), release_cannot_answer={"mcp.other": "why"})
    found = problems(grown, CASES, REFERENCE_OPS, spec_dir())
    assert "mcp: no case in fixtures/ for mcp.extra" in found
    assert "mcp: release_cannot_answer names mcp.other, which is not one of its ops" in found
    assert "mcp: no release op for mcp.extra in release.py and no reason given" in found
    # Without its spec page the area is incomplete too.
    assert problems(mcp, CASES, REFERENCE_OPS, tmp_path) == ["mcp: no spec page spec/mcp.md"]


def test_cases_citing_unknown_clauses_are_reported() -> None:
    mcp = discover()["mcp"]
    case: Case = next(c for c in CASES if c.op == "mcp.tools_to_responses")
    bad = case.model_copy(update={"clauses": ["MCP-NOWHERE-99"]})
    assert any("MCP-NOWHERE-99" in line for line in problems(mcp, [*CASES, bad], REFERENCE_OPS, spec_dir()))


@pytest.mark.parametrize("version", list(EDITIONS))
def test_release_adapter_declares_the_release_ops_of_the_areas_its_release_has(version: str) -> None:
    expected = {
        op
        for area in discover().values()
        if version in area.editions
        for op in area.ops
        if op not in area.release_cannot_answer and EDITIONS[version].has(area.op_features.get(op))
    }
    assert set(ReleaseAdapter(version).ops) == expected  # hello() is not called: nothing is fetched


def test_a_release_declares_no_op_it_never_shows_the_answer_of() -> None:
    # Declared, its unsupported answers would fail `pytest --impl=release:V` (runner.py).
    hidden = ReleaseAdapter("0.169.0")
    assert "safety.is_known_safe_command" in hidden.ops
    assert "safety.is_known_safe_command" not in hidden.declared_ops
    assert "E-SAFETY-1" in hidden.hidden["safety.is_known_safe_command"]
    assert "safety.is_known_safe_command" in ReleaseAdapter("0.25.0").declared_ops


def _as_edition(cases: list[Case], version: str) -> list[Case]:
    """The cases asked of another edition, under ids of their own."""
    return [
        case.model_copy(
            update={
                "edition": version,
                "id": f"{case.id}-as-{version}",
                "args": {**case.args, "edition": version},
            }
        )
        for case in cases
    ]


@pytest.mark.parametrize("area", [a for a in discover().values() if a.feature], ids=lambda a: a.name)
def test_an_area_asked_of_an_edition_without_it_is_not_applicable(area: Area) -> None:
    cases = [case for case in CASES if case.op in area.ops][:3]
    # Editions without the feature (not those where the area is merely not captured yet).
    for version in [v for v, edition in EDITIONS.items() if not edition.has(area.feature)]:
        moved = _as_edition(cases, version)
        with InProcessConnection(handle) as connection:
            outcomes = run_cases(connection, moved)
        statuses = {o.status for o in outcomes}
        # The reference answers as the release adapter does: unsupported (no such tools, no chat
        # wire), never a pass of another edition's case.
        assert Status.PASS not in statuses and Status.ERROR not in statuses, [o.reason for o in outcomes]
        release = ReleaseAdapter(version)
        for op in area.ops:
            assert "unsupported" in release.handle({"op": op, "args": {"edition": version}})


OP_FEATURES = [(area, op) for area in discover().values() for op in area.op_features]


@pytest.mark.parametrize(("area", "op"), OP_FEATURES, ids=[op for _, op in OP_FEATURES])
def test_an_op_asked_of_an_edition_without_its_feature_is_not_applicable(area: Area, op: str) -> None:
    assert area.op_features[op] in FEATURES
    cases = [case for case in CASES if case.op == op][:3]
    without = [
        v for v, edition in EDITIONS.items() if v in area.editions and not edition.has(area.op_features[op])
    ]
    assert cases and without, f"{op}: nothing to check"
    for version in without:
        assert not area.op_in(op, version)
        assert not [case for case in CASES if case.op == op and case.edition == version]
        moved = _as_edition(cases, version)
        with InProcessConnection(handle) as connection:
            statuses = {outcome.status for outcome in run_cases(connection, moved)}
        assert Status.PASS not in statuses and Status.ERROR not in statuses
        release = ReleaseAdapter(version)
        assert op not in release.ops
        assert "unsupported" in release.handle({"op": op, "args": {"edition": version}})


def test_an_op_feature_leaves_the_op_out_of_the_release_adapter(monkeypatch: pytest.MonkeyPatch) -> None:
    # The check can fail: without the op's feature, the release would declare the op.
    area = discover()["host_tools"]
    version = next(v for v, edition in EDITIONS.items() if v in area.editions and not edition.has(FILE_TOOLS))
    assert "host_tools.read_file" not in ReleaseAdapter(version).ops
    monkeypatch.setitem(discover(), "host_tools", replace(area, op_features={}))
    assert "host_tools.read_file" in ReleaseAdapter(version).ops


def test_an_area_missing_from_an_edition_says_whether_it_needs_a_feature_or_a_capture() -> None:
    absent = [
        (area, version)
        for area in discover().values()
        for version in EDITIONS
        if version not in area.editions
    ]
    assert absent, "every area is in every edition: nothing to check"
    for area, version in absent:
        why = area.absent_from(version)
        if EDITIONS[version].has(area.feature):
            assert f"has not been captured from {version} yet" in why, why
        else:
            assert f"needs feature {area.feature!r}" in why, why
