"""Area ``tools``: built-in tools as the release sends them in the request's tools array."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from codex_conformance.capture.apply_patch_tool import load_tools_scenarios, scenarios_path
from codex_conformance.capture.areas import CaptureArea, captured_case, wanted
from codex_conformance.cases import Case
from codex_conformance.release import ops


def _cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_tools_scenarios(scenarios_path(root)):
        if wanted(scenario.slug, version, list(scenario.editions), only):
            yield captured_case(
                "tools",
                version,
                scenario,
                op="tools.apply_patch_spec",
                args={"edition": version, "variant": scenario.variant},
                run=partial(ops.tools_apply_patch_spec, version, scenario.variant, root),
            )


AREA = CaptureArea(
    "tools", "Built-in tools as the release sends them in the Responses request's tools array.", _cases
)
