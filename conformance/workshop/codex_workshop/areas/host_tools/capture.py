"""Area ``host_tools``: what a release writes back for one file-tool call on a described directory."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from codex_conformance.areas.host_tools import AREA
from codex_conformance.cases import Case
from codex_conformance.editions import get_edition
from codex_workshop.areas.capturing import captured_case, observed_case, wanted_scenarios
from codex_workshop.areas.host_tools.patch_run import patch_output
from codex_workshop.areas.host_tools.run import tool_output
from codex_workshop.areas.host_tools.scenarios import HostToolsScenario, load_host_tools_scenarios
from codex_workshop.areas.host_tools.wall_time import settle, settle_patch


def _answer(version: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"output": tool_output(version, tool, args)}


def _exists(scenario: HostToolsScenario, version: str) -> bool:
    """Whether the release has the scenario's tool, and for apply_patch a model that gets its form."""
    if scenario.tool == "apply_patch" and scenario.call not in dict(get_edition(version).apply_patch_models):
        return False
    return AREA.op_in(scenario.op, version)


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_host_tools_scenarios(root), version, only):
        if not _exists(scenario, version):
            continue
        args = scenario.args(version)
        if scenario.tool == "apply_patch":
            output, files = patch_output(version, args)
            expected, observed = settle_patch(output)
            patch_args = {**args, **observed}
            result = {"output": expected, "files": files}
            yield observed_case("host_tools", version, scenario, scenario.op, patch_args, result)
            continue
        if scenario.tool == "shell_command":
            # The measured wall time becomes a pattern, its value an arg (wall_time.py).
            expected, observed = settle(tool_output(version, scenario.tool, args))
            case_args = {**args, **observed}
            yield observed_case("host_tools", version, scenario, scenario.op, case_args, {"output": expected})
            continue
        run = partial(_answer, version, scenario.tool, args)
        yield captured_case("host_tools", version, scenario, op=scenario.op, args=args, run=run)
