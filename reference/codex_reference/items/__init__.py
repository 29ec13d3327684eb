"""``items.serialize``: a model's output item as the release writes it into its next request.

The result is the item's exact JSON text (serde_json's compact form, keys
in the release's order), or null when the release leaves the item out.

The release reads the item into its typed history item and serializes that
back: the form is the one the sse area observes in the history
(``sse.items``, spec/sse.md SSE-ITEM-3 to SSE-ITEM-5), one model for both,
since a rule the two disagreed on would be one of them wrong.  What differs
is the request: a call output the model sent with a call id is left out, as
the release sends no output whose call the history does not hold
(ITEMS-OTHER-1); 0.94.0 and later send no system message (ITEMS-MESSAGE-1);
0.169.0 and later send an id only in the form ``<prefix>_<rest>`` (ITEMS-ID-1).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from codex_reference.sse import items as stored
from codex_reference.sse.item_forms import OUTPUT_KINDS

__all__ = ["ITEMS_0_25_0", "ITEMS_0_94_0", "ITEMS_0_169_0", "ItemRules", "serialize"]


@dataclass(frozen=True)
class ItemRules:
    # The item as the edition stores it in its history, or None where it does not.
    stored_form: stored.ItemNormalizer
    # Outputs that name a call the history does not hold, left out of the request (captured:
    # function-call-output-item, tool-search-output-call-id; one without a call id is sent:
    # function-call-output-no-call-id, tool-search-output-no-ids).
    orphan_outputs: frozenset[str] = frozenset({*OUTPUT_KINDS, "tool_search_output"})
    # Roles of messages the history holds and the request leaves out (0.94.0 and later keep a
    # system message the model sent, and do not send it: captured message-role-system).
    unsent_roles: frozenset[str] = frozenset({"system"})
    # Only an id of the form `<prefix>_<rest>` is sent, another left out (captured:
    # message-id-no-prefix, message-id-prefix-only, message-id-other-prefix).
    prefixed_ids_only: bool = False
    # A call output's text items with an empty text are left out of its content (captured:
    # function-call-output-empty-text).
    empty_output_texts_sent: bool = True


ITEMS_0_25_0 = ItemRules(stored_form=stored.NORMALIZE_ITEM_0_25_0)
# 0.94.0 writes no item ids (captured: message-basic), reads reasoning without one, and sends
# web_search_call items back.
ITEMS_0_94_0 = replace(ITEMS_0_25_0, stored_form=stored.NORMALIZE_ITEM_0_94_0)
# 0.169.0: ids again (made up where an item has none), the output text's extras, the status
# after the type, a call's namespace, image_generation_call and tool_search_call items.
ITEMS_0_169_0 = replace(
    ITEMS_0_94_0,
    stored_form=stored.NORMALIZE_ITEM_0_169_0,
    prefixed_ids_only=True,
    empty_output_texts_sent=False,
)


def serialize(rules: ItemRules, item: Any) -> dict[str, Any]:
    out = rules.stored_form(item) if isinstance(item, dict) else None
    if out is None or _orphan(rules, out):
        return {"json": None}
    if out.get("type") == "message" and out.get("role") in rules.unsent_roles:
        return {"json": None}
    if rules.prefixed_ids_only and isinstance(out.get("id"), str) and not _prefixed(out["id"]):
        del out["id"]
    if not rules.empty_output_texts_sent and isinstance(out.get("output"), list):
        out["output"] = [part for part in out["output"] if part != {"type": "input_text", "text": ""}]
    return {"json": json.dumps(out, ensure_ascii=False, separators=(",", ":"))}


def _orphan(rules: ItemRules, out: dict[str, Any]) -> bool:
    """An output that names a call the history does not hold; a server tool search's output
    names a call no client made, and is sent (captured: tool-search-output-server-call-id)."""
    if out.get("type") not in rules.orphan_outputs or not isinstance(out.get("call_id"), str):
        return False
    return not (out.get("type") == "tool_search_output" and out.get("execution") == "server")


def _prefixed(item_id: str) -> bool:
    prefix, underscore, rest = item_id.partition("_")
    return bool(prefix and underscore and rest)
