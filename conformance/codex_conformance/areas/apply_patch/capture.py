"""Area ``apply_patch``: what the release's apply_patch command does in a directory of files."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from codex_conformance.areas.apply_patch.release import apply_patch_apply
from codex_conformance.areas.apply_patch.scenarios import ApplyPatchScenario
from codex_conformance.areas.capturing import captured_case, wanted
from codex_conformance.areas.scenarios import load_area_scenarios
from codex_conformance.cases import Case


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_area_scenarios(root, "apply_patch", ApplyPatchScenario):
        if wanted(scenario.slug, version, scenario.editions, only):
            args: dict[str, Any] = {"edition": version, "patch": scenario.patch, "files": scenario.files}
            if scenario.cwd is not None:
                args["cwd"] = scenario.cwd
            yield captured_case(
                "apply_patch",
                version,
                scenario,
                op="apply_patch.apply",
                args=args,
                run=partial(apply_patch_apply, version, args),
            )
