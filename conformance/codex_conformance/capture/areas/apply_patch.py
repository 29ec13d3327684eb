"""Area ``apply_patch``: what the release's apply_patch command does in a directory of files."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

from codex_conformance.capture.areas import CaptureArea, captured_case, wanted
from codex_conformance.capture.scenarios import load_apply_patch_scenarios
from codex_conformance.cases import Case
from codex_conformance.release import ops


def _cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_apply_patch_scenarios(root / "apply_patch" / "_scenarios.json"):
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
                run=partial(ops.apply_patch_apply, version, args),
            )


AREA = CaptureArea(
    "apply_patch", "What the release's apply_patch command does with a patch in a directory of files.", _cases
)
