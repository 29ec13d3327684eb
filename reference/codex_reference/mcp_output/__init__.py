"""``mcp.call_output`` and ``mcp.resource_output``: the output item a release
writes back for an MCP tool call, and for a call of its MCP resource tools.

Each edition's table (``codex_reference.editions``) names how the item is
shaped (``McpOutputRules``): whether it carries a made-up ``id`` and which
function turns the server's answer into its ``output``; the resource
tools' outputs follow ``McpResourceRules`` in the same item.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.mcp_output import answer, content_items, json_text, resource_output, text_or_items
from codex_reference.mcp_output.resource_rules import (
    MCP_RESOURCES_0_94_0,
    MCP_RESOURCES_0_169_0,
    MCP_RESOURCES_0_171_0,
    McpResourceRules,
)

_PLACEHOLDER_UUID = "00000000-0000-0000-0000-000000000000"

__all__ = [
    "MCP_OUTPUT_0_25_0",
    "MCP_OUTPUT_0_94_0",
    "MCP_OUTPUT_0_169_0",
    "MCP_RESOURCES_0_94_0",
    "MCP_RESOURCES_0_169_0",
    "MCP_RESOURCES_0_171_0",
    "McpOutputRules",
    "McpResourceRules",
    "call_output",
    "resource_call_output",
]


@dataclass(frozen=True)
class McpOutputRules:
    # The item gets an id of its own, "fco_<uuid>", right after `type`.
    item_id_prefix: str | None
    output: Callable[[dict[str, JSON], answer.Answer], JSON]


MCP_OUTPUT_0_25_0 = McpOutputRules(item_id_prefix=None, output=json_text.output)
MCP_OUTPUT_0_94_0 = McpOutputRules(item_id_prefix=None, output=text_or_items.output)
MCP_OUTPUT_0_169_0 = McpOutputRules(item_id_prefix="fco", output=content_items.output)


def call_output(rules: McpOutputRules, args: dict[str, JSON]) -> dict[str, JSON]:
    for key in ("server", "tool", "call_id"):
        if not isinstance(args.get(key), str):
            raise InvalidArgs(f"`{key}` must be a string")
    return _item(rules, args["call_id"], rules.output(args, answer.read(args.get("answer"))))


def resource_call_output(
    rules: McpOutputRules, resources: McpResourceRules | None, args: dict[str, JSON]
) -> dict[str, JSON]:
    call_id = args.get("call_id")
    if not isinstance(call_id, str):
        raise InvalidArgs("`call_id` must be a string")
    return _item(rules, call_id, resource_output.output(resources, args))


def _item(rules: McpOutputRules, call_id: str, output: JSON) -> dict[str, JSON]:
    item: dict[str, JSON] = {"type": "function_call_output"}
    if rules.item_id_prefix is not None:
        # The release makes the id up (a UUID, checked by form); a fixed one
        # keeps the answer the same from run to run, so an explorer can compare it.
        item["id"] = f"{rules.item_id_prefix}_{_PLACEHOLDER_UUID}"
    item["call_id"] = call_id
    item["output"] = output
    return {"item": item}
