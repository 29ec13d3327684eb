"""Area ``http``: one reply of the Responses endpoint → what the release does with it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import captured_case, wanted_scenarios
from codex_workshop.areas.http.release import http_reply
from codex_workshop.areas.http.scenarios import HttpScenario
from codex_workshop.areas.scenarios import load_area_scenarios


def args_of(scenario: HttpScenario) -> dict[str, Any]:
    return {
        "status": scenario.status,
        "headers": [list(line) for line in scenario.headers],
        "body": scenario.body,
        "abort": scenario.abort,
        "request_max_retries": scenario.request_max_retries,
        "stream_max_retries": scenario.stream_max_retries,
    }


def _case(version: str, scenario: HttpScenario) -> Case:
    args: dict[str, Any] = {"edition": version, **args_of(scenario)}

    def run() -> dict[str, Any]:
        return http_reply(version, args)

    return captured_case("http", version, scenario, op="http.reply", args=args, run=run)


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(load_area_scenarios(root, "http", HttpScenario), version, only):
        yield _case(version, scenario)
