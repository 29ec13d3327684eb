"""``dynamic.call_output``: the client's answer to ``item/tool/call`` → the output item.

Unlike an MCP result (spec/mcp_output.md) there is no wall-time header and
``success`` leaves no trace (DYN-OUT-SUCCESS-1).  Two answer shapes, each a
variant the rules name: ``content_items_output`` (``contentItems``) and
``plain_output`` (one ``output`` string, DYN-OUT-PLAIN-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from codex_reference.dispatch.image_prompt import DecodeBudget
from codex_reference.dynamic import data_url
from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON

if TYPE_CHECKING:
    # The rules name the variants below, so they import this module.
    from codex_reference.dynamic.rules import DynamicRules

_PLACEHOLDER_UUID = "00000000-0000-0000-0000-000000000000"
_FIELDS = {"inputText": "text", "inputImage": "imageUrl", "inputAudio": "audioUrl"}


def _decoded_items(result: JSON) -> list[tuple[str, str]] | None:
    """(kind, value) per content item; None when serde would refuse the result."""
    if not isinstance(result, dict) or not isinstance(result.get("success"), bool):
        return None
    items = result.get("contentItems")
    if not isinstance(items, list):
        return None
    decoded: list[tuple[str, str]] = []
    for item in items:
        # A type of another JSON type is as unknown to serde as an unknown name.
        if not isinstance(item, dict) or not isinstance(item.get("type"), str) or item["type"] not in _FIELDS:
            return None
        value = item.get(_FIELDS[item["type"]])
        if not isinstance(value, str):
            return None
        decoded.append((item["type"], value))
    return decoded


def _remote(url: str) -> bool:
    """An http(s) URL, the scheme in any case (found by exploring: `HTTPS://` is remote too)."""
    return url.lower().startswith(("http://", "https://"))


def _content(rules: DynamicRules, kind: str, value: str, budget: DecodeBudget) -> dict[str, JSON]:
    if kind == "inputText":
        return {"type": "input_text", "text": value}
    if kind == "inputAudio":
        # DYN-OUT-AUDIO-1: whatever the bytes, the pinned model takes no audio.
        decoded = data_url.base64_bytes(value)
        text = rules.audio_unprocessable_text if decoded is None else rules.audio_unsupported_text
        return {"type": "input_text", "text": text}
    if not value.startswith("data:"):
        # Explored: a URL neither remote nor inline (empty, a path, file://) is sent as given.
        return {"type": "input_image", "image_url": value, "detail": rules.image_detail}
    url = data_url.image_url(value, budget, rules.png_rows)
    if url is None:
        return {"type": "input_text", "text": rules.image_unprocessable_text}
    return {"type": "input_image", "image_url": url, "detail": rules.image_detail}


def output_of(rules: DynamicRules, answer: JSON) -> JSON:
    if not isinstance(answer, dict) or len(answer) != 1 or not ({"result", "error"} & answer.keys()):
        raise InvalidArgs('`answer` must be {"result": ...} or {"error": ...}')
    if "error" in answer:
        return rules.request_failed_text  # DYN-OUT-FAIL-1
    return rules.answer_output(rules, answer["result"])


def plain_output(rules: DynamicRules, result: JSON) -> JSON:
    """DYN-OUT-PLAIN-1: ``{"output": string, "success": bool}``, other keys ignored.

    serde also decodes a struct from a sequence of its fields in order (from_value:
    exactly as many as the struct has).
    """
    if isinstance(result, list):
        fields = result if len(result) == 2 else [None, None]
        output, success = fields
    elif isinstance(result, dict):
        output, success = result.get("output"), result.get("success")
    else:
        output = success = None
    if not isinstance(output, str) or not isinstance(success, bool):
        return rules.response_invalid_text  # DYN-OUT-FAIL-1
    return output


def content_items_output(rules: DynamicRules, result: JSON) -> JSON:
    """DYN-OUT-CONTENT-1: ``{"contentItems": [...], "success": bool}``."""
    items = _decoded_items(result)
    if items is None:
        return rules.response_invalid_text  # DYN-OUT-FAIL-1
    # DYN-OUT-IMAGE-1: one remote image URL replaces the whole output.
    if any(kind == "inputImage" and _remote(value) for kind, value in items):
        return rules.remote_image_text
    if len(items) == 1 and items[0][0] == "inputText":
        return items[0][1]  # DYN-OUT-CONTENT-1: a lone text is sent as a string
    budget = DecodeBudget()  # one for all the images of the answer
    entries = [_content(rules, kind, value, budget) for kind, value in items]
    # An empty text is not written (found by exploring): ["", "a"] is ["a"], still an array.
    return rules.cut_items([entry for entry in entries if entry != {"type": "input_text", "text": ""}])


def call_output(rules: DynamicRules, args: dict[str, JSON]) -> dict[str, JSON]:
    call_id = args.get("call_id")
    if not isinstance(call_id, str):
        raise InvalidArgs("`call_id` must be a string")
    output = output_of(rules, args.get("answer"))
    if isinstance(output, str):
        output = rules.cut_text(output)
    item: dict[str, JSON] = {"type": "function_call_output"}
    if rules.generates_item_id:
        # DYN-OUT-ITEM-1: the release makes up the id (a UUID; checked by form only);
        # a fixed one keeps the answer the same from run to run, so an explorer can compare it.
        item["id"] = f"fco_{_PLACEHOLDER_UUID}"
    item["call_id"] = call_id
    item["output"] = output
    return {"item": item}
