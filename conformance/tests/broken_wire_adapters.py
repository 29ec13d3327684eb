"""Deliberately broken ports of the SSE area, built from the reference model.

As in broken_adapters.py: each changes one entry of one edition's SSE rules
and names the clause whose cases must catch it.
"""

from __future__ import annotations

from typing import Any

from broken_check import BrokenAdapter, with_rules

from codex_reference.adapter import Handler
from codex_reference.sse import items


def _with_sse(version: str, **changes: Any) -> Handler:
    return with_rules(version, "sse", **changes)


BROKEN_WIRE = [
    BrokenAdapter(
        "sse-completed-at-once-0.25",
        "SSE-END-2",
        "0.25.0 ends the stream at response.completed instead of holding it until the stream closes",
        _with_sse("0.25.0", defer_completed=False),
    ),
    BrokenAdapter(
        "sse-keeps-failed-items-0.25",
        "SSE-KEEP-1",
        "0.25.0 keeps the items of a stream that failed",
        _with_sse("0.25.0", keep_items_on_error=True),
    ),
    BrokenAdapter(
        "sse-annotations-kept-0.25",
        "SSE-ITEM-3",
        "0.25.0 keeps output_text annotations",
        _with_sse("0.25.0", normalize_item=items.CURRENT_ITEMS),
    ),
    BrokenAdapter(
        "sse-quota-retried-0.169",
        "SSE-FAIL-1",
        "0.169.0 retries insufficient_quota like any other code",
        _with_sse("0.169.0", fatal_codes={}),
    ),
]
