"""Deliberately broken ports of the SSE area, built from the reference model.

As in broken_adapters.py: each changes one entry of one edition's SSE rules
and names the clause whose cases must catch it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from codex_reference import editions
from codex_reference.adapter import Handler, make_handler
from codex_reference.sse import items


@dataclass(frozen=True)
class BrokenWireAdapter:
    name: str
    clause: str
    why: str
    handle: Handler


def _with_sse(version: str, **changes: Any) -> Handler:
    table = dict(editions.EDITIONS)
    edition = table[version]
    table[version] = replace(edition, sse=replace(edition.sse, **changes))
    return make_handler(table)


BROKEN_WIRE = [
    BrokenWireAdapter(
        "sse-completed-at-once-0.25",
        "SSE-END-2",
        "0.25.0 ends the stream at response.completed instead of holding it until the stream closes",
        _with_sse("0.25.0", defer_completed=False),
    ),
    BrokenWireAdapter(
        "sse-keeps-failed-items-0.25",
        "SSE-KEEP-1",
        "0.25.0 keeps the items of a stream that failed",
        _with_sse("0.25.0", keep_items_on_error=True),
    ),
    BrokenWireAdapter(
        "sse-annotations-kept-0.25",
        "SSE-ITEM-3",
        "0.25.0 keeps output_text annotations",
        _with_sse("0.25.0", normalize_item=items.CURRENT_ITEMS),
    ),
    BrokenWireAdapter(
        "sse-quota-retried-0.169",
        "SSE-FAIL-1",
        "0.169.0 retries insufficient_quota like any other code",
        _with_sse("0.169.0", fatal_codes={}),
    ),
]
