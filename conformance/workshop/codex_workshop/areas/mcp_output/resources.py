"""Run one call of an MCP resource tool through a real release and read what it writes back.

``list_mcp_resources``, ``list_mcp_resource_templates`` and
``read_mcp_resource`` are the release's own functions, not a server's tools:
the scripted model calls them by their plain names with the case's
``arguments`` text, the release asks its configured servers, and the
follow-up request carries the output item.  Each server is a
``drive/fake_mcp_server.py`` with no tools and a resources file (the case's
``resources``: answers per cursor and per URI, and whether the server
advertises the capability at all).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from codex_workshop.areas.mcp_output.one_call import fake_server, run_one_call
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import follow_up_input
from codex_workshop.drive.errors import CaptureError, InvalidInputError

TOOLS = ("list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource")


def _servers_config(servers: list[Any]) -> Callable[[Path], dict[str, Any]]:
    for server in servers:
        if not isinstance(server, dict) or not isinstance(server.get("name"), str):
            raise InvalidInputError("each of `servers` must be an object with a string `name`")

    def configured(scratch: Path) -> dict[str, Any]:
        # No tools, and no calls to answer: only resources.
        return {
            server["name"]: fake_server(scratch, f"-{index}", [], {}, server.get("resources", {}))
            for index, server in enumerate(servers)
        }

    return configured


def resource_output(version: str, args: dict[str, Any]) -> dict[str, Any]:
    tool, arguments = required(args, "tool", str), required(args, "arguments", str)
    call_id, servers = required(args, "call_id", str), required(args, "servers", list)
    call = {"type": "function_call", "id": "fc_conformance_res", "name": tool, "arguments": arguments}
    call["call_id"] = call_id
    run = run_one_call(version, call, _servers_config(servers))
    for element in follow_up_input(run, version):
        item = json.loads(element)
        if item.get("type") == "function_call_output" and item.get("call_id") == call_id:
            return {"item": item}
    raise CaptureError(f"release {version} wrote back no output for the {tool} call")
