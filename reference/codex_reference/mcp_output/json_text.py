"""0.25.0: an MCP result written back as one JSON string.

The output is ``serde_json::to_string`` of ``structuredContent`` when it is
present and not null, else of the ``content`` array.  Content blocks are
mcp-types structs (fields in declaration order, which is alphabetical;
fields the struct lacks, ``_meta`` among them, are dropped); the structured
value is an untyped serde_json Value (key order kept, numbers re-printed
as u64/i64/f64).  The whole result is read first: a JSON-RPC error, or a
result that is no CallToolResult (no ``content``, an unknown block type),
gives a fixed text without its cause.  A message serde_json cannot parse
(a number past f64) or read (an error without an i64 code or a string
message), a server that exits or never answers: the call never completes
and nothing is written back (MCPOUT-FAIL-1).
"""

from __future__ import annotations

from codex_reference.errors import ReferenceError_
from codex_reference.json_types import JSON
from codex_reference.mcp_output import answer as answers
from codex_reference.mcp_output import json_numbers, typed


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


Unreadable = typed.Unreadable


def _pick(value: JSON, fields: tuple[str, ...]) -> dict[str, JSON]:
    # typed.check ran first: a block, its annotations and a resource's contents are objects here.
    assert isinstance(value, dict)
    return {field: value[field] for field in fields if field in value and value[field] is not None}


def _block(types: typed.ResultTypes, kind: str, block: JSON) -> dict[str, JSON]:
    # The struct the block was read as (typed.block_kind) writes its own fields;
    # `type` is written as the server sent it.
    out = _pick(block, _BLOCK_FIELDS[kind])
    if "annotations" in out:
        out["annotations"] = _pick(out["annotations"], _ANNOTATIONS)
        annotations = out["annotations"]
        if isinstance(annotations.get("priority"), json_numbers.Number):
            written = typed.priority(types, annotations["priority"])
            if written is None:
                del annotations["priority"]
            else:
                annotations["priority"] = written
        if isinstance(annotations.get("lastModified"), str):
            annotations["lastModified"] = typed.last_modified(types, annotations["lastModified"])
    if kind == "resource":
        resource = out.get("resource")
        shape = _TEXT_RESOURCE if isinstance(resource, dict) and "text" in resource else _BLOB_RESOURCE
        out["resource"] = _pick(resource, shape)
    return out


def content_blocks(types: typed.ResultTypes, result: dict[str, JSON]) -> list[dict[str, JSON]]:
    """The result's blocks as the release's structs hold them (raises Unreadable)."""
    kinds = typed.check(types, result)
    content = result.get("content")
    blocks = content if isinstance(content, list) else []
    return [_block(types, kind, block) for kind, block in zip(kinds, blocks, strict=True)]


def _output(result: dict[str, JSON]) -> str:
    blocks = content_blocks(typed.TYPES_0_25_0, result)  # read even when structured content wins
    structured = result.get("structuredContent")
    if structured is not None:
        return json_numbers.dumps(structured, json_numbers.serde_f64)
    return json_numbers.dumps(blocks, json_numbers.serde_f64)


def output(args: dict[str, JSON], answer: answers.Answer) -> JSON:
    answer = answers.with_codes(answer, answers.MCP_TYPES_CODES)
    if isinstance(answer, answers.RpcError):
        return f"tool call error: tool call failed for `{args['server']}/{args['tool']}`"
    if isinstance(answer, answers.ServerExited | answers.NoAnswer | answers.GarbledError):
        # The garbled error matches no call either (captured: rpc-error-string-code).
        raise NoOutput("0.25.0 has no tool-call timeout: the call never completes")
    try:
        return _output(answer.value)
    except Unreadable:
        # The message parses but is no CallToolResult: the call fails like an RPC error.
        return f"tool call error: tool call failed for `{args['server']}/{args['tool']}`"
    except json_numbers.NumberOutOfRange as unreadable:
        # serde_json cannot parse the message at all, so no reply ever matches the call.
        raise NoOutput(f"0.25.0 cannot parse the message ({unreadable}): the call never completes") from None
