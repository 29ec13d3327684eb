"""Tools a release adds whenever at least one MCP server is configured.

Texts are facts observed in the request bodies of 0.169.0 (captured with
``codex-conformance capture mcp --edition 0.169.0``); they are the release's
strings and are reproduced byte for byte.
"""

from __future__ import annotations

from typing import Any


def _string_param(description: str) -> dict[str, Any]:
    return {"type": "string", "description": description}


def _function(name: str, description: str, parameters: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "function",
        "name": name,
        "description": description,
        "strict": False,
        "parameters": parameters,
    }


RESOURCE_TOOLS_0_169_0: tuple[dict[str, Any], ...] = (
    _function(
        "list_mcp_resources",
        "Lists resources provided by MCP servers. Resources allow servers to share data that provides "
        "context to language models, such as files, database schemas, or application-specific "
        "information. Prefer resources over web search when possible.",
        {
            "type": "object",
            "properties": {
                "cursor": _string_param(
                    "Opaque cursor from a previous list_mcp_resources call; omit for the first page."
                ),
                "server": _string_param(
                    "MCP server name. Omit to list resources from every configured server."
                ),
            },
            "additionalProperties": False,
        },
    ),
    _function(
        "list_mcp_resource_templates",
        "Lists resource templates provided by MCP servers. Parameterized resource templates allow "
        "servers to share data that takes parameters and provides context to language models, such "
        "as files, database schemas, or application-specific information. Prefer resource templates "
        "over web search when possible.",
        {
            "type": "object",
            "properties": {
                "cursor": _string_param(
                    "Opaque cursor from a previous list_mcp_resource_templates call; omit for the first page."
                ),
                "server": _string_param(
                    "MCP server name. Omit to list resource templates from every configured server."
                ),
            },
            "additionalProperties": False,
        },
    ),
    _function(
        "read_mcp_resource",
        "Read a specific resource from an MCP server given the server name and resource URI.",
        {
            "type": "object",
            "properties": {
                "server": _string_param(
                    "MCP server name exactly as configured. Must match the 'server' field returned by "
                    "list_mcp_resources."
                ),
                "uri": _string_param(
                    "Resource URI to read. Must be one of the URIs returned by list_mcp_resources."
                ),
            },
            "required": ["server", "uri"],
            "additionalProperties": False,
        },
    ),
)
