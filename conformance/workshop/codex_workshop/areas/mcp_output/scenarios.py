"""Capture inputs of op ``mcp.call_output``: ``fixtures/mcp_output/_scenarios.json``.

A scenario scripts the MCP server's answer to one ``tools/call`` (see
``fake_mcp_server._answer_call``).  Large texts are described, not spelled
out: ``"$lines:N"`` anywhere in a string of the answer stands for
``"line 1\\nline 2\\n…line N\\n"`` and ``"$repeat:N:C"`` for the character C
repeated N times, so the scenario file stays readable while the fixture
carries the literal text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_workshop.areas.scenarios import Scenario, load_scenarios
from codex_workshop.areas.tool_answers import expand

SERVER = "srv"
TOOL = "echo"
CALL_ID = "call_conformance_mcp"


class McpOutputScenario(Scenario):
    answer: dict[str, Any]
    tool_timeout_sec: float | None = None

    def args(self, version: str) -> dict[str, Any]:
        args: dict[str, Any] = {
            "edition": version,
            "server": SERVER,
            "tool": TOOL,
            "call_id": CALL_ID,
            "answer": expand(self.answer),
        }
        if self.tool_timeout_sec is not None:
            args["tool_timeout_sec"] = self.tool_timeout_sec
        return args


def load_mcp_output_scenarios(root: Path) -> list[McpOutputScenario]:
    return load_scenarios(root / "mcp_output" / "_scenarios.json", McpOutputScenario)
