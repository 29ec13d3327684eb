"""Area ``exec_output``: the text a release writes back as the output of a command it ran."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import observed_case, wanted_scenarios
from codex_workshop.areas.exec_output.release import exec_format_output
from codex_workshop.areas.exec_output.scenarios import ExecScenario
from codex_workshop.areas.scenarios import load_area_scenarios
from codex_workshop.drive import volatile


def _args(version: str, scenario: ExecScenario, observed_volatile: dict[str, Any]) -> dict[str, Any]:
    # Fixed key order, so the fixture reads the same way in every case; the
    # volatile inputs carry what this capture observed (see spec/exec_output.md).
    base = scenario.args(version)
    args: dict[str, Any] = {key: base[key] for key in ("edition", "tool", "output", "exit_code")}
    args["duration_seconds"] = observed_volatile.get("duration_seconds", 0.0)
    args["timed_out"] = base["timed_out"]
    for key in ("chunk_id", "session_id"):
        if key in observed_volatile:
            args[key] = observed_volatile[key]
    for key in ("stream", "max_output_tokens", "default_timeout"):
        if key in base:
            args[key] = base[key]
    return args


def _case(version: str, scenario: ExecScenario) -> Case:
    observed = exec_format_output(version, scenario.args(version))
    expected, observed_volatile = volatile.exec_output(observed["output"])
    return observed_case(
        "exec_output",
        version,
        scenario,
        "exec.format_output",
        _args(version, scenario, observed_volatile),
        {"output": expected},
    )


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_area_scenarios(root, "exec_output", ExecScenario), version, only):
        yield _case(version, scenario)
