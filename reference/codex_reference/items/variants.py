"""One function per ResponseItem type: the item as the release writes it back.

Each returns the written-back object (keys in the release's order) or None
when the release drops the item: its type is unknown to the edition, or a
field the edition's struct requires is missing or of another shape (serde
fails on the whole item, and the release skips it).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from codex_reference.json_types import JSON
from codex_reference.reasoning_parts import typed_parts

Obj = dict[str, JSON]


@dataclass(frozen=True)
class ItemRules:
    # A missing id: made up as "<prefix>_<uuid>" (True) or written as null.
    generate_ids: bool
    # output_text keeps `annotations` and `logprobs` when the model sent them.
    output_text_extras: bool
    # `status` of a message or function call is kept, right after `type`.
    status_after_type: bool
    # Reasoning without an id is dropped (the struct's id is not optional).
    reasoning_requires_id: bool
    serializers: Mapping[str, Callable[[Obj, ItemRules], Obj | None]] = field(default_factory=dict)
    # The id is read (a mistyped one still drops the item) but never written.
    omit_ids: bool = False
    # A function or custom call's `namespace` is kept when sent, right after `name`.
    call_namespaces: bool = False


class _Dropped(Exception):
    """The release cannot read the item (raised bare: which field failed is never shown)."""


def _str(item: Obj, key: str) -> str:
    value = item.get(key)
    if not isinstance(value, str):
        raise _Dropped
    return value


def _id(item: Obj, prefix: str, rules: ItemRules) -> str | None:
    value = item.get("id")
    if isinstance(value, str):
        return value
    if value is not None:
        raise _Dropped
    # The release's ids are UUIDs; any one has the form a case checks.
    return f"{prefix}_{uuid.uuid4()}" if rules.generate_ids else None


def _with_status(out: Obj, item: Obj, rules: ItemRules) -> Obj:
    if rules.status_after_type and isinstance(item.get("status"), str):
        out["status"] = item["status"]
    return out


def _content_part(part: JSON, rules: ItemRules) -> Obj:
    if not isinstance(part, dict) or part.get("type") not in ("output_text", "input_text"):
        raise _Dropped  # e.g. "refusal": no such content part variant
    out: Obj = {"type": part["type"], "text": _str(part, "text")}
    if rules.output_text_extras:
        for key in ("annotations", "logprobs"):
            if key in part:
                out[key] = part[key]
    return out


def message(item: Obj, rules: ItemRules) -> Obj:
    content = item.get("content")
    if not isinstance(content, list):
        raise _Dropped
    out = _with_status({"type": "message"}, item, rules)
    out["id"] = _id(item, "msg", rules)
    out["role"] = _str(item, "role")
    out["content"] = [_content_part(part, rules) for part in content]
    return out


def reasoning(item: Obj, rules: ItemRules) -> Obj:
    if rules.reasoning_requires_id and not isinstance(item.get("id"), str):
        raise _Dropped
    summary = item.get("summary")
    if not isinstance(summary, list):
        raise _Dropped
    return {
        "type": "reasoning",
        "id": _id(item, "rs", rules),
        "summary": typed_parts(summary),
        # Absent optional fields are written as null, not left out.
        "content": typed_parts(item.get("content")),
        "encrypted_content": item.get("encrypted_content"),
    }


def _with_namespace(out: Obj, item: Obj, rules: ItemRules) -> Obj:
    """0.169.0 keeps a call's `namespace`, an optional string, after its name (captured:
    function-call-namespace, custom-tool-call-namespace); another type drops the item, as a
    mistyped field does."""
    namespace = item.get("namespace")
    if rules.call_namespaces and namespace is not None:
        out["namespace"] = _str(item, "namespace")
    return out


def function_call(item: Obj, rules: ItemRules) -> Obj:
    out = _with_status({"type": "function_call"}, item, rules)
    out["id"] = _id(item, "fc", rules)
    out["name"] = _str(item, "name")
    _with_namespace(out, item, rules)
    out["arguments"] = _str(item, "arguments")
    out["call_id"] = _str(item, "call_id")
    return out


def custom_tool_call(item: Obj, rules: ItemRules) -> Obj:
    out: Obj = {"type": "custom_tool_call"}
    call_item_id = _id(item, "ctc", rules)
    if call_item_id is not None:  # unlike the other items, a missing id is left out, not null
        out["id"] = call_item_id
    if "status" in item:
        out["status"] = item["status"]
    out["call_id"] = _str(item, "call_id")
    out["name"] = _str(item, "name")
    _with_namespace(out, item, rules)
    out["input"] = _str(item, "input")
    return out


def local_shell_call(item: Obj, rules: ItemRules) -> Obj:
    action = item.get("action")
    if not isinstance(action, dict) or action.get("type") != "exec":
        raise _Dropped
    return {
        "type": "local_shell_call",
        "id": _id(item, "lsh", rules),
        "call_id": item.get("call_id"),
        "status": _str(item, "status"),
        "action": {
            "type": "exec",
            "command": action.get("command"),
            "timeout_ms": action.get("timeout_ms"),
            "working_directory": action.get("working_directory"),
            "env": action.get("env"),
            "user": action.get("user"),
        },
    }


def _passthrough(kind: str, prefix: str, keys: tuple[str, ...]) -> Callable[[Obj, ItemRules], Obj]:
    # Server-side tool calls the release only stores and sends back.
    def serialize(item: Obj, rules: ItemRules) -> Obj:
        out: Obj = {"type": kind, "id": _id(item, prefix, rules)}
        out.update((key, item[key]) for key in keys if key in item)
        return out

    return serialize


def tool_search_call(item: Obj, rules: ItemRules) -> Obj:
    """0.169.0's tool search call (captured: tool-search-call and its variants): `call_id` null
    when absent, `status` left out when absent, `execution` a required string, `arguments`
    required, any JSON value; unknown members dropped; a mistyped member drops the item."""
    out: Obj = {"type": "tool_search_call", "id": _id(item, "tsc", rules)}
    out["call_id"] = None if item.get("call_id") is None else _str(item, "call_id")
    if item.get("status") is not None:
        out["status"] = _str(item, "status")
    out["execution"] = _str(item, "execution")
    if "arguments" not in item:
        raise _Dropped
    out["arguments"] = item["arguments"]
    return out


web_search_call = _passthrough("web_search_call", "ws", ("status", "action"))
image_generation_call = _passthrough("image_generation_call", "ig", ("status", "revised_prompt", "result"))


def serialize(item: JSON, rules: ItemRules) -> Obj | None:
    if not isinstance(item, dict):
        return None
    serializer = rules.serializers.get(str(item.get("type")))
    if serializer is None:
        return None
    try:
        out = serializer(item, rules)
    except _Dropped:
        return None
    if out is not None and rules.omit_ids:
        out.pop("id", None)
    return out
