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
import sys
import tempfile
from pathlib import Path
from typing import Any

from codex_conformance.drive import sandbox
from codex_conformance.drive.args import required
from codex_conformance.drive.cache import release_binary
from codex_conformance.drive.conversation_run import MODEL, PROMPT, follow_up_input
from codex_conformance.drive.errors import CaptureError, InvalidInputError
from codex_conformance.drive.exec_run import FAKE_MCP_SERVER, run_exec
from codex_conformance.drive.mock_responses_server import simple_reply_stream, turn_stream

TOOLS = ("list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource")


def _servers_config(scratch: Path, servers: list[Any]) -> dict[str, Any]:
    configured: dict[str, Any] = {}
    for index, server in enumerate(servers):
        if not isinstance(server, dict) or not isinstance(server.get("name"), str):
            raise InvalidInputError("each of `servers` must be an object with a string `name`")
        tools_file, resources_file = scratch / f"tools-{index}.json", scratch / f"resources-{index}.json"
        tools_file.write_text("[]", encoding="utf-8")
        resources_file.write_text(
            json.dumps(server.get("resources", {}), ensure_ascii=False), encoding="utf-8"
        )
        # An empty calls file: the server has no tools to call.
        calls_file = scratch / f"calls-{index}.json"
        calls_file.write_text("{}", encoding="utf-8")
        configured[server["name"]] = {
            "command": sys.executable,
            "args": [str(FAKE_MCP_SERVER), str(tools_file), str(calls_file), str(resources_file)],
        }
    return {"mcp_servers": configured}


def resource_output(version: str, args: dict[str, Any]) -> dict[str, Any]:
    tool, arguments = required(args, "tool", str), required(args, "arguments", str)
    call_id, servers = required(args, "call_id", str), required(args, "servers", list)
    call = {"type": "function_call", "id": "fc_conformance_res", "name": tool, "arguments": arguments}
    call["call_id"] = call_id
    with tempfile.TemporaryDirectory(prefix="codex-conformance-mcpres-") as scratch:
        extra = {**sandbox.unattended_permissions(), **_servers_config(Path(scratch), servers)}
        run = run_exec(
            release_binary(version),
            model=MODEL,
            servers=[],
            prompt=PROMPT,
            streams=[turn_stream([call]), simple_reply_stream(response_id="resp_2")],
            extra=extra,
            shared=[Path(scratch)],
        )
    for element in follow_up_input(run, version):
        item = json.loads(element)
        if item.get("type") == "function_call_output" and item.get("call_id") == call_id:
            return {"item": item}
    raise CaptureError(f"release {version} wrote back no output for the {tool} call")
