"""Area ``sse``: one Responses SSE stream → the items the release records and how the stream ends."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.compare import PATTERN_KEY
from codex_workshop.areas.capturing import captured_case, wanted_scenarios
from codex_workshop.areas.scenarios import load_area_scenarios
from codex_workshop.areas.sse.release import sse_responses
from codex_workshop.areas.sse.scenarios import SseScenario
from codex_workshop.drive.errors import ReleaseRejectedError

# 0.169.0 makes up `<prefix>_<UUIDv7>` for an item without an id (a call, an output, a
# message, a reasoning item): no capture can pin it, so the golden holds its form.
_MADE_UP_ID = re.compile(r"\A([a-z]+)_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\Z")
_UUID_FORM = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


def _args(scenario: SseScenario) -> dict[str, object]:
    return {"stream": scenario.stream, "splits": scenario.splits}


def _patterned_item(item: Any) -> Any:
    if not isinstance(item, dict) or not isinstance(item.get("id"), str):
        return item
    match = _MADE_UP_ID.match(item["id"])
    if match is None:
        return item
    return {**item, "id": {PATTERN_KEY: re.escape(match.group(1) + "_") + _UUID_FORM}}


def patterned(result: dict[str, Any]) -> dict[str, Any]:
    """The result with each made-up item id turned into the pattern of its form."""
    events = result.get("events")
    if not isinstance(events, list):
        return result
    shown = [
        {**event, "item": _patterned_item(event.get("item"))} if isinstance(event, dict) else event
        for event in events
    ]
    return {**result, "events": shown}


def _case(version: str, scenario: SseScenario) -> Case:
    args = {"edition": version, **_args(scenario)}
    try:
        result = sse_responses(version, args)
    except ReleaseRejectedError:  # the case records the rejection, as for any release op
        return captured_case(
            "sse", version, scenario, op="sse.responses", args=args, run=lambda: sse_responses(version, args)
        )
    shown = patterned(result)
    compare = "json-exact" if shown == result else "json-pattern"
    return captured_case(
        "sse", version, scenario, op="sse.responses", args=args, run=lambda: shown, compare=compare
    )


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_area_scenarios(root, "sse", SseScenario), version, only):
        yield _case(version, scenario)
