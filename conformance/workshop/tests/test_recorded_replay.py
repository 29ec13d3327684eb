"""The sse and dispatch explorers replay the recorded gateway traffic before their generated inputs
(explore/recorded.py); the others replay none, and a dispatch batch runs one model's calls only.
"""

from __future__ import annotations

from typing import Any

import pytest

from codex_conformance.areas import discover
from codex_conformance.editions import EDITIONS
from codex_workshop.areas import parts_of
from codex_workshop.areas.dispatch import explore as dispatch_explore
from codex_workshop.explore import recorded as recorded_module
from codex_workshop.explore.recorded import recorded_inputs
from codex_workshop.explore.run import explorer_inputs, replayed
from codex_workshop.explorer import Explorer
from tests.recordings import RECORDED


def _explorer(area: str) -> Explorer:
    (explorer,) = parts_of(discover()[area]).explorers()
    return explorer


@pytest.mark.parametrize("area", ["sse", "dispatch"])
@pytest.mark.parametrize("version", RECORDED)
def test_recorded_inputs_come_first_then_generated_ones(area: str, version: str) -> None:
    explorer = _explorer(area)
    recorded = [found.args for found in recorded_inputs(explorer.op, version)]
    assert recorded, f"no recorded {explorer.op} input for {version}: list it in tests/recordings.py"
    assert replayed(explorer, version) == recorded
    inputs = explorer_inputs(explorer, version, len(recorded) + 5, "s")
    assert inputs[: len(recorded)] == recorded
    assert len(inputs) == len(recorded) + 5
    # A budget smaller than the recordings replays their first ones only.
    assert explorer_inputs(explorer, version, 2, "s") == recorded[:2]


@pytest.mark.parametrize("area", ["sse", "dispatch"])
def test_an_edition_no_recording_feeds_replays_nothing_and_generates_every_input(
    area: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As an edition not yet recorded (tests/recordings.py) is, shown on one with the recordings
    # taken away, so that the test runs whether or not such an edition exists today.
    version = next(iter(EDITIONS))
    monkeypatch.setattr(recorded_module, "recording_files", lambda: [])
    explorer = _explorer(area)
    assert recorded_inputs(explorer.op, version) == []
    assert replayed(explorer, version) == []
    assert len(explorer_inputs(explorer, version, 5, "s")) == 5


def test_an_explorer_that_replays_nothing_generates_from_its_first_input() -> None:
    explorer = _explorer("apply_patch")
    assert replayed(explorer, next(iter(EDITIONS))) == []


def test_a_dispatch_batch_runs_the_calls_of_its_first_inputs_model_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[str, list[str]]] = []

    def written_back(version: str, calls: list[dict[str, Any]], *, model: str) -> list[str]:
        asked.append((model, [call["call_id"] for call in calls]))
        return [
            f'{{"type": "function_call_output", "call_id": "{call["call_id"]}", "output": "ok"}}'
            for call in calls
        ]

    monkeypatch.setattr(dispatch_explore, "written_back", written_back)
    call = {"type": "function_call", "name": "shell", "arguments": "{}", "call_id": "c"}
    version = next(iter(EDITIONS))
    inputs = [
        {"edition": version, "model": model, "config": {}, "item": call}
        for model in ("gpt-a", "gpt-b", "gpt-a")
    ]
    answers = dispatch_explore.EXPLORERS[0].batch(version, inputs)  # type: ignore[misc]
    assert asked == [("gpt-a", ["call_explore_0", "call_explore_2"])]
    assert [answer is None for answer in answers] == [False, True, False]


@pytest.mark.parametrize("area", ["sse", "dispatch"])
def test_no_recorded_generates_every_input(area: str) -> None:
    # `explore --no-recorded` (CI's sample until what the recordings found is modelled).
    explorer = _explorer(area)
    version = next(iter(EDITIONS))
    recorded = replayed(explorer, version)
    assert recorded
    assert replayed(explorer, version, recorded=False) == []
    generated = explorer_inputs(explorer, version, 3, "s", recorded=False)
    assert len(generated) == 3
    assert not any(args in recorded for args in generated)
