"""Ids a release makes up (``<prefix>_<uuid>``), settled to the zero UUID the reference writes.

The reference cannot draw the release's random UUID, so it writes the zero
one in its place (SSE-ITEM-3, ITEMS-ID-1, DYN-OUT-ITEM-1, ...); an explorer's
``settle`` puts the zero UUID into the release's answer too, so the two
compare.  Which prefixes and which UUID form a release makes up differ by op:
each explorer passes its own pattern, whose first group is the prefix.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["ANY_UUID", "UUID_V7", "ZERO_UUID", "with_settled_id"]

ZERO_UUID = "00000000-0000-0000-0000-000000000000"
# Regular-expression texts of a UUID as a release writes one: any version, and version 7.
ANY_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
UUID_V7 = r"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}"


def with_settled_id(item: Any, made_up: re.Pattern[str]) -> Any:
    """``item`` with its ``id`` as ``<prefix>_<ZERO_UUID>`` where ``made_up`` matches it (group 1:
    the prefix): a new object, the key in its place; any other item as it is."""
    if isinstance(item, dict) and isinstance(item.get("id"), str) and (match := made_up.match(item["id"])):
        return {**item, "id": f"{match.group(1)}_{ZERO_UUID}"}
    return item
