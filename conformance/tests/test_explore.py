"""The explorer finds disagreements, groups them, shrinks them and writes them as scenarios.

A stand-in "release" (the reference with one rule changed) takes the real
release's place, so these tests run without a Codex binary; the explorer's
runs against the real releases are `codex-conformance explore` (and a short
fixed-seed one in CI).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from codex_conformance.areas import discover
from codex_conformance.areas.scenarios import EXPLORED_FILE
from codex_conformance.drive.errors import InvalidInputError
from codex_conformance.explore.answers import same_response
from codex_conformance.explore.run import explore
from codex_conformance.explore.shrink import shrink
from codex_conformance.explore.signature import signature
from codex_conformance.explore.write import add_scenarios
from codex_conformance.generators import as_strategy, generated
from codex_reference.adapter import handle


def _reference_result(op: str) -> Any:
    def run(version: str, args: dict[str, Any]) -> dict[str, Any]:
        response = handle({"op": op, "args": args})
        if "result" not in response:  # as the release op does for args it cannot run
            raise InvalidInputError(str(response))
        result: dict[str, Any] = response["result"]
        return result

    return run


def _drops_final_newline(version: str, args: dict[str, Any]) -> dict[str, Any]:
    """apply_patch as the reference does it, except that written files lose their final newline."""
    result: dict[str, Any] = _reference_result("apply_patch.apply")(version, args)
    result["files"] = {
        path: text.rstrip("\n") if isinstance(text, str) else text for path, text in result["files"].items()
    }
    return result


def test_shrink_removes_what_the_predicate_does_not_need() -> None:
    value = {"edition": "e", "patch": "a\nb\nNEEDLE\nc\n", "files": {"x": "1", "y": "2"}}
    shrunk = shrink(value, lambda v: "NEEDLE" in v.get("patch", ""), runs=500)
    assert shrunk == {"edition": "e", "patch": "NEEDLE"}


def test_shrink_keeps_the_input_when_nothing_can_go() -> None:
    value = {"edition": "e", "n": [1, 2]}
    assert shrink(value, lambda v: v == value, runs=100) == value


def test_signature_names_what_differs_and_how() -> None:
    release = {"result": {"exit_code": 1, "stderr": "Failed at line 12\n", "files": {"a": "x\n"}}}
    reference = {"result": {"exit_code": 0, "stderr": "", "files": {"a": "x"}}}
    assert signature(release, reference) == "exit_code:1≠0 stderr:'Failed at line #'≠'' files:~final-newline"
    assert signature({"result": {}}, {"error": {"kind": "invalid-args"}}) == (
        "release result, reference error:invalid-args"
    )


def test_responses_compare_as_cases_do() -> None:
    assert same_response({"error": {"kind": "k", "message": "a"}}, {"error": {"kind": "k", "message": "b"}})
    # Key order is part of the wire.
    assert not same_response({"result": {"a": 1, "b": 2}}, {"result": {"b": 2, "a": 1}})


def test_generators_are_seeded_and_also_hypothesis_strategies() -> None:
    (explorer,) = discover()["apply_patch"].explorers()

    def make(draw: Any) -> Any:
        return explorer.generate(draw, "0.169.0")

    assert generated(make, 5, "s") == generated(make, 5, "s")
    assert generated(make, 5, "s") != generated(make, 5, "t")

    @settings(max_examples=10, database=None)
    @given(as_strategy(make))
    def shaped(args: dict[str, Any]) -> None:
        assert set(args) == {"edition", "patch", "files"}

    shaped()


def test_exploring_a_stand_in_release_finds_its_rule_and_writes_it(tmp_path: Path) -> None:
    area = discover()["apply_patch"]
    (explorer,) = area.explorers()
    found = explore(
        area.name, _drops_final_newline, explorer, "0.169.0", budget=150, seed="t", shrink_runs=200
    )
    assert found.tried == 150 and found.disagreed > 0 and not found.harness_failures
    assert found.agreed + found.disagreed + found.varied == found.tried
    assert any("final-newline" in key for key in found.clusters)
    for cluster in found.clusters.values():
        assert cluster.shrunk is not None and not cluster.shrunk.agree
        assert len(json.dumps(cluster.shrunk.args)) <= len(json.dumps(cluster.first.args))
    (tmp_path / "apply_patch").mkdir()
    slugs = add_scenarios(tmp_path, area, explorer, found)
    written = json.loads((tmp_path / "apply_patch" / EXPLORED_FILE).read_text(encoding="utf-8"))
    assert [entry["slug"] for entry in written] == slugs
    assert all(
        entry["clauses"] == ["AP-EXPLORE-1"] and "--seed t" in entry["description"] for entry in written
    )
    # The same findings again add nothing: slugs come from the inputs.
    assert add_scenarios(tmp_path, area, explorer, found) == []


def test_exploring_the_reference_against_itself_finds_nothing() -> None:
    area = discover()["apply_patch"]
    (explorer,) = area.explorers()
    found = explore(area.name, _reference_result(explorer.op), explorer, "0.25.0", budget=100, seed="u")
    assert (found.tried, found.agreed, found.clusters) == (100, 100, {})


@pytest.mark.parametrize("name", ["schema", "mcp"])
def test_schema_and_mcp_inputs_are_answered_by_the_reference(name: str) -> None:
    (explorer,) = discover()[name].explorers()
    for args in generated(lambda draw: explorer.generate(draw, "0.169.0"), 200, "v"):
        response = handle({"op": explorer.op, "args": args})
        assert "result" in response or response["error"]["kind"] != "internal", (args, response)
