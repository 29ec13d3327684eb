"""Area ``mcp_output``: the output item a release writes back for an MCP tool call.

Volatile values (spec/mcp_output.md): 0.169.0 measures the call's wall time
and makes up the item's id.  The observed duration goes into the case's
args (``duration_seconds``) and its text into the expected value as a regex
of its form, beside the observed text a port given the duration must print;
the id is checked by form only, as ``items.serialize`` does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY
from codex_workshop.areas.capturing import captured_case, wanted
from codex_workshop.areas.mcp_output.release import mcp_call_output
from codex_workshop.areas.mcp_output.resource_scenarios import McpResourceScenario, load_resource_scenarios
from codex_workshop.areas.mcp_output.resources import resource_output
from codex_workshop.areas.mcp_output.scenarios import McpOutputScenario, load_mcp_output_scenarios
from codex_workshop.drive.errors import ReleaseRejectedError

_UUID_FORM = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_GENERATED_ID = re.compile(r"\Afco_" + _UUID_FORM + r"\Z")
_WALL_TIME = re.compile(r"\AWall time: ([0-9]+\.[0-9]{4}) seconds\n")
_WALL_TIME_FORM = r"[0-9]+\.[0-9]{4}"


def _pattern_wall_time(text: str, observed: dict[str, float]) -> Any:
    match = _WALL_TIME.match(text)
    if match is None:
        return text
    observed["duration_seconds"] = float(match.group(1))
    head, tail = text[: match.start(1)], text[match.end(1) :]
    # The text too: a port given the duration prints it as the release did (observed.py).
    return {PATTERN_KEY: re.escape(head) + _WALL_TIME_FORM + re.escape(tail), OBSERVED_KEY: text}


def expected_item(item: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float]]:
    """(the item with volatile spans as patterns, the observed volatile values)."""
    observed: dict[str, float] = {}
    out: dict[str, Any] = {}
    for key, value in item.items():
        if key == "id" and isinstance(value, str) and _GENERATED_ID.match(value):
            out[key] = {PATTERN_KEY: "fco_" + _UUID_FORM}
        elif key == "output" and isinstance(value, str):
            out[key] = _pattern_wall_time(value, observed)
        elif key == "output" and isinstance(value, list) and value and isinstance(value[0], dict):
            first = dict(value[0])
            if isinstance(first.get("text"), str):
                first["text"] = _pattern_wall_time(first["text"], observed)
            out[key] = [first, *value[1:]]
        else:
            out[key] = value
    return out, observed


def _case(version: str, scenario: McpOutputScenario) -> Case:
    args = scenario.args(version)
    observed: dict[str, float] = {}
    expected: dict[str, Any] | None = None
    failure: ReleaseRejectedError | None = None
    try:
        expected, observed = expected_item(mcp_call_output(version, args)["item"])
    except ReleaseRejectedError as rejected:
        failure = rejected
    if "duration_seconds" in observed:
        args["duration_seconds"] = observed["duration_seconds"]

    def run() -> dict[str, Any]:
        if failure is not None:
            raise failure
        return {"item": expected}

    return captured_case(
        "mcp_output", version, scenario, op="mcp.call_output", args=args, run=run, compare="json-pattern"
    )


def _resource_case(version: str, scenario: McpResourceScenario) -> Case:
    args = scenario.args(version)
    # The resource tools' outputs are plain strings: the id is all they make up.
    expected, _ = expected_item(resource_output(version, args)["item"])
    return captured_case(
        "mcp_output",
        version,
        scenario,
        op="mcp.resource_output",
        args=args,
        run=lambda: {"item": expected},
        compare="json-pattern",
    )


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_mcp_output_scenarios(root):
        if wanted(scenario.slug, version, scenario.editions, only):
            yield _case(version, scenario)
    for resource_scenario in load_resource_scenarios(root):
        if wanted(resource_scenario.slug, version, resource_scenario.editions, only):
            yield _resource_case(version, resource_scenario)
