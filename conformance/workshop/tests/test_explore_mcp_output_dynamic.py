"""The explorers of ``mcp_output`` and ``dynamic``: seeded, answerable, written back, and able to find a rule.

As in test_explore.py, a stand-in release (the reference, or one of the
area's broken adapters) takes the real release's place; the runs against
the real releases are ``codex-conformance explore`` (and ``tox -e explore-sample``).
"""

from __future__ import annotations

import dataclasses
import random
import uuid
from typing import Any

import pytest

from codex_conformance.areas import discover
from codex_conformance.generators import generated
from codex_reference.adapter import Handler, handle
from codex_workshop.areas import parts_of
from codex_workshop.areas.dynamic.scenarios import DynamicScenario
from codex_workshop.areas.mcp_output.scenarios import McpOutputScenario
from codex_workshop.areas.tool_answers import described
from codex_workshop.drive.errors import InvalidInputError, ReleaseRejectedError
from codex_workshop.explore.run import explore
from codex_workshop.explore.shrink import shrink
from codex_workshop.explorer import Explorer

_AREAS = ("mcp_output", "dynamic")
# Each explorer with each edition its area has.
_CELLS = [
    (name, explorer.op, version)
    for name in _AREAS
    for explorer in parts_of(discover()[name]).explorers()
    for version in discover()[name].editions
]
_IDS = [f"{op}-{version}" for _, op, version in _CELLS]


def _explorer(name: str, op: str) -> Explorer:
    (explorer,) = [explorer for explorer in parts_of(discover()[name]).explorers() if explorer.op == op]
    return explorer


def _release(handler: Handler, op: str) -> Any:
    """A stand-in release op answering as ``handler`` does."""

    def run(version: str, args: dict[str, Any]) -> dict[str, Any]:
        response = handler({"op": op, "args": args})
        if "error" in response:  # as the release op answers a refusal
            raise ReleaseRejectedError(response["error"]["kind"], response["error"]["message"])
        if "result" not in response:
            raise InvalidInputError(str(response))
        result: dict[str, Any] = response["result"]
        return result

    return run


def test_both_areas_are_explorable() -> None:
    assert {explorer.op for name in _AREAS for explorer in parts_of(discover()[name]).explorers()} == {
        "mcp.call_output",
        "dynamic.to_responses",
        "dynamic.call_output",
    }


@pytest.mark.parametrize(("name", "op", "version"), _CELLS, ids=_IDS)
def test_the_explorers_are_seeded(name: str, op: str, version: str) -> None:
    explorer = _explorer(name, op)

    def make(draw: Any) -> Any:
        return explorer.generate(draw, version)

    assert generated(make, 20, "s") == generated(make, 20, "s")
    assert generated(make, 20, "s") != generated(make, 20, "t")
    assert all(args["edition"] == version for args in generated(make, 20, "s"))


@pytest.mark.parametrize(("name", "op", "version"), _CELLS, ids=_IDS)
def test_a_written_scenario_gives_back_its_input(name: str, op: str, version: str) -> None:
    explorer = _explorer(name, op)
    model: Any = McpOutputScenario if name == "mcp_output" else DynamicScenario
    for args in generated(lambda draw: explorer.generate(draw, version), 80, "w"):
        fields = explorer.scenario(args)
        scenario = model.model_validate(
            {"slug": "explored-x", "description": "d", "clauses": ["X-1"], **fields}
        )
        assert scenario.args(version) == args


@pytest.mark.parametrize(("name", "op", "version"), _CELLS, ids=_IDS)
def test_the_reference_answers_every_input(name: str, op: str, version: str) -> None:
    explorer = _explorer(name, op)
    answered = {"result": 0, "error": 0, "unsupported": 0}
    for args in generated(lambda draw: explorer.generate(draw, version), 150, "v"):
        response = handle({"op": op, "args": {**args, "duration_seconds": 0.0}})
        # Declining an input is allowed (the explorer counts it apart); failing on one is not.
        assert "error" not in response or response["error"]["kind"] != "internal", (args, response)
        answered[next(iter(response))] += 1
    # Declined inputs tell nothing: most get an answer (or a refusal) to compare.
    assert answered["unsupported"] < 40 and answered["result"] > 20, answered


