"""Area ``approvals``: what a release writes back after a refused, declined, aborted or approved approval.

What the release makes up per run becomes a pattern of its form: an exec
output's measured duration and chunk id, their observed values put in the
case's args as spec/exec_output.md does, and 0.169.0's item ids
(``fco_<uuid>``), checked by form as in ``mcp.call_output``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.compare import PATTERN_KEY
from codex_conformance.observed import without_observed
from codex_workshop.areas.approvals.release import written_back
from codex_workshop.areas.approvals.scenarios import ApprovalScenario, load_approval_scenarios
from codex_workshop.areas.capturing import captured_case, observed_case, wanted_scenarios
from codex_workshop.drive import volatile

_UUID_FORM = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_GENERATED_ID = re.compile(r"\A([a-z]+)_" + _UUID_FORM + r"\Z")


def _patterned_item(item: dict[str, Any], args: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """The item with what the release made up as patterns (their observed values put in ``args``)."""
    out = dict(item)
    changed = False
    generated = _GENERATED_ID.match(str(item.get("id", "")))
    if generated is not None:
        out["id"] = {PATTERN_KEY: re.escape(generated.group(1) + "_") + _UUID_FORM}
        changed = True
    output = item.get("output")
    if item.get("type") == "function_call_output" and isinstance(output, str):
        expected, observed = volatile.exec_output(output)
        for key, value in observed.items():
            args.setdefault(key, value)
        if any(args[key] != value for key, value in observed.items()):
            # The args give one duration, the first output's: a later output measured
            # its own, so only its form can be asked of a port.
            expected = without_observed(expected)
        if observed:
            out["output"] = expected
            changed = True
    return out, changed


def _patterned(result: dict[str, Any], args: dict[str, Any]) -> dict[str, Any] | None:
    """The result with what the release made up as patterns; None where it made nothing up."""
    pairs = [_patterned_item(item, args) for item in result.get("written_back") or []]
    if not any(changed for _, changed in pairs):
        return None
    return {**result, "written_back": [item for item, _ in pairs]}


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
