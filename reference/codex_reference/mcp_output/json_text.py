"""0.25.0: an MCP result written back as one JSON string.

The output is ``serde_json::to_string`` of ``structuredContent`` when it is
present and not null, else of the ``content`` array.  Content blocks are
mcp-types structs (fields in declaration order, which is alphabetical;
fields the struct lacks, ``_meta`` among them, are dropped); the structured
value is an untyped serde_json Value (key order kept, numbers re-printed
as u64/i64/f64).  The whole result is read first: a JSON-RPC error, or a
result that is no CallToolResult (no ``content``, an unknown block type),
gives a fixed text without its cause.  A message serde_json cannot parse
(a number past f64), a server that exits or never answers: the call never
completes and nothing is written back (MCPOUT-FAIL-1).
"""

from __future__ import annotations

from codex_reference.errors import ReferenceError_
from codex_reference.json_types import JSON
from codex_reference.mcp_output import answer as answers
from codex_reference.mcp_output import json_numbers


class NoOutput(ReferenceError_):
    kind = "no-output"


# Each block type's struct fields, in the order serde writes them.
_ANNOTATIONS = ("audience", "lastModified", "priority")
_BLOCK_FIELDS: dict[str, tuple[str, ...]] = {
    "text": ("annotations", "text", "type"),
    "image": ("annotations", "data", "mimeType", "type"),
    "audio": ("annotations", "data", "mimeType", "type"),
    "resource_link": ("annotations", "description", "mimeType", "name", "size", "title", "type", "uri"),
    "resource": ("annotations", "resource", "type"),
}
_TEXT_RESOURCE = ("mimeType", "text", "uri")
_BLOB_RESOURCE = ("blob", "mimeType", "uri")


class Unreadable(Exception):
    """serde cannot read the result into a CallToolResult."""


def _pick(value: JSON, fields: tuple[str, ...]) -> dict[str, JSON]:
    if not isinstance(value, dict):
        raise Unreadable("not an object")
    return {field: value[field] for field in fields if field in value and value[field] is not None}


def _block(block: JSON) -> dict[str, JSON]:
    kind = block.get("type") if isinstance(block, dict) else None
    fields = _BLOCK_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise Unreadable(f"content block type {kind!r}")
    out = _pick(block, fields)
    if "annotations" in out:
        out["annotations"] = _pick(out["annotations"], _ANNOTATIONS)
    if kind == "resource":
        resource = out.get("resource")
        shape = _TEXT_RESOURCE if isinstance(resource, dict) and "text" in resource else _BLOB_RESOURCE
        out["resource"] = _pick(resource, shape)
    return out


def content_blocks(content: list[JSON]) -> list[dict[str, JSON]]:
    """The blocks as the release's structs hold them (raises Unreadable)."""
    return [_block(block) for block in content]


def _output(result: dict[str, JSON]) -> str:
    content = result.get("content")
    if not isinstance(content, list):
        raise Unreadable("content")
    blocks = content_blocks(content)  # read even when structured content wins
    structured = result.get("structuredContent")
    if structured is not None:
        return json_numbers.dumps(structured, json_numbers.serde_f64)
    return json_numbers.dumps(blocks, json_numbers.serde_f64)


def output(args: dict[str, JSON], answer: answers.Answer) -> JSON:
    if isinstance(answer, answers.RpcError):
        return f"tool call error: tool call failed for `{args['server']}/{args['tool']}`"
    if isinstance(answer, answers.ServerExited | answers.NoAnswer):
        raise NoOutput("0.25.0 has no tool-call timeout: the call never completes")
    try:
        return _output(answer.value)
    except Unreadable:
        # The message parses but is no CallToolResult: the call fails like an RPC error.
        return f"tool call error: tool call failed for `{args['server']}/{args['tool']}`"
    except json_numbers.NumberOutOfRange as unreadable:
        # serde_json cannot parse the message at all, so no reply ever matches the call.
        raise NoOutput(f"0.25.0 cannot parse the message ({unreadable}): the call never completes") from None
