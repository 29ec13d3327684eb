"""Area ``tools``: built-in tools as the release sends them in the request's tools array.

Two ops: ``tools.apply_patch_spec`` (one tool per variant, _scenarios.json)
and ``tools.build`` (the whole catalog per model and configuration,
_build_scenarios.json).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import captured_case, wanted
from codex_workshop.areas.tools.apply_patch_tool import load_tools_scenarios, scenarios_path
from codex_workshop.areas.tools.release import tools_apply_patch_spec, tools_build
from codex_workshop.areas.tools.scenarios import BuildScenario, load_build_scenarios
from codex_workshop.areas.tools.tools_build import expected_catalog


def _build_case(version: str, scenario: BuildScenario) -> Case:
    args = scenario.args(version)
    # The additional_tools item carries an id the release makes up per run.
    return captured_case(
        "tools",
        version,
        scenario,
        op="tools.build",
        args=args,
        run=lambda: expected_catalog(tools_build(version, args)),
        compare="json-pattern",
    )


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_tools_scenarios(scenarios_path(root)):
        if wanted(scenario.slug, version, list(scenario.editions), only):
            yield captured_case(
                "tools",
                version,
                scenario,
                op="tools.apply_patch_spec",
                args={"edition": version, "variant": scenario.variant},
                run=partial(tools_apply_patch_spec, version, scenario.variant, root),
            )
    for build in load_build_scenarios(root):
        if wanted(build.slug, version, build.editions, only):
            yield _build_case(version, build)
