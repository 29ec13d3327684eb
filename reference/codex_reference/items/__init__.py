"""``items.serialize``: a model's output item as the release writes it into its next request.

The result is the item's exact JSON text (serde_json's compact form, keys
in the release's order), or null when the release leaves the item out.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from codex_reference.items import variants
from codex_reference.items.variants import ItemRules

__all__ = ["ITEMS_0_25_0", "ITEMS_0_94_0", "ITEMS_0_169_0", "ItemRules", "serialize"]

ITEMS_0_25_0 = ItemRules(
    generate_ids=False,
    output_text_extras=False,
    status_after_type=False,
    reasoning_requires_id=True,
    serializers={
        "message": variants.message,
        "reasoning": variants.reasoning,
        "function_call": variants.function_call,
        "custom_tool_call": variants.custom_tool_call,
        "local_shell_call": variants.local_shell_call,
    },
)

# 0.94.0 writes no item ids (captured: message-basic), reads reasoning without
# one, and sends web_search_call items back.
ITEMS_0_94_0 = replace(
    ITEMS_0_25_0,
    omit_ids=True,
    reasoning_requires_id=False,
    serializers={**ITEMS_0_25_0.serializers, "web_search_call": variants.web_search_call},
)

# 0.169.0: 0.94.0's rules, with ids again (generated where an item has
# none), the output text's extras, the status after the type, a call's
# namespace, and image_generation_call and tool_search_call items sent back.
ITEMS_0_169_0 = replace(
    ITEMS_0_94_0,
    generate_ids=True,
    omit_ids=False,
    output_text_extras=True,
    status_after_type=True,
    call_namespaces=True,
    serializers={
        **ITEMS_0_94_0.serializers,
        "image_generation_call": variants.image_generation_call,
        "tool_search_call": variants.tool_search_call,
    },
)


def serialize(rules: ItemRules, item: Any) -> dict[str, Any]:
    out = variants.serialize(item, rules)
    if out is None:
        return {"json": None}
    return {"json": json.dumps(out, ensure_ascii=False, separators=(",", ":"))}
