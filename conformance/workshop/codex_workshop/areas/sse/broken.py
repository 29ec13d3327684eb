"""Broken ports of the SSE area: one entry of an edition's SSE rules changed."""

from __future__ import annotations

from codex_reference.editions import V0_25_0, V0_169_0
from codex_workshop.broken import adapters, with_rules, with_rules_from

BROKEN = adapters(
    {
        "sse-completed-at-once-0.25": (
            "SSE-END-2",
            "0.25.0 ends the stream at response.completed instead of holding it until the stream closes",
            with_rules(V0_25_0, "sse", defer_completed=False),
        ),
        "sse-keeps-failed-items-0.25": (
            "SSE-KEEP-1",
            "0.25.0 keeps the items of a stream that failed",
            with_rules(V0_25_0, "sse", keep_items_on_error=True),
        ),
        "sse-annotations-kept-0.25": (
            "SSE-ITEM-3",
            "0.25.0 keeps output_text annotations",
            with_rules_from(V0_25_0, "sse", normalize_item=V0_169_0),
        ),
        "sse-quota-retried-0.169": (
            "SSE-FAIL-1",
            "0.169.0 retries insufficient_quota like any other code",
            with_rules(V0_169_0, "sse", fatal_codes={}),
        ),
    }
)
