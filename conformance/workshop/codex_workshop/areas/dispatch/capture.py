"""Area ``dispatch``: the output item a release writes back for one streamed tool call."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import observed_case, wanted_scenarios
from codex_workshop.areas.dispatch import command_runs
from codex_workshop.areas.dispatch import run as dispatch_run
from codex_workshop.areas.dispatch.scenarios import DispatchScenario, load_dispatch_scenarios


def _case(version: str, scenario: DispatchScenario) -> Case:
    args = scenario.args(version)
    observed, cwd = dispatch_run.call_output(version, args)
    if cwd is not None:
        # The observed working directory goes into the args (as exec_output
        # does with durations): a port given it must print it byte for byte.
        args = {**args, "cwd": cwd}
    expected = dispatch_run.expected_item(observed)
    output = observed.get("output")
    if isinstance(output, str):
        # A command's run: its measured values as patterns and args, and what it did as `runs`
        # (an apply_patch call's outcome is the patch's own: only its duration is given).
        shown, measured = command_runs.expected_output(output)
        if measured:
            expected["output"], args = shown, {**args, **measured}
        runs = command_runs.observed_runs(output)
        if runs is not None and scenario.item.get("name") != "apply_patch":
            args = {**args, "runs": runs}
    return observed_case("dispatch", version, scenario, "dispatch.call", args, {"item": expected})


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_dispatch_scenarios(root), version, only):
        yield _case(version, scenario)
