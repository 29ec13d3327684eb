"""Area ``sse``: one Responses SSE stream → the items the release records and how the stream ends."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from codex_conformance.areas.capturing import captured_case, wanted
from codex_conformance.areas.sse.release import sse_responses
from codex_conformance.areas.sse.scenarios import load_sse_scenarios
from codex_conformance.cases import Case


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_sse_scenarios(root / "sse" / "_scenarios.json"):
        if wanted(scenario.slug, version, scenario.editions, only):
            args = {"edition": version, "stream": scenario.stream, "splits": scenario.splits}
            yield captured_case(
                "sse",
                version,
                scenario,
                op="sse.responses",
                args=args,
                run=partial(sse_responses, version, args),
            )
