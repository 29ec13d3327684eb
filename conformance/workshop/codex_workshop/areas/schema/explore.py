"""The explorer of ``schema.sanitize``: inputs from ``codex_conformance.areas.schema.inputs``.
One release run answers a whole batch of schemas (each the input schema of its own MCP tool).
"""

from __future__ import annotations

from codex_conformance.areas.schema.inputs import generate_args
from codex_workshop.areas.schema.release import function_tools
from codex_workshop.drive.added_tools import added_tools
from codex_workshop.drive.errors import ReleaseRejectedError
from codex_workshop.drive.exec_run import McpServerConfig
from codex_workshop.explorer import Args, Explorer, Response, args_as_scenario

__all__ = ["EXPLORERS"]


def _marker(index: int) -> str:
    return f"codex-conformance explored schema {index}"


def _batch(version: str, inputs: list[Args]) -> list[Response | None]:
    """One release run for the batch: each schema the input schema of its own tool of one server.

    A schema whose tool is missing while others came through was dropped on
    its own (``schema-rejected``).  When none came through, or the release
    crashed, the batch says nothing about any one schema: each is asked alone.
    """
    tools = [
        {"name": f"probe_{index}", "description": _marker(index), "inputSchema": args["schema"]}
        for index, args in enumerate(inputs)
    ]
    try:
        added = function_tools(added_tools(version, [McpServerConfig(name="probe", tools=tools)]))
    except ReleaseRejectedError:
        return [None] * len(inputs)
    by_marker = {tool.get("description"): tool for tool in added}
    if not by_marker:
        return [None] * len(inputs)
    return [
        {"result": {"schema": by_marker[_marker(index)]["parameters"]}}
        if _marker(index) in by_marker
        else {
            "error": {
                "kind": "schema-rejected",
                "message": f"release {version} drops an MCP tool with this input schema",
            }
        }
        for index in range(len(inputs))
    ]


EXPLORERS = (
    Explorer(
        op="schema.sanitize",
        generate=generate_args,
        scenario=args_as_scenario("schema"),
        clauses=("SCHEMA-EXPLORE-1",),
        batch=_batch,
        batch_size=40,
    ),
)
