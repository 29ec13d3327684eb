"""``items.serialize`` answered by running a real release.

The release receives the item in a model response (with a harmless call
after it, so that it sends a follow-up request); the answer is the item's
exact text in that request's ``input``, or null when the release leaves it
out.

Many items can be asked in one run (``written_back_items``, the explorer's
batches): each follows a marker message of its own, and what the release
writes back between two markers belongs to the item between them.
"""

from __future__ import annotations

import json
from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import harmless_call, written_back
from codex_workshop.drive.errors import CaptureError

_PROBE_CALL_ID = "call_conformance_probe"
_MARKER_TEXT = "codex-conformance item marker {}"


def _answered_ids(item: Any) -> set[Any]:
    """The call ids of the outputs the release writes when it runs the item, a call: its own,
    and for a call without one, its id and the empty id (a local shell call's output then
    takes one of those)."""
    if not isinstance(item, dict) or str(item.get("type", "")).endswith("_output"):
        return set()  # an output is written back as an item, never answered
    call_id = item.get("call_id")
    if isinstance(call_id, str):
        return {call_id}
    item_id = item.get("id")
    return {"", item_id} if isinstance(item_id, str) else {""}


def _is_answer(element: Any, answered: set[Any]) -> bool:
    if not isinstance(element, dict):
        return False
    kind = str(element.get("type", ""))
    return element.get("call_id") == _PROBE_CALL_ID or (
        kind.endswith("_output") and element.get("call_id") in answered
    )


def answer_of(version: str, item: Any, elements: list[str]) -> dict[str, Any]:
    """The answer for ``item`` from what the release wrote back for it: its text, or null."""
    answered = _answered_ids(item)
    remaining = [element for element in elements if not _is_answer(json.loads(element), answered)]
    if len(remaining) > 1:
        raise CaptureError(f"release {version} wrote back {len(remaining)} items for one: {remaining}")
    return {"json": remaining[0] if remaining else None}


def items_serialize(version: str, args: dict[str, Any]) -> dict[str, Any]:
    # Any JSON value: the model may stream an item that is no object (every edition leaves it out).
    item: Any = required(args, "item", object)
    return answer_of(version, item, written_back(version, [item, harmless_call(version, _PROBE_CALL_ID)]))


def _marker(index: int) -> dict[str, Any]:
    text = _MARKER_TEXT.format(index)
    return {
        "type": "message",
        "role": "assistant",
        "id": f"msg_marker_{index}",
        "content": [{"type": "output_text", "text": text}],
    }


def _marker_index(element: str) -> int | None:
    parsed = json.loads(element)
    if not isinstance(parsed, dict) or parsed.get("type") != "message":
        return None
    content = parsed.get("content")
    if not isinstance(content, list) or len(content) != 1 or not isinstance(content[0], dict):
        return None
    text = content[0].get("text")
    prefix = _MARKER_TEXT.format("")
    if isinstance(text, str) and text.startswith(prefix) and text[len(prefix) :].isdigit():
        return int(text[len(prefix) :])
    return None


def written_back_items(version: str, items: list[Any]) -> list[list[str]] | None:
    """What the release wrote back for each item, in one run; None when the markers do not all
    come back in order (an item changed what the release sends: ask each alone)."""
    streamed: list[Any] = []
    for index, item in enumerate(items):
        streamed += [_marker(index), item]
    elements = written_back(version, [*streamed, harmless_call(version, _PROBE_CALL_ID)])
    found: list[list[str]] = []
    for element in elements:
        marker = _marker_index(element)
        if marker is not None:
            if marker != len(found):
                return None
            found.append([])
        elif found:
            found[-1].append(element)
        else:
            return None
    if len(found) != len(items):
        return None
    # Outputs the release writes for calls come after the model's items: hand each to its call.
    for own, item in enumerate(items):
        answered = _answered_ids(item)
        if answered:
            for later in found[own + 1 :]:
                moved = [e for e in later if _is_answer(json.loads(e), answered)]
                later[:] = [e for e in later if e not in moved]
    return found


OPS: dict[str, ReleaseOp] = {"items.serialize": items_serialize}
