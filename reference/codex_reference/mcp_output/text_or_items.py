"""0.94.0: an MCP result written back as one JSON string, or as content items when it holds media.

A result with ``structuredContent`` (not null) is its JSON, and a result of
text and resource blocks the JSON of the ``content`` array, both as in
0.25.0 (``json_text``).  A result holding an image or audio block becomes
an array of items instead: text as ``input_text``, image and audio alike as
``input_image`` with a ``data:{mimeType};base64,{data}`` URL, the data
passed on unchecked.  A result with neither content nor structured content,
or with a block of an unknown type, is no result the release can read.
A JSON text over 12,000 bytes is cut in the middle as 0.169.0 cuts its
first budget (``…N chars truncated…``; captured: large-text), with no second,
token budget.

A failed call is ``err: `` and the Rust debug form of the error chain:
``tool call error: tool call failed for `server/tool``` and, after
``Caused by:``, the cause (two causes are numbered ``0:`` and ``1:``).
"""

from __future__ import annotations

from codex_reference.args import seconds
from codex_reference.errors import NotModelled
from codex_reference.exec_output import unified
from codex_reference.json_types import JSON
from codex_reference.mcp_output import answer as answers
from codex_reference.mcp_output import json_numbers, json_text, typed
from codex_reference.mcp_output.content_items import cut_to_bytes, duration, indented
from codex_reference.rustlib.strings import debug_str

_MEDIA = frozenset({"image", "audio"})
_BUDGET_BYTES = 12_000


class _Unreadable(Exception):
    """rmcp cannot read the result: "Unexpected response type"."""


def _failure(args: dict[str, JSON], causes: list[str]) -> str:
    head = f"tool call error: tool call failed for `{args['server']}/{args['tool']}`\n\nCaused by:\n"
    if len(causes) == 1:
        chain = f"    {indented(causes[0])}"
    else:
        chain = "\n".join(f"    {index}: {cause}" for index, cause in enumerate(causes))
    return "err: " + debug_str(head + chain)


def _causes(args: dict[str, JSON], answer: answers.Answer) -> list[str] | None:
    answer = answers.with_codes(answer, answers.RMCP_CODES)
    if isinstance(answer, answers.RpcError):
        return [f"tools/call failed: Mcp error: {answer.code}: {answer.message}"]
    if isinstance(answer, answers.ServerExited | answers.GarbledError):
        # rmcp cannot decode the error and closes the transport (captured: rpc-error-string-code).
        return ["tools/call failed: Transport closed"]
    if isinstance(answer, answers.NoAnswer):
        timeout = duration(seconds(args, "tool_timeout_sec"))
        return [f"timed out awaiting tools/call after {timeout}", "deadline has elapsed"]
    return None


def _media_item(block: dict[str, JSON]) -> dict[str, JSON]:
    kind = block.get("type")
    if kind == "text" and isinstance(block.get("text"), str):
        return {"type": "input_text", "text": block["text"]}
    if kind in _MEDIA and isinstance(block.get("data"), str) and isinstance(block.get("mimeType"), str):
        return {"type": "input_image", "image_url": f"data:{block['mimeType']};base64,{block['data']}"}
    raise NotModelled(f"a {kind!r} block beside an image: not captured yet")


def _output(result: dict[str, JSON]) -> JSON:
    blocks = json_text.content_blocks(typed.TYPES_0_94_0, result)  # read even when structured content wins
    content = result.get("content")
    structured = result.get("structuredContent")
    if not blocks and structured is None:
        raise _Unreadable("no content")
    if structured is None and any(block.get("type") in _MEDIA for block in blocks):
        media = content if isinstance(content, list) else []
        # The items' texts share the 12,000-byte budget (found by exploring, capture media-large-text).
        return cut_to_bytes([_media_item(block) for block in media if isinstance(block, dict)])
    value = structured if structured is not None else blocks
    text = json_numbers.dumps(value, json_numbers.serde_f64)
    if len(text.encode("utf-8")) <= _BUDGET_BYTES:
        return text
    return unified.truncate_middle(text, "bytes", _BUDGET_BYTES, unified.TRUNCATION_0_169_0)


def output(args: dict[str, JSON], answer: answers.Answer) -> JSON:
    causes = _causes(args, answer)
    if causes is not None:
        return _failure(args, causes)
    assert isinstance(answer, answers.Result)
    try:
        return _output(answer.value)
    except (_Unreadable, json_text.Unreadable):
        return _failure(args, ["tools/call failed: Unexpected response type"])
    except json_numbers.NumberOutOfRange:
        # rmcp cannot parse the message and closes the transport.
        return _failure(args, ["tools/call failed: Transport closed"])
