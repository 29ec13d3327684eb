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
from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY
from codex_conformance.editions import get_edition
from codex_conformance.observed import without_observed
from codex_workshop.areas.approvals.client_events import client_events
from codex_workshop.areas.approvals.client_scenarios import ClientEventsScenario, load_client_scenarios
from codex_workshop.areas.approvals.release import written_back
from codex_workshop.areas.approvals.scenarios import ApprovalScenario, load_approval_scenarios
from codex_workshop.areas.capturing import captured_case, observed_case, wanted_scenarios
from codex_workshop.drive import volatile
from codex_workshop.drive.errors import CaptureError

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


# The run's working directory, as a client is told it: an absolute path.
_CWD_FORM = r"/.*"
_UUID = re.compile(_UUID_FORM)


def _patterned_value(value: Any, cwd: str | None) -> Any:
    """``value`` with the ids the release made up (UUIDs) and the run's directory as patterns."""
    if isinstance(value, dict):
        return {key: _patterned_value(item, cwd) for key, item in value.items()}
    if isinstance(value, list):
        return [_patterned_value(item, cwd) for item in value]
    if isinstance(value, str) and _UUID.fullmatch(value):
        return {PATTERN_KEY: _UUID_FORM}
    if isinstance(value, str) and value == cwd:
        return {PATTERN_KEY: _CWD_FORM, OBSERVED_KEY: cwd}
    return value


def _client_case(version: str, scenario: ClientEventsScenario) -> Case:
    args = scenario.args(version)
    result = client_events(version, dict(args))
    cwds = {
        message["params"]["msg"]["cwd"]
        for message in result["received"]
        if isinstance(message["params"].get("msg"), dict) and "cwd" in message["params"]["msg"]
    }
    if len(cwds) > 1:
        raise CaptureError(f"release {version} named more than one working directory: {sorted(cwds)}")
    cwd = next(iter(cwds), None)
    if cwd is not None:
        args["cwd"] = cwd  # given back to a port, which must print it as the release did
    expected = _patterned_value(result, cwd)
    return observed_case("approvals", version, scenario, "approvals.client_events", args, expected)


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_approval_scenarios(root), version, only):
        yield _case(version, scenario)
    # What a v1 conversation client is sent exists only where the edition has that client.
    if get_edition(version).v1_conversation_through is None:
        return
    for client_scenario in wanted_scenarios(load_client_scenarios(root), version, only):
        yield _client_case(version, client_scenario)
