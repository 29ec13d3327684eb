"""Area ``request``: a configuration → the first request the release sends, and its built-in texts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import captured_case, wanted
from codex_workshop.areas.request.release import request_build, request_builtins
from codex_workshop.areas.request.scenarios import RequestScenario, load_request_scenarios
from codex_workshop.drive import request_volatile


def _build_case(version: str, scenario: RequestScenario) -> Case:
    args = scenario.args(version)
    observed: dict[str, Any] = {}

    def run() -> dict[str, Any]:
        result = request_build(version, args)
        observed.update(request_volatile.observed_values(result))
        return request_volatile.expected_request(result)

    case = captured_case(
        "request", version, scenario, op="request.build", args=args, run=run, compare="json-pattern"
    )
    # The volatile values this run observed are inputs a port needs (spec/request.md).
    return case.model_copy(update={"args": {**args, "observed": observed}}) if observed else case


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
