"""Items shaped like what the field hands Codex back, drawn from the Responses API's own typed models.

Every member of the ``openai`` package's ``ResponseOutputItem`` union is an
item type this strategy sends (in a ``response.output_item.done``, which is
where a gateway hands an item back), each with its fields present, missing,
``null``, empty or of another type (``areas/typed_values.py``).

Beside the models, the shapes field reports name (issue #33, and the issue
trackers of gateways and proxies searched for Codex rejecting or mangling
items):

- a call whose ``name`` is empty, or without its ``call_id`` (cc-switch#3893,
  CodexPlusPlus#614: a gateway rebuilding ``output_item.done`` from Chat);
- a call's ``namespace``: the call's own name, ``functions``, an MCP server's
  name, ``null``, a number (openai/codex#31746, sub2api#4888);
- arguments or input that are no string (issue #33);
- a reasoning item with ``content: null`` beside its encrypted content
  (experiential#677), or with a ``status`` (codex-proxy-rs#194, #201);
- a message id of hundreds of characters (hermes-agent#62225);
- an ``additional_tools`` item (chatgpt-codex-proxy#9), an
  ``item_reference`` (CLIProxyAPI#999);
- a call output without a ``call_id`` or with a ``null`` one (cc-switch#6995);
- ``tool_search_call`` and ``tool_search_output`` items (cindy#746);
- a message with its ``status`` and its parts' ``logprobs`` (third-party
  Responses servers), reasoning parts with ``text`` before ``type`` (gateways
  that rebuild reasoning).

Nothing here knows what Codex does with an item: that is what exploring it finds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from openai.types.responses import ResponseOutputItem

from codex_conformance.generators import Draw
from codex_workshop.areas.typed_values import TEXTS, damaged, is_missing, literal_type, members, object_of

__all__ = ["ITEM_MODELS", "field_item", "item_types", "reported_item", "with_one_field_damaged"]

ITEM_MODELS: tuple[Any, ...] = members(ResponseOutputItem)
NAMES = ("exec_command", "shell", "no_such_tool", "", "mcp__srv__echo")
NAMESPACES: tuple[Any, ...] = ("functions", "mcp__srv", "exec_command", "", None, 1, {"name": "srv"})


def _call(draw: Draw) -> dict[str, Any]:
    name = draw.choice(NAMES)
    item: dict[str, Any] = {"type": "function_call", "name": name, "arguments": '{"cmd":"true"}'}
    if draw.integer(0, 3):
        item["call_id"] = draw.choice(["call_1", "", "call_\u00e9"])
    if draw.boolean():
        item["id"] = draw.choice(["fc_1", ""])
    if draw.integer(0, 2) == 0:
        item["namespace"] = draw.choice(NAMESPACES)
    if draw.integer(0, 3) == 0:
        item["arguments"] = draw.choice([{"cmd": "true"}, None, "", 1, ["x"]])
    if draw.integer(0, 2) == 0:
        item["status"] = draw.choice(["completed", "in_progress", "incomplete", None, 1])
    return item


def _custom_call(draw: Draw) -> dict[str, Any]:
    item: dict[str, Any] = {"type": "custom_tool_call", "call_id": "call_2", "name": draw.choice(NAMES)}
    item["input"] = draw.choice(["*** Begin Patch\n*** End Patch", "", {"patch": "x"}, None])
    if draw.boolean():
        item["namespace"] = draw.choice(NAMESPACES)
    if draw.boolean():
        item["status"] = draw.choice(["completed", None])
    return item


def _reasoning(draw: Draw) -> dict[str, Any]:
    summary_part: dict[str, Any] = {"type": "summary_text", "text": draw.choice(TEXTS)}
    if draw.boolean():  # text before type, as gateways that rebuild reasoning write it
        summary_part = {"text": summary_part["text"], "type": "summary_text"}
    item: dict[str, Any] = {"type": "reasoning", "id": draw.choice(["rs_1", "", None])}
    item["summary"] = draw.choice([[], [summary_part], None])
    item["content"] = draw.choice([None, [], [{"type": "reasoning_text", "text": "step"}]])
    if draw.boolean():
        item["encrypted_content"] = draw.choice(["gAAAA-opaque", None, ""])
    if draw.boolean():
        item["status"] = draw.choice(["completed", None, "in_progress"])
    return item


def _message(draw: Draw) -> dict[str, Any]:
    logprobs = draw.choice(
        [[], None, [{"token": "ok", "bytes": [111, 107], "logprob": -0.5, "top_logprobs": []}]]
    )
    part: dict[str, Any] = {"type": "output_text", "text": draw.choice(TEXTS), "annotations": []}
    if draw.boolean():
        part["logprobs"] = logprobs
    item: dict[str, Any] = {"type": "message", "role": draw.choice(["assistant", "user", "developer"])}
    item["id"] = draw.choice(["msg_1", "msg_" + "A" * 400, "", None])
    item["content"] = [part]
    if draw.boolean():
        item["status"] = draw.choice(["completed", "in_progress", "incomplete", None])
    if draw.integer(0, 3) == 0:
        item["phase"] = draw.choice(["commentary", "final_answer", None])
    return item


def _output(draw: Draw) -> dict[str, Any]:
    kind = draw.choice(["function_call_output", "custom_tool_call_output"])
    item: dict[str, Any] = {
        "type": kind,
        "output": draw.choice(["done", "", [{"type": "input_text", "text": "t"}]]),
    }
    call_id = draw.choice(["call_9", None, "", "missing"])
    if call_id != "missing":
        item["call_id"] = call_id
    return item


def _tool_search(draw: Draw) -> dict[str, Any]:
    if draw.boolean():
        item: dict[str, Any] = {"type": "tool_search_call", "execution": draw.choice(["client", "server"])}
        item["arguments"] = draw.choice([{"query": "echo"}, "echo", None, []])
    else:
        item = {"type": "tool_search_output", "execution": "client", "status": "completed", "tools": []}
    if draw.boolean():
        item["call_id"] = draw.choice(["call_3", None])
    if draw.boolean():
        item["id"] = draw.choice(["tsc_1", "", None])
    return item


def _other(draw: Draw) -> dict[str, Any]:
    return draw.choice(
        [
            {
                "type": "additional_tools",
                "role": "developer",
                "id": "at_1",
                "tools": [{"type": "namespace", "name": "collaboration", "tools": []}],
            },
            {"type": "item_reference", "id": "rs_1"},
            {
                "type": "web_search_call",
                "id": draw.choice(["ws_1", ""]),
                "status": "completed",
                "action": {"type": "search", "query": "q"},
            },
            {
                "type": "image_generation_call",
                "id": draw.choice(["ig_1", ""]),
                "status": "completed",
                "result": "aGk=",
            },
            {"type": "compaction", "encrypted_content": "gAAAA-opaque"},
        ]
    )


_REPORTED: tuple[Callable[[Draw], dict[str, Any]], ...] = (
    _call,
    _call,
    _custom_call,
    _reasoning,
    _message,
    _output,
    _tool_search,
    _other,
)


def reported_item(draw: Draw) -> dict[str, Any]:
    """An item of a shape field reports name."""
    return draw.choice(_REPORTED)(draw)


def with_one_field_damaged(draw: Draw, item: Any) -> Any:
    """The item with one member (never its ``type``) missing, null, empty or of another type."""
    if not isinstance(item, dict):
        return item
    names = [name for name in item if name != "type"]
    if not names:
        return item
    name = draw.choice(names)
    value = damaged(draw, item[name])
    out = {key: kept for key, kept in item.items() if key != name}
    if not is_missing(value):
        out[name] = value
    return out


def field_item(draw: Draw) -> Any:
    """An item from the models (half of the time) or of a reported shape, damaged now and then."""
    item = object_of(draw, draw.choice(ITEM_MODELS), 1) if draw.boolean() else reported_item(draw)
    return with_one_field_damaged(draw, item) if draw.integer(0, 4) == 0 else item


def item_types() -> frozenset[str]:
    """Every item type the models name."""
    return frozenset(literal_type(model) for model in ITEM_MODELS)
