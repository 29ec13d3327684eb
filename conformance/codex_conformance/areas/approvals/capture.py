"""Area ``approvals``: what a release writes back after a declined or aborted approval."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from codex_conformance.areas.approvals.release import written_back
from codex_conformance.areas.approvals.scenarios import load_approval_scenarios
from codex_conformance.areas.capturing import captured_case, wanted
from codex_conformance.cases import Case


def _observe(version: str, args: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    return lambda: written_back(version, args)


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_approval_scenarios(root):
        if wanted(scenario.slug, version, scenario.editions, only):
            args = scenario.args(version)
            yield captured_case(
                "approvals",
                version,
                scenario,
                op="approvals.written_back",
                args=args,
                run=_observe(version, args),
            )
