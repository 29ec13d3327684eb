"""The ops a real release can answer by being run, in one place.

The capture command writes goldens from these functions and the
``release:<version>`` adapter answers the conformance suite with them, so a
release certified against its own captures checks the harness end to end.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_conformance.capture.apply_patch_tool import VariantRejectedError, apply_patch_tool
from codex_conformance.capture.exec_run import McpServerConfig, ReleaseCrashedError
from codex_conformance.capture.mcp_tools import tools_added_by_servers
from codex_conformance.release.apply_patch_run import run_apply_patch


class ReleaseRejectedError(Exception):
    """The release refused the input; becomes an ``error`` response."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


# A description no real tool has, so the probe tool can be found in the
# output whatever name the edition gives it.
_SCHEMA_PROBE_MARKER = "codex-conformance schema probe"


def mcp_tools_to_responses(version: str, servers: list[dict[str, Any]]) -> dict[str, Any]:
    configs = [McpServerConfig(name=server["name"], tools=list(server["tools"])) for server in servers]
    try:
        return {"tools": tools_added_by_servers(version, configs)}
    except ReleaseCrashedError as crash:
        raise ReleaseRejectedError("release-crash", crash.panic) from crash


def _function_tools(entries: list[Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for entry in entries:
        if isinstance(entry, dict):
            if entry.get("type") == "function":
                found.append(entry)
            found.extend(_function_tools(entry.get("tools", [])))
    return found


def schema_sanitize(version: str, schema: Any) -> dict[str, Any]:
    probe = {"name": "probe_tool", "description": _SCHEMA_PROBE_MARKER, "inputSchema": schema}
    try:
        added = tools_added_by_servers(version, [McpServerConfig(name="probe", tools=[probe])])
    except ReleaseCrashedError as crash:
        raise ReleaseRejectedError("release-crash", crash.panic) from crash
    for tool in _function_tools(added):
        if tool.get("description") == _SCHEMA_PROBE_MARKER:
            return {"schema": tool["parameters"]}
    raise ReleaseRejectedError(
        "schema-rejected", f"release {version} drops an MCP tool with this input schema"
    )


def apply_patch_apply(version: str, args: dict[str, Any]) -> dict[str, Any]:
    return run_apply_patch(
        version, args["patch"], dict(args.get("files") or {}), args.get("cwd", "/workspace")
    )


def tools_apply_patch_spec(version: str, variant: str, root: Path | None = None) -> dict[str, Any]:
    # ``root``: the fixtures directory whose tools/_scenarios.json says how to
    # ask this release for the variant (default: the kit's own).
    try:
        return {"tool": apply_patch_tool(version, variant, root)}
    except VariantRejectedError as rejected:
        raise ReleaseRejectedError("no-such-variant", rejected.message) from rejected
