"""Area ``apply_patch``: what the release's apply_patch command does in a directory of files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_workshop.areas.apply_patch.release import apply_patch_apply
from codex_workshop.areas.apply_patch.scenarios import ApplyPatchScenario
from codex_workshop.areas.capturing import release_cases
from codex_workshop.areas.scenarios import load_area_scenarios


def _args(scenario: ApplyPatchScenario) -> dict[str, Any]:
    args: dict[str, Any] = {"patch": scenario.patch, "files": scenario.files}
    if scenario.cwd is not None:
        args["cwd"] = scenario.cwd
    return args


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    scenarios = load_area_scenarios(root, "apply_patch", ApplyPatchScenario)
    op, run = "apply_patch.apply", apply_patch_apply
    return release_cases("apply_patch", op, version, scenarios, only, args_of=_args, run=run)
