"""Capture inputs of op ``mcp.resource_output``: ``fixtures/mcp_output/_resource_scenarios.json``.

A scenario is the model's call of one resource tool (its name and exact
arguments text) and the configured servers, each with the resources file
``drive/fake_mcp_server.py`` answers from: ``list``, ``templates`` (answers
by cursor, ``""`` for the first page) and ``read`` (answers by URI), and
``capability: false`` for a server that advertises no resources.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_workshop.areas.scenarios import Scenario, load_scenarios

CALL_ID = "call_conformance_res"


class McpResourceScenario(Scenario):
    tool: str
    arguments: str
    servers: list[dict[str, Any]]

    def args(self, version: str) -> dict[str, Any]:
        return {
            "edition": version,
            "servers": self.servers,
            "tool": self.tool,
            "arguments": self.arguments,
            "call_id": CALL_ID,
        }


def load_resource_scenarios(root: Path) -> list[McpResourceScenario]:
    return load_scenarios(root / "mcp_output" / "_resource_scenarios.json", McpResourceScenario)
