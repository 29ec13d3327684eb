"""How each edition writes back its MCP resource tools' outputs (``mcp.resource_output``).

The two editions run the same handler (spec/mcp_output.md, MCPOUT-RES-*);
they differ in the structs a server's answer is decoded into (0.94.0's
fields in alphabetical order and no ``_meta``; 0.169.0's in MCP's order,
``_meta`` kept), how serde reads the arguments' numbers, the texts of a failed
call, and whether the tools are offered with no server configured.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from codex_reference.mcp_output import json_numbers, resource_args, resource_payload
from codex_reference.mcp_output.resource_args import Struct

__all__ = ["MCP_RESOURCES_0_94_0", "MCP_RESOURCES_0_169_0", "MCP_RESOURCES_0_171_0", "McpResourceRules"]


@dataclass(frozen=True)
class McpResourceRules:
    # The fields written back, in the order the release's structs write them.
    resource_keys: tuple[str, ...]
    template_keys: tuple[str, ...]
    text_content_keys: tuple[str, ...]
    blob_content_keys: tuple[str, ...]
    # The read result's own `_meta`, written after `contents`.
    read_meta: bool
    # serde_json built with `arbitrary_precision` reads the arguments (0.169.0):
    # a mistyped number is named `number` and none is out of range
    # (resource_args.parse).
    arbitrary_precision: bool
    # Texts, formatted with method, server, suffix (" (uri)" for a read) and cause.
    unknown_server: str
    failure: str
    # Whether the tools exist when no MCP server is configured (else "unsupported call").
    offered_without_servers: bool
    # An annotation's priority as written back: 0.94.0 reads an f32 and writes
    # it widened; 0.169.0 keeps the number's text (exponent as `e+`/`e-`, `.0`
    # after a whole number).
    priority_text: Callable[[json_numbers.Number], str]
    # A resource's `size`: the largest the struct's integer takes (0.94.0 a u32,
    # 0.169.0 a u64; captured: list-size-past-u32, list-size-past-u64); past it
    # the answer does not decode.
    size_max: int
    # The structs the arguments are read into (MCPOUT-RES-ARGS-1): the list tools' and the read's.
    list_args: Struct = resource_args.LIST_ARGS
    templates_args: Struct = resource_args.LIST_ARGS
    read_args: Struct = resource_args.READ_ARGS


MCP_RESOURCES_0_94_0 = McpResourceRules(
    resource_keys=("annotations", "description", "mimeType", "name", "size", "title", "uri"),
    template_keys=("annotations", "description", "mimeType", "name", "title", "uriTemplate"),
    text_content_keys=("mimeType", "text", "uri"),
    blob_content_keys=("blob", "mimeType", "uri"),
    read_meta=False,
    arbitrary_precision=False,
    unknown_server="{method} failed: unknown MCP server '{server}'",
    failure="{method} failed: {method} failed for `{server}`{suffix}: {method} failed: {cause}",
    offered_without_servers=True,
    priority_text=resource_payload.priority_as_f32,
    size_max=2**32 - 1,
)

MCP_RESOURCES_0_169_0 = McpResourceRules(
    resource_keys=("uri", "name", "title", "description", "mimeType", "size", "_meta", "annotations"),
    template_keys=("uriTemplate", "name", "title", "description", "mimeType", "_meta", "annotations"),
    text_content_keys=("uri", "mimeType", "text", "_meta"),
    blob_content_keys=("uri", "mimeType", "blob", "_meta"),
    read_meta=True,
    arbitrary_precision=True,
    unknown_server="unknown MCP server '{server}'",
    failure="{method} failed: {method} failed for `{server}`{suffix}: {cause}",
    offered_without_servers=False,
    priority_text=resource_payload.priority_as_written,
    size_max=2**64 - 1,
)

# 0.171.0: 0.169.0's rules; an unknown server is named "for the selected
# environment" (MCPOUT-RES-SERVER-1; captured: list-unknown-server,
# templates-unknown-server, read-unknown-server), and the argument structs
# have a third field (MCPOUT-RES-ARGS-1, resource_args).
MCP_RESOURCES_0_171_0 = replace(
    MCP_RESOURCES_0_169_0,
    unknown_server="unknown MCP server '{server}' for the selected environment",
    list_args=resource_args.LIST_ARGS_WITH_A_THIRD_FIELD,
    templates_args=resource_args.TEMPLATES_ARGS_WITH_A_THIRD_FIELD,
    read_args=resource_args.READ_ARGS_WITH_A_THIRD_FIELD,
)
