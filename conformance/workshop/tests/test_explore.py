"""The explorer finds disagreements, groups them, shrinks them and writes them as scenarios.

A stand-in "release" (the reference with one rule changed) takes the real
release's place, so these tests run without a Codex binary; the explorer's
runs against the real releases are `codex-conformance explore` (and a short
fixed-seed one in CI).
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from codex_conformance.areas import discover
from codex_conformance.generators import as_strategy, generated
from codex_conformance.lint import declared_clauses
from codex_conformance.paths import spec_dir
from codex_reference.adapter import handle
from codex_workshop.areas import parts_of
from codex_workshop.areas.scenarios import EXPLORED_FILE, Scenario, load_area_scenarios
from codex_workshop.drive.errors import CaptureError, InvalidInputError
from codex_workshop.explore.answers import ask, same_response
from codex_workshop.explore.run import Progress, explore
from codex_workshop.explore.shrink import shrink
from codex_workshop.explore.signature import signature
from codex_workshop.explore.write import add_scenarios
from codex_workshop.explorer import Explorer


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
    (explorer,) = parts_of(discover()["apply_patch"]).explorers()

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
    (explorer,) = parts_of(area).explorers()
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


def test_shrinking_reports_its_progress() -> None:
    area = discover()["apply_patch"]
    (explorer,) = parts_of(area).explorers()
    out = io.StringIO()  # not a terminal: a line every tenth of the runs
    found = explore(
        area.name,
        _drops_final_newline,
        explorer,
        "0.169.0",
        budget=60,
        seed="t",
        shrink_runs=50,
        progress=Progress(60, out),
    )
    lines = out.getvalue().splitlines()
    assert found.clusters and "60/60 inputs" in lines[-1 - sum("shrinking" in line for line in lines)]
    shrinking = [line for line in lines if line.startswith("shrinking cluster 1/")]
    assert shrinking[0].endswith(": 1/50 release runs"), shrinking


def test_exploring_the_reference_against_itself_finds_nothing() -> None:
    area = discover()["apply_patch"]
    (explorer,) = parts_of(area).explorers()
    found = explore(area.name, _reference_result(explorer.op), explorer, "0.25.0", budget=100, seed="u")
    assert (found.tried, found.agreed, found.clusters) == (100, 100, {})


@pytest.mark.parametrize("name", ["schema", "mcp"])
def test_schema_and_mcp_inputs_are_answered_by_the_reference(name: str) -> None:
    (explorer,) = parts_of(discover()[name]).explorers()
    for args in generated(lambda draw: explorer.generate(draw, "0.169.0"), 200, "v"):
        response = handle({"op": explorer.op, "args": args})
        assert "result" in response or response["error"]["kind"] != "internal", (args, response)


# The explorers of the conversation areas: each scenario model and the op's args.
_SCENARIO_MODELS = {
    "exec_output": ("codex_workshop.areas.exec_output.scenarios", "ExecScenario"),
    "sse": ("codex_workshop.areas.sse.scenarios", "SseScenario"),
    "dispatch": ("codex_workshop.areas.dispatch.scenarios", "DispatchScenario"),
}
_NEW_AREAS = sorted(_SCENARIO_MODELS)
# Each explorer with each edition its area has been captured from.
_NEW_AREA_EDITIONS = [(name, version) for name in _NEW_AREAS for version in discover()[name].editions]


def _model(name: str) -> type[Scenario]:
    module, attribute = _SCENARIO_MODELS[name]
    model: type[Scenario] = getattr(importlib.import_module(module), attribute)
    return model


def _explorer(name: str) -> Explorer:
    (explorer,) = parts_of(discover()[name]).explorers()
    return explorer


@pytest.mark.parametrize(("name", "version"), _NEW_AREA_EDITIONS)
def test_new_explorers_are_seeded(name: str, version: str) -> None:
    explorer = _explorer(name)

    def make(draw: Any) -> Any:
        return explorer.generate(draw, version)

    assert generated(make, 20, "s") == generated(make, 20, "s")
    assert generated(make, 20, "s") != generated(make, 20, "t")
    assert all(args["edition"] == version for args in generated(make, 20, "s"))


def _round_trip(name: str, version: str, args: dict[str, Any]) -> dict[str, Any]:
    """The op's args again, from the scenario the explorer would write for ``args``."""
    fields = _explorer(name).scenario(args)
    scenario: Any = _model(name).model_validate(
        {"slug": "explored-x", "description": "d", "clauses": ["X-1"], **fields}
    )
    if name == "sse":
        return {"edition": version, "stream": scenario.stream, "splits": scenario.splits}
    again: dict[str, Any] = scenario.args(version)
    return again


@pytest.mark.parametrize(("name", "version"), _NEW_AREA_EDITIONS)
def test_new_explorers_scenarios_give_back_their_inputs(name: str, version: str) -> None:
    explorer = _explorer(name)
    for args in generated(lambda draw: explorer.generate(draw, version), 60, "w"):
        assert _round_trip(name, version, args) == args


@pytest.mark.parametrize(("name", "version"), _NEW_AREA_EDITIONS)
def test_new_explorers_inputs_are_answered_by_the_reference(name: str, version: str) -> None:
    explorer = _explorer(name)
    for args in generated(lambda draw: explorer.generate(draw, version), 150, "v"):
        # The volatile values a release run would have given (settled).
        response = handle({"op": explorer.op, "args": {**args, **_VOLATILE}})
        # Declining an input is allowed (the explorer counts it apart); failing on one is not.
        assert "error" not in response or response["error"]["kind"] != "internal", (args, response)


_VOLATILE = {"chunk_id": "000000", "session_id": 0, "duration_seconds": 0.0, "cwd": "/tmp/w"}


