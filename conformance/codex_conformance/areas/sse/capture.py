"""Area ``sse``: one Responses SSE stream → the items the release records and how the stream ends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from codex_conformance.areas.capturing import captured_case, wanted
from codex_conformance.areas.sse.release import sse_responses
from codex_conformance.cases import Case


class SseScenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    description: str
    clauses: list[str] = Field(min_length=1)
    editions: list[str] | None = None
    stream: str
    splits: list[int] = Field(default_factory=list, description="Byte offsets where reads are cut.")


def load_sse_scenarios(path: Path) -> list[SseScenario]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return TypeAdapter(list[SseScenario]).validate_python(raw)


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
