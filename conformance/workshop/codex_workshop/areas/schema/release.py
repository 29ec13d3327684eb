"""``schema.sanitize`` answered by a release: the parameters it sends for an MCP tool with this schema."""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.added_tools import added_tools
from codex_workshop.drive.errors import InvalidInputError, ReleaseRejectedError
from codex_workshop.drive.exec_run import McpServerConfig

# A description no real tool has, so the probe tool can be found in the
# output whatever name the edition gives it.
_SCHEMA_PROBE_MARKER = "codex-conformance schema probe"


def function_tools(entries: list[Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for entry in entries:
        if isinstance(entry, dict):
            if entry.get("type") == "function":
                found.append(entry)
            found.extend(function_tools(entry.get("tools", [])))
    return found


def schema_sanitize(version: str, schema: Any) -> dict[str, Any]:
    probe = {"name": "probe_tool", "description": _SCHEMA_PROBE_MARKER, "inputSchema": schema}
    added = added_tools(version, [McpServerConfig(name="probe", tools=[probe])])
    for tool in function_tools(added):
        if tool.get("description") == _SCHEMA_PROBE_MARKER:
            return {"schema": tool["parameters"]}
    raise ReleaseRejectedError(
        "schema-rejected", f"release {version} drops an MCP tool with this input schema"
    )


def sanitize_op(version: str, args: dict[str, Any]) -> dict[str, Any]:
    if "schema" not in args:
        raise InvalidInputError("missing arg `schema`")
    return schema_sanitize(version, args["schema"])


OPS: dict[str, ReleaseOp] = {"schema.sanitize": sanitize_op}
