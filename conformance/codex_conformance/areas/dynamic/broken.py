"""Deliberately broken ports of the ``dynamic`` ops, each caught on its clause.

Each gets one rule of spec/dynamic.md wrong the way a port that reused its
MCP code (spec/mcp.md, spec/mcp_output.md) might; ``test_broken_adapters``
runs them through the real runner.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from codex_conformance.broken import BrokenAdapter, with_rules
from codex_reference.adapter import Handler, handle
from codex_reference.dynamic import DYNAMIC_0_169_0
from codex_reference.editions import V0_169_0, Edition
from codex_reference.schema import sanitizer

_NOT_ALLOWED = re.compile(r"[^a-zA-Z0-9_-]")


def _mcp_sanitized_names(request: Any) -> dict[str, Any]:
    """Names sanitized as MCP names are (bad characters to `_`), instead of refusing the thread."""
    if isinstance(request, dict) and request.get("op") == "dynamic.to_responses":
        request = copy.deepcopy(request)
        for spec in request["args"].get("tools", []):
            for tool in [spec, *spec.get("tools", [])] if isinstance(spec, dict) else []:
                if isinstance(tool.get("name"), str):
                    tool["name"] = _NOT_ALLOWED.sub("_", tool["name"]) or "_"
    return handle(request)


def _items(request: Any, response: dict[str, Any]) -> tuple[dict[str, Any], Any] | None:
    item = (response.get("result") or {}).get("item")
    if request.get("op") != "dynamic.call_output" or not isinstance(item, dict):
        return None
    return item, request["args"]["answer"].get("result")


def _success_false_as_failure(request: Any) -> dict[str, Any]:
    """success: false written as a failed request, as if it were an MCP isError."""
    response = handle(request)
    found = _items(request, response)
    if found is not None and isinstance(found[1], dict) and found[1].get("success") is False:
        found[0]["output"] = "dynamic tool request failed"
    return response


def _lone_text_as_array(request: Any) -> dict[str, Any]:
    """A single text item sent as a one-entry input_text array (MCP 0.169.0's shape)."""
    response = handle(request)
    found = _items(request, response)
    if found is not None and isinstance(found[0]["output"], str) and isinstance(found[1], dict):
        items = found[1].get("contentItems") or []
        if len(items) == 1 and items[0].get("type") == "inputText":
            found[0]["output"] = [{"type": "input_text", "text": found[0]["output"]}]
    return response


def _image_without_detail(request: Any) -> dict[str, Any]:
    """input_image entries without `detail`."""
    response = handle(request)
    found = _items(request, response)
    if found is not None and isinstance(found[0]["output"], list):
        for part in found[0]["output"]:
            part.pop("detail", None)
    return response


def _namespace_in_given_order(request: Any) -> dict[str, Any]:
    """Namespaced tools kept in the order given instead of sorted by name."""
    response = handle(request)
    tools = (response.get("result") or {}).get("tools")
    if request.get("op") != "dynamic.to_responses" or not isinstance(tools, list):
        return response
    given = {
        spec["name"]: [tool["name"] for tool in spec["tools"]]
        for spec in request["args"]["tools"]
        if isinstance(spec, dict) and spec.get("type") == "namespace"
    }
    for entry in tools:
        if entry["type"] == "namespace":
            # Built-in tools a namespace joined (DYN-BUILTIN-2) go after the given ones.
            order = given.get(entry["name"], [])
            entry["tools"].sort(
                key=lambda tool: order.index(tool["name"]) if tool["name"] in order else len(order)
            )
    return response


def _builtin_functions_only(version: str) -> list[Any]:
    tools = DYNAMIC_0_169_0.builtin_tools(version)
    return [tool for tool in tools if tool.get("type") != "namespace"]


def _mcp_schema(edition: Edition) -> Handler:
    """The MCP schema conversion, top-level `properties` step included."""
    return with_rules(edition, "dynamic", parse_schema=sanitizer.convert)


BROKEN: tuple[BrokenAdapter, ...] = (
    BrokenAdapter(
        name="mcp-sanitized-names",
        clause="DYN-NAME-1",
        why="a dotted or spaced name is sanitized to `_` as for MCP tools, instead of refusing the thread",
        handle=_mcp_sanitized_names,
    ),
    BrokenAdapter(
        name="mcp-schema-step",
        clause="DYN-SCHEMA-1",
        why="the input schema gets MCP's top-level `properties` step ({} becomes an object schema)",
        handle=_mcp_schema(V0_169_0),
    ),
    BrokenAdapter(
        name="builtin-names-kept",
        clause="DYN-BUILTIN-1",
        why="a function named like a built-in the release sends is added anyway",
        handle=with_rules(V0_169_0, "dynamic", builtin_tools=lambda version: []),
    ),
    BrokenAdapter(
        name="namespace-not-joined",
        clause="DYN-BUILTIN-2",
        why="a namespace named like a built-in one is sent as a namespace of its own",
        handle=with_rules(V0_169_0, "dynamic", builtin_tools=_builtin_functions_only),
    ),
    BrokenAdapter(
        name="responses-namespaces-allowed",
        clause="DYN-NAME-3",
        why="namespaces the Responses API reserves (functions, web, ...) are accepted",
        handle=with_rules(V0_169_0, "dynamic", reserved_namespaces=frozenset()),
    ),
    BrokenAdapter(
        name="namespace-in-given-order",
        clause="DYN-NS-1",
        why="a namespace's tools are sent in the order given, not sorted by name",
        handle=_namespace_in_given_order,
    ),
    BrokenAdapter(
        name="success-false-as-failure",
        clause="DYN-OUT-SUCCESS-1",
        why="success: false becomes `dynamic tool request failed`",
        handle=_success_false_as_failure,
    ),
    BrokenAdapter(
        name="lone-text-as-array",
        clause="DYN-OUT-CONTENT-1",
        why="one text item is sent as an input_text array, not a string",
        handle=_lone_text_as_array,
    ),
    BrokenAdapter(
        name="image-without-detail",
        clause="DYN-OUT-IMAGE-1",
        why="input_image entries lack `detail: high`",
        handle=_image_without_detail,
    ),
)
