"""Area ``mcp``: what configuring MCP servers adds to the request's tools array."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from codex_conformance.capture.areas import CaptureArea, captured_case, wanted
from codex_conformance.capture.scenarios import load_mcp_scenarios
from codex_conformance.cases import Case
from codex_conformance.release import ops


def _cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_mcp_scenarios(root / "mcp" / "_scenarios.json"):
        if wanted(scenario.slug, version, scenario.editions, only):
            servers = [server.model_dump() for server in scenario.servers]
            yield captured_case(
                "mcp",
                version,
                scenario,
                op="mcp.tools_to_responses",
                args={"edition": version, "servers": servers},
                run=partial(ops.mcp_tools_to_responses, version, servers),
                repeat=scenario.repeat,
            )


AREA = CaptureArea(
    "mcp", "MCP tools as the release adds them to the Responses request's tools array.", _cases
)
