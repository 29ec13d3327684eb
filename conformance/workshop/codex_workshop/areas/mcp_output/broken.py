"""Deliberately broken ports of ``mcp.call_output``, each caught on its clause.

Each changes one rule of one edition's ``McpOutputRules`` (or wraps the
reference's answer) the way a real port might get it wrong;
``test_broken_adapters`` runs them through the real runner.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any
from unittest import mock

from codex_reference.editions import V0_25_0, V0_94_0, V0_169_0
from codex_reference.mcp_output import (
    answer,
    content_items,
    json_text,
    text_or_items,
)
from codex_workshop.broken import area_adapters, measured_again, replaces, rewrites


def _token_pass_only(args: dict[str, Any], read: answer.Answer) -> Any:
    """0.169.0 large output cut once to 3000 tokens ('…4233 tokens truncated…', not '…8 tokens…')

    The output cut once, to the token budget, with no byte pass first.
    """
    with mock.patch.object(content_items, "_BUDGET_BYTES", 10**12):
        return content_items.output(args, read)


def _python_numbers(args: dict[str, Any], read: answer.Answer) -> Any:
    """0.25.0 structured numbers printed by Python (1e+22) instead of serde/ryu (1e22)

    Structured content printed by Python's json (1e+22, 1e-05).
    """
    if isinstance(read, answer.Result) and read.value.get("structuredContent") is not None:
        return json.dumps(json.loads(json.dumps(read.value["structuredContent"])), separators=(",", ":"))
    return json_text.output(args, read)


def _sorted_structured(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """Structured content written with sorted keys (serde_json without preserve_order)."""
    item = result["item"]
    if isinstance(item["output"], str):
        head, sep, body = item["output"].rpartition("Output:\n")
        with contextlib.suppress(ValueError):  # not structured content
            item["output"] = head + sep + json.dumps(json.loads(body), sort_keys=True, separators=(",", ":"))


def _declared_image_type(result: dict[str, Any], args: dict[str, Any]) -> None:
    """0.169.0 trusting the block's mimeType instead of the decoded data's type."""
    item = result["item"]
    if not isinstance(item["output"], list):
        return
    content = args["answer"].get("result", {}).get("content", [])
    blocks = [b for b in content if isinstance(b, dict) and b.get("type") == "image"]
    images = [part for part in item["output"] if part.get("type") == "input_image"]
    for block, part in zip(blocks, images, strict=False):
        part["image_url"] = f"data:{block['mimeType']};base64,{block['data']}"


def _unquoted_error_chain(args: dict[str, Any], read: answer.Answer) -> Any:
    """0.94.0 writes the failure as plain text, not as `err: ` and the quoted chain

    A failed call's error chain written as plain text, without `err: "…"`.
    """
    output = text_or_items.output(args, read)
    if isinstance(output, str) and output.startswith('err: "'):
        return json.loads(output.removeprefix("err: "))
    return output


def _config_order(result: dict[str, Any], args: dict[str, Any]) -> None:
    """Every server listed in config order, not by name."""
    item = result["item"]
    with contextlib.suppress(ValueError, AttributeError):  # not a listing's JSON
        payload = json.loads(item["output"])
        if "server" in payload:
            return
        field = "resources" if "resources" in payload else "resourceTemplates"
        rank = {server["name"]: index for index, server in enumerate(args["servers"])}
        payload[field].sort(key=lambda entry: rank[entry["server"]])
        item["output"] = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


def _first_page_only(result: dict[str, Any], args: dict[str, Any]) -> None:
    """Listing every server reads each server's first page only, and passes its nextCursor on."""
    item = result["item"]
    if not isinstance(item["output"], str) or not item["output"].startswith('{"resource'):
        return
    field = "resources" if args["tool"] == "list_mcp_resources" else "resourceTemplates"
    section = "list" if field == "resources" else "templates"
    entries: list[Any] = []
    cursor = None
    for server in sorted(args["servers"], key=lambda server: str(server["name"])):
        page = server.get("resources", {}).get(section, {}).get("", {}).get("result")
        if isinstance(page, dict):
            entries += [{"server": server["name"], **entry} for entry in page.get(field, [])]
            cursor = page.get("nextCursor", cursor)
    if cursor is None:
        return
    item["output"] = json.dumps(
        {field: entries, "nextCursor": cursor}, ensure_ascii=False, separators=(",", ":")
    )


def _own_wall_time(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """0.169.0's wall-time header with the time it measured, not the duration_seconds the args give."""
    item = result.get("item")
    if not isinstance(item, dict):
        return
    output = item.get("output")
    if isinstance(output, str):
        item["output"] = measured_again(output)
    elif isinstance(output, list) and output and isinstance(output[0], dict):
        first = output[0]
        if isinstance(first.get("text"), str):
            first["text"] = measured_again(first["text"])


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "own-wall-time": rewrites("MCPOUT-WALL-1", "mcp.call_output", _own_wall_time),
        "token-pass-only": replaces("MCPOUT-TRUNC-1", V0_169_0, "mcp_output", output=_token_pass_only),
        "python-number-forms": replaces("MCPOUT-NUMBER-1", V0_25_0, "mcp_output", output=_python_numbers),
        "sorted-structured-keys": rewrites("MCPOUT-STRUCT-1", "mcp.call_output", _sorted_structured),
        "declared-image-type": rewrites("MCPOUT-IMAGE-1", "mcp.call_output", _declared_image_type),
        "unquoted-error-chain-in-0.94.0": replaces(
            "MCPOUT-FAIL-1", V0_94_0, "mcp_output", output=_unquoted_error_chain
        ),
        "resources-in-config-order": rewrites("MCPOUT-RES-ALL-1", "mcp.resource_output", _config_order),
        "aggregate-first-page-only": rewrites("MCPOUT-RES-CURSOR-1", "mcp.resource_output", _first_page_only),
    },
)
