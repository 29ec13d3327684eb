"""Area ``mcp``: what configuring MCP servers adds to the request's tools array."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from codex_conformance.areas.capturing import captured_case, wanted
from codex_conformance.areas.mcp.release import mcp_tools_to_responses
from codex_conformance.areas.mcp.scenarios import McpScenario
from codex_conformance.areas.scenarios import load_area_scenarios
from codex_conformance.cases import Case


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_area_scenarios(root, "mcp", McpScenario):
        if wanted(scenario.slug, version, scenario.editions, only):
            servers = [server.model_dump() for server in scenario.servers]
            yield captured_case(
                "mcp",
                version,
                scenario,
                op="mcp.tools_to_responses",
                args={"edition": version, "servers": servers},
                run=partial(mcp_tools_to_responses, version, servers),
                repeat=scenario.repeat,
            )