def _exec_with_volatile_values(version: str, args: dict[str, Any]) -> dict[str, Any]:
    """exec.format_output as the reference writes it, with a chunk id and a duration drawn each run."""
    drawn = {"chunk_id": f"{random.randrange(16**6):06x}", "session_id": random.randrange(1, 9999)}
    drawn["duration_seconds"] = round(random.uniform(0, 3), 4)
    result: dict[str, Any] = _reference_result("exec.format_output")(version, {**args, **drawn})
    return result


@pytest.mark.parametrize("version", discover()["exec_output"].editions)
def test_exec_output_values_a_release_draws_are_settled(version: str) -> None:
    area = discover()["exec_output"]
    (explorer,) = parts_of(area).explorers()
    found = explore(area.name, _exec_with_volatile_values, explorer, version, budget=40, seed="x")
    assert (found.agreed, found.varied, found.clusters) == (40, 0, {})


def test_dispatch_made_up_ids_and_cwd_are_settled() -> None:
    explorer = _explorer("dispatch")
    assert explorer.settle is not None
    item = {
        "type": "function_call_output",
        "id": "fco_0123abcd-0000-1111-2222-333344445555",
        "call_id": "call_1",
        "output": "unable to locate image at `/tmp/codex-conformance-work-ab_12/x.png`: No such file",
    }
    settled, observed = explorer.settle({"result": {"item": item}})
    assert settled["result"]["item"]["id"] == "fco_00000000-0000-0000-0000-000000000000"
    assert observed["cwd"] in settled["result"]["item"]["output"]


@pytest.mark.parametrize("name", _NEW_AREAS)
def test_explored_scenarios_load_beside_the_hand_written_ones(name: str, tmp_path: Path) -> None:
    explorer = _explorer(name)
    (tmp_path / name).mkdir()
    (tmp_path / name / "_scenarios.json").write_text("[]", encoding="utf-8")
    version = discover()[name].editions[0]
    (args,) = generated(lambda draw: explorer.generate(draw, version), 1, "l")
    (tmp_path / name / EXPLORED_FILE).write_text(
        json.dumps(
            [{"slug": "explored-1", "description": "d", "clauses": ["X-1"], **explorer.scenario(args)}]
        ),
        encoding="utf-8",
    )
    assert [s.slug for s in load_area_scenarios(tmp_path, name, _model(name))] == ["explored-1"]


def test_explore_offers_the_new_areas() -> None:
    assert {name for name, area in discover().items() if parts_of(area).explorers()} >= set(_NEW_AREAS)


def test_a_failed_batch_run_asks_each_input_alone() -> None:
    area = discover()["exec_output"]

    def failing(version: str, inputs: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
        raise CaptureError("the release crashed")

    explorer = dataclasses.replace(_explorer("exec_output"), batch=failing)
    found = explore(area.name, _exec_with_volatile_values, explorer, "0.25.0", budget=30, seed="f")
    assert (found.agreed, found.harness_failures) == (30, [])


def test_a_timed_out_commands_milliseconds_move_the_cut_and_the_reference_is_given_them() -> None:
    """explore exec_output --edition 0.94.0 --seed ci: the measured milliseconds precede the cut text."""
    explorer = _explorer("exec_output")
    assert explorer.settle is not None and explorer.steady_form is not None
    output = ("\u00e9" * 189 + "\n") * 27
    args = {"edition": "0.94.0", "tool": "shell", "output": output, "exit_code": 0, "timed_out": True}
    run = _reference_result("exec.format_output")
    durations = (0.007, 1.002, 1.003)
    texts = {seconds: run("0.94.0", {**args, "duration_seconds": seconds}) for seconds in durations}
    # Three digits more before the output move the cut by a character: more than the digits differ.
    assert texts[0.007]["output"].replace("7 milliseconds", "1002 milliseconds") != texts[1.002]["output"]
    for seconds, text in texts.items():

        def release(version: str, given: dict[str, Any], text: dict[str, Any] = text) -> dict[str, Any]:
            return text

        answered = ask(release, "0.94.0", explorer.op, args, settle=explorer.settle)
        assert answered.agree, seconds
    forms = [explorer.steady_form({"result": text}) for text in texts.values()]
    assert forms[1] == forms[2] != forms[0]  # two runs alike when only the measure's value differs


def test_every_explorer_cites_clauses_the_spec_declares() -> None:
    # A case `explore --write` writes cites the explorer's clauses: an
    # undeclared one would fail the fixtures linter (spec/explored.md holds
    # the clauses of rules not named yet).
    declared, _ = declared_clauses(spec_dir())
    cited = {
        (area.name, clause)
        for area in discover().values()
        for explorer in parts_of(area).explorers()
        for clause in explorer.clauses
    }
    assert cited
    assert {(name, clause) for name, clause in cited if clause not in declared} == set()


def test_an_input_whose_answer_varies_is_kept_with_both_answers() -> None:
    area = discover()["apply_patch"]
    (explorer,) = parts_of(area).explorers()
    runs = iter(range(10_000))

    def flaky(version: str, args: dict[str, Any]) -> dict[str, Any]:
        """apply_patch as the reference does it, with an exit code that changes every run."""
        result: dict[str, Any] = _reference_result("apply_patch.apply")(version, args)
        result["exit_code"] = 100 + next(runs)
        return result

    found = explore(area.name, flaky, explorer, "0.169.0", budget=5, seed="v", shrink_runs=0)
    assert found.varied == len(found.varied_inputs) > 0
    first, again = found.varied_inputs[0]["release"]
    assert first != again and found.varied_inputs[0]["input"]["edition"] == "0.169.0"
