"""0.169.0: an MCP result written back as content items or one text, after a wall-time header.

Header: ``Wall time: {seconds:.4} seconds\\nOutput:``.  A result with
``structuredContent`` (not null) is one string: the header, a newline and
the value's JSON (key order and number texts kept).  Otherwise the output
is an array: the header as ``input_text``, then one item per content block
(text as ``input_text`` without its annotations; a decodable image as
``input_image`` with a data URL and ``detail: high``; other kinds as the
texts in ``_OMITTED`` or their own JSON).  A failed call is the header and
``tool call error: tool call failed for `server/tool``` with its cause.
Outputs over the model's budget are cut in the middle by a rule not
modelled yet (spec/mcp_output.md, MCPOUT-TRUNC-1): declined.
"""

from __future__ import annotations

from typing import Any

from codex_reference.errors import NotModelled
from codex_reference.mcp_output import answer as answers
from codex_reference.mcp_output import images, json_numbers

JSON = Any

_AUDIO_OMITTED = "<audio content omitted because you do not support audio input>"
_IMAGE_OMITTED = "image content omitted because it could not be processed"
# Output over this many bytes is truncated by the release (gpt-5's budget).
_BUDGET_BYTES = 10_000
# rmcp's struct order for the blocks written back as their own JSON.
_RESOURCE_LINK_FIELDS = ("type", "uri", "name", "title", "description", "mimeType", "size")
_RESOURCE_FIELDS = ("type", "resource")
_RESOURCE_CONTENTS_FIELDS = ("uri", "mimeType", "text", "blob")


class _Unreadable(Exception):
    """rmcp cannot read the result: "Unexpected response type"."""


def _text(text: str) -> dict[str, JSON]:
    return {"type": "input_text", "text": text}


def _ordered(value: JSON, fields: tuple[str, ...]) -> dict[str, JSON]:
    if not isinstance(value, dict) or set(value) - set(fields):
        raise NotModelled("resource fields beyond the captured ones are not modelled")
    return {field: value[field] for field in fields if field in value}


def _block(block: JSON) -> dict[str, JSON]:
    kind = block.get("type") if isinstance(block, dict) else None
    if kind == "text" and isinstance(block.get("text"), str):
        return _text(block["text"])
    if kind == "image" and isinstance(block.get("data"), str):
        try:
            return {"type": "input_image", "image_url": images.data_url(block["data"]), "detail": "high"}
        except images.Undecodable:
            return _text(_IMAGE_OMITTED)
    if kind == "audio":
        return _text(_AUDIO_OMITTED)
    if kind == "resource_link":
        return _text(json_numbers.dumps(_ordered(block, _RESOURCE_LINK_FIELDS), json_numbers.kept_text))
    if kind == "resource":
        out = _ordered(block, _RESOURCE_FIELDS)
        out["resource"] = _ordered(out.get("resource"), _RESOURCE_CONTENTS_FIELDS)
        return _text(json_numbers.dumps(out, json_numbers.kept_text))
    raise _Unreadable(kind)


def _duration(seconds: float) -> str:
    """Rust's Debug form of a Duration: ``2s``, ``1.5s``, ``250ms``."""
    if seconds >= 1:
        return f"{seconds:g}s"
    return f"{seconds * 1000:g}ms"


def _failure(args: dict[str, JSON], cause: str) -> str:
    return (
        f"tool call error: tool call failed for `{args['server']}/{args['tool']}`\n\nCaused by:\n    {cause}"
    )


def _cause(args: dict[str, JSON], answer: answers.Answer) -> str | None:
    if isinstance(answer, answers.RpcError):
        return f"Mcp error: {answer.code}: {answer.message}"
    if isinstance(answer, answers.ServerExited):
        return "Transport closed"
    if isinstance(answer, answers.NoAnswer):
        return f"timed out awaiting tools/call after {_duration(float(args['tool_timeout_sec']))}"
    return None


def _over_budget(texts: list[str]) -> None:
    if sum(len(text.encode("utf-8")) for text in texts) > _BUDGET_BYTES:
        raise NotModelled("0.169.0 truncates MCP output over its budget by a rule not modelled yet")


def output(args: dict[str, JSON], answer: answers.Answer) -> JSON:
    header = f"Wall time: {float(args.get('duration_seconds', 0.0)):.4f} seconds\nOutput:"
    cause = _cause(args, answer)
    if cause is not None:
        return [_text(header), _text(_failure(args, cause))]
    assert isinstance(answer, answers.Result)
    structured = answer.value.get("structuredContent")
    if structured is not None:
        body = json_numbers.dumps(structured, json_numbers.kept_text)
        _over_budget([body])
        return header + "\n" + body
    content = answer.value.get("content", [])
    try:
        if not isinstance(content, list):
            raise _Unreadable("content")
        items = [_block(block) for block in content]
    except _Unreadable:
        return [_text(header), _text(_failure(args, "Unexpected response type"))]
    _over_budget([item["text"] for item in items if item["type"] == "input_text"])
    return [_text(header), *items]
