"""Area ``sse``: one Responses SSE stream → the items the release records and how the stream ends."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import release_cases
from codex_workshop.areas.scenarios import load_area_scenarios
from codex_workshop.areas.sse.release import sse_responses
from codex_workshop.areas.sse.scenarios import SseScenario


def _args(scenario: SseScenario) -> dict[str, object]:
    return {"stream": scenario.stream, "splits": scenario.splits}


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    scenarios = load_area_scenarios(root, "sse", SseScenario)
    return release_cases("sse", "sse.responses", version, scenarios, only, args_of=_args, run=sse_responses)
