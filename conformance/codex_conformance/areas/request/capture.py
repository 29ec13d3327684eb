"""Area ``request``: a configuration → the first request the release sends, and its built-in texts."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from codex_conformance.areas.capturing import captured_case, wanted
from codex_conformance.areas.request.release import request_build, request_builtins
from codex_conformance.cases import Case
from codex_conformance.drive import request_volatile

# The origin every scenario names; the release adapter serves it from its mock.
DEFAULT_BASE_URL = "http://127.0.0.1:8080/v1"


class RequestScenario(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    description: str
    clauses: list[str] = Field(min_length=1)
    editions: list[str] | None = None
    op: Literal["request.build", "request.builtins"] = "request.build"
    model: str = "gpt-5"
    prompt: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    provider: dict[str, Any] = Field(default_factory=dict)
    env: dict[str, str] = Field(default_factory=dict)

    def args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {"edition": version, "model": self.model}
        if self.op == "request.build":
            args["provider"] = {"base_url": DEFAULT_BASE_URL, **self.provider}
            if self.prompt is not None:
                args["prompt"] = self.prompt
            if self.config:
                args["config"] = self.config
            if self.env:
                args["env"] = self.env
        return args


def load_request_scenarios(path: Path) -> list[RequestScenario]:
    raw = json.loads(path.read_text(encoding="utf-8"))
    return TypeAdapter(list[RequestScenario]).validate_python(raw)


def _build_case(version: str, scenario: RequestScenario) -> Case:
    args = scenario.args(version)
    observed: dict[str, Any] = {}

    def run() -> dict[str, Any]:
        result = request_build(version, args)
        observed.update(request_volatile.observed_values(result))
        return request_volatile.expected_request(result)

    case = captured_case("request", version, scenario, op="request.build", args=args, run=run)
    if observed:
        case = case.model_copy(update={"args": {**args, "observed": observed}})
    return case.model_copy(update={"compare": "json-pattern"})


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_request_scenarios(root / "request" / "_scenarios.json"):
        if not wanted(scenario.slug, version, scenario.editions, only):
            continue
        if scenario.op == "request.builtins":
            args = scenario.args(version)
            yield captured_case(
                "request",
                version,
                scenario,
                op="request.builtins",
                args=args,
                run=lambda args=args: request_builtins(version, args),  # type: ignore[misc]
            )
        else:
            yield _build_case(version, scenario)
