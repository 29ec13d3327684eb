"""``items.serialize`` answered by running a real release.

The release receives the item in a model response (with a harmless call
after it, so that it sends a follow-up request); the answer is the item's
exact text in that request's ``input``, or null when the release leaves it
out.
"""

from __future__ import annotations

import json
from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import harmless_call, written_back
from codex_workshop.drive.errors import CaptureError

_PROBE_CALL_ID = "call_conformance_probe"


def items_serialize(version: str, args: dict[str, Any]) -> dict[str, Any]:
    # Any JSON value: the model may stream an item that is no object (every edition leaves it out).
    item: Any = required(args, "item", object)
    own_call_id = item.get("call_id") if isinstance(item, dict) else None
    remaining: list[str] = []
    for element in written_back(version, [item, harmless_call(version, _PROBE_CALL_ID)]):
        parsed = json.loads(element)
        call_id = parsed.get("call_id") if isinstance(parsed, dict) else None
        if call_id == _PROBE_CALL_ID:
            continue
        kind = str(parsed.get("type", "")) if isinstance(parsed, dict) else ""
        if own_call_id is not None and call_id == own_call_id and kind.endswith("_output"):
            continue  # the release's answer to the item, not the item
        remaining.append(element)
    if len(remaining) > 1:
        raise CaptureError(f"release {version} wrote back {len(remaining)} items for one: {remaining}")
    return {"json": remaining[0] if remaining else None}


OPS: dict[str, ReleaseOp] = {"items.serialize": items_serialize}
