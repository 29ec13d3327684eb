"""Area ``mcp``: what configuring MCP servers adds to the request's tools array."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import release_cases
from codex_workshop.areas.mcp.release import OPS
from codex_workshop.areas.mcp.scenarios import McpScenario
from codex_workshop.areas.scenarios import load_area_scenarios


def _args(scenario: McpScenario) -> dict[str, object]:
    args: dict[str, object] = {"servers": [server.model_dump() for server in scenario.servers]}
    if scenario.model is not None:
        args["model"] = scenario.model
    return args


def _repeat(scenario: McpScenario) -> int:
    return scenario.repeat


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    scenarios = load_area_scenarios(root, "mcp", McpScenario)
    run = OPS["mcp.tools_to_responses"]
    return release_cases(
        "mcp", "mcp.tools_to_responses", version, scenarios, only, args_of=_args, run=run, repeat_of=_repeat
    )
