"""Area ``approvals``: what a release writes back after a declined, aborted or approved approval.

An exec output written back carries the run's measured duration: it becomes
a pattern of its form, and the observed value an arg (``duration_seconds``),
as spec/exec_output.md does.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.areas.approvals.release import written_back
from codex_conformance.areas.approvals.scenarios import ApprovalScenario, load_approval_scenarios
from codex_conformance.areas.capturing import captured_case, observed_case, wanted_scenarios
from codex_conformance.cases import Case
from codex_conformance.drive import volatile


def _patterned(result: dict[str, Any], args: dict[str, Any]) -> dict[str, Any] | None:
    """The result with each exec output's duration a pattern (its value put in ``args``); None if none."""
    items = result.get("written_back")
    found = False
    patterned: list[Any] = []
    for item in items or []:
        output = item.get("output") if item.get("type") == "function_call_output" else None
        expected, observed = volatile.exec_output(output) if isinstance(output, str) else (output, {})
        if "duration_seconds" in observed:
            args.setdefault("duration_seconds", observed["duration_seconds"])
            found = True
            patterned.append({**item, "output": expected})
        else:
            patterned.append(item)
    return {**result, "written_back": patterned} if found else None


def _case(version: str, scenario: ApprovalScenario) -> Case:
    args = scenario.args(version)
    result = written_back(version, dict(args))
    expected = _patterned(result, args)
    if expected is None:
        return captured_case(
            "approvals", version, scenario, op="approvals.written_back", args=args, run=lambda: result
        )
    return observed_case("approvals", version, scenario, "approvals.written_back", args, expected)


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_approval_scenarios(root), version, only):
        yield _case(version, scenario)