def test_long_runs_of_one_character_are_described_and_expand_again() -> None:
    answer = {"result": {"content": [{"type": "text", "text": "x" + "\u00e9" * 40 + "\n" * 33}]}}
    fields = described(answer)
    assert fields["result"]["content"][0]["text"] == "x$repeat:40:\u00e9$repeat:33:\n"
    scenario = McpOutputScenario.model_validate(
        {"slug": "s", "description": "d", "clauses": ["X-1"], "answer": fields}
    )
    assert scenario.args("0.94.0")["answer"] == answer


def _with_drawn_values(version: str, args: dict[str, Any]) -> dict[str, Any]:
    """mcp.call_output as the reference writes it, with a wall time and an id drawn each run."""
    result: dict[str, Any] = _release(handle, "mcp.call_output")(
        version, {**args, "duration_seconds": round(random.uniform(0, 3), 4)}
    )
    if "id" in result["item"]:
        result["item"]["id"] = f"fco_{uuid.uuid4()}"
    return result


@pytest.mark.parametrize("version", discover()["mcp_output"].editions)
def test_the_wall_time_and_the_made_up_id_are_settled(version: str) -> None:
    explorer = _explorer("mcp_output", "mcp.call_output")
    found = explore("mcp_output", _with_drawn_values, explorer, version, budget=40, seed="x")
    assert (found.agreed + found.declined, found.varied, found.clusters) == (40, 0, {})


# A broken port each explorer must catch: (area, op, edition, broken adapter).
_CAUGHT = [
    ("mcp_output", "mcp.call_output", "0.94.0", "unquoted-error-chain-in-0.94.0"),
    ("mcp_output", "mcp.call_output", "0.169.0", "token-pass-only"),
    ("dynamic", "dynamic.to_responses", "0.94.0", "name-alphabet-early"),
    ("dynamic", "dynamic.call_output", "0.94.0", "output-never-cut"),
]


@pytest.mark.parametrize(("name", "op", "version", "broken"), _CAUGHT, ids=[c[3] for c in _CAUGHT])
def test_the_explorer_finds_a_broken_rule_and_shrinks_it(
    name: str, op: str, version: str, broken: str
) -> None:
    (adapter,) = [
        adapter for adapter in parts_of(discover()[name]).broken_adapters() if adapter.name == broken
    ]
    # One worker: some broken adapters patch a module of the reference for the
    # length of a call (token-pass-only), which a reference call in another
    # worker thread would see: the answers, and the clusters, then varied.
    explorer = dataclasses.replace(_explorer(name, op), workers=1)
    found = explore(
        name, _release(adapter.handle, op), explorer, version, budget=150, seed="b", shrink_runs=60
    )
    assert found.disagreed > 0 and not found.harness_failures, found
    for cluster in found.clusters.values():
        assert cluster.shrunk is not None and not cluster.shrunk.agree
        # The args the scenario does not store are shrunk by no one.
        assert all(cluster.shrunk.args.get(key) == cluster.first.args.get(key) for key in explorer.kept)


def test_shrinking_leaves_the_kept_keys_alone() -> None:
    value = {"edition": "0.94.0", "tool": "echo", "answer": {"result": {"text": "abc", "extra": 1}}}

    def still(candidate: Any) -> bool:
        return "answer" in candidate and "text" in candidate["answer"].get("result", {})

    shrunk = shrink(value, still, 200, kept=frozenset({"tool"}))
    assert shrunk == {"edition": "0.94.0", "tool": "echo", "answer": {"result": {"text": ""}}}
    # Without it the name goes too.
    assert "tool" not in shrink(value, still, 200)
