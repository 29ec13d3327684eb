"""``mcp.tools_to_responses`` answered by a release: the tools its first request gains from MCP servers.

The capture command writes goldens from these functions and the
``release:<version>`` adapter answers the conformance suite with them, so a
release certified against its own captures checks the harness end to end.
"""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.added_tools import added_tools
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.errors import InvalidInputError
from codex_workshop.drive.exec_run import McpServerConfig


def server_configs(servers: list[Any]) -> list[McpServerConfig]:
    configs = []
    for server in servers:
        if not isinstance(server, dict):
            raise InvalidInputError("each of `servers` must be an object")
        configs.append(
            McpServerConfig(name=required(server, "name", str), tools=required(server, "tools", list))
        )
    return configs


def mcp_tools_to_responses(version: str, servers: list[Any], model: str | None = None) -> dict[str, Any]:
    return {"tools": added_tools(version, server_configs(servers), model)}


OPS: dict[str, ReleaseOp] = {
    "mcp.tools_to_responses": lambda version, args: mcp_tools_to_responses(
        version, required(args, "servers", list), optional(args, "model", str, None)
    ),
}
