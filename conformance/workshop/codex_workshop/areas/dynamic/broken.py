"""Deliberately broken ports of the ``dynamic`` ops, each caught on its clause.

Each gets one rule of spec/dynamic.md wrong the way a port that reused its
MCP code (spec/mcp.md, spec/mcp_output.md) might; ``test_broken_adapters``
runs them through the real runner.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from codex_reference.adapter import Handler, handle
from codex_reference.dynamic import DYNAMIC_0_169_0
from codex_reference.editions import V0_94_0, V0_169_0, Edition
from codex_reference.schema import sanitizer
from codex_reference.tools import catalog
from codex_workshop.broken import area_adapters, replaces, rewrites, with_rules

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


def _answered(args: dict[str, Any]) -> Any:
    return (args.get("answer") or {}).get("result")


def _success_false_as_failure(result: dict[str, Any], args: dict[str, Any]) -> None:
    """success: false written as a failed request, as if it were an MCP isError."""
    answered = _answered(args)
    if isinstance(answered, dict) and answered.get("success") is False:
        result["item"]["output"] = "dynamic tool request failed"


def _lone_text_as_array(result: dict[str, Any], args: dict[str, Any]) -> None:
    """A single text item sent as a one-entry input_text array (MCP 0.169.0's shape)."""
    item, answered = result["item"], _answered(args)
    if isinstance(item["output"], str) and isinstance(answered, dict):
        items = answered.get("contentItems") or []
        if len(items) == 1 and items[0].get("type") == "inputText":
            item["output"] = [{"type": "input_text", "text": item["output"]}]


def _image_without_detail(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """input_image entries without `detail`."""
    if isinstance(result["item"]["output"], list):
        for part in result["item"]["output"]:
            part.pop("detail", None)


def _namespace_in_given_order(result: dict[str, Any], args: dict[str, Any]) -> None:
    """Namespaced tools kept in the order given instead of sorted by name."""
    given = {
        spec["name"]: [tool["name"] for tool in spec["tools"]]
        for spec in args["tools"]
        if isinstance(spec, dict) and spec.get("type") == "namespace"
    }
    for entry in result["tools"]:
        if entry["type"] == "namespace":
            # Built-in tools a namespace joined (DYN-BUILTIN-2) go after the given ones.
            order = given.get(entry["name"], [])
            entry["tools"].sort(
                key=lambda tool: order.index(tool["name"]) if tool["name"] in order else len(order)
            )


def _builtin_functions_only(version: str) -> list[Any]:
    """a namespace named like a built-in one is sent as a namespace of its own"""
    tools = DYNAMIC_0_169_0.builtin_tools(version)
    return [tool for tool in tools if tool.get("type") != "namespace"]


def _gpt5_tools_early(version: str) -> list[Any]:
    """0.94.0 leaves out a function named like a tool the release sends, as 0.169.0 does"""
    return list(catalog.build(catalog.CATALOG_0_94_0, version, {"model": "gpt-5"})["tools"])


def _whole(text: str) -> str:
    """0.94.0's text output written whole whatever its size"""
    return text


def _mcp_schema(edition: Edition) -> Handler:
    """The MCP schema conversion, top-level `properties` step included."""
    return with_rules(edition, "dynamic", parse_schema=sanitizer.convert)


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "mcp-sanitized-names": (
            "DYN-NAME-1",
            "a dotted or spaced name is sanitized to `_` as for MCP tools, instead of refusing the thread",
            _mcp_sanitized_names,
        ),
        "mcp-schema-step": (
            "DYN-SCHEMA-1",
            "the input schema gets MCP's top-level `properties` step ({} becomes an object schema)",
            _mcp_schema(V0_169_0),
        ),
        "builtin-names-kept": (
            "DYN-BUILTIN-1",
            "a function named like a built-in the release sends is added anyway",
            with_rules(V0_169_0, "dynamic", builtin_tools=lambda version: []),
        ),
        "namespace-not-joined": replaces(
            "DYN-BUILTIN-2", V0_169_0, "dynamic", builtin_tools=_builtin_functions_only
        ),
        "namespace-in-given-order": rewrites("DYN-NS-1", "dynamic.to_responses", _namespace_in_given_order),
        "success-false-as-failure": rewrites(
            "DYN-OUT-SUCCESS-1", "dynamic.call_output", _success_false_as_failure
        ),
        "lone-text-as-array": rewrites("DYN-OUT-CONTENT-1", "dynamic.call_output", _lone_text_as_array),
        "image-without-detail": rewrites("DYN-OUT-IMAGE-1", "dynamic.call_output", _image_without_detail),
        # Ports of 0.94.0 written from the later protocol.
        "builtins-win-early": replaces("DYN-BUILTIN-3", V0_94_0, "dynamic", builtin_tools=_gpt5_tools_early),
        "output-never-cut": replaces("DYN-OUT-TRUNC-1", V0_94_0, "dynamic", cut_text=_whole),
    },
)
