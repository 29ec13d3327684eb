"""Area ``safety``: whether a release runs an argv without asking (where it shows it; see run.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import captured_case, wanted
from codex_workshop.areas.safety import run as safety_run
from codex_workshop.areas.safety.scenarios import load_safety_scenarios
from codex_workshop.drive.cache import release_binary


def _observe(version: str, argv: list[str]) -> Callable[[], dict[str, Any]]:
    def run() -> dict[str, Any]:
        return {"safe": not safety_run.asks_approval(release_binary(version), version, argv)}

    return run


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_safety_scenarios(root):
        if wanted(scenario.slug, version, scenario.editions, only):
            yield captured_case(
                "safety",
                version,
                scenario,
                op="safety.is_known_safe_command",
                args=scenario.args(version),
                run=_observe(version, list(scenario.argv)),
            )
