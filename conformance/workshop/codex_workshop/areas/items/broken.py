"""Broken ports of ``items.serialize``: one rule of how items are written back changed."""

from __future__ import annotations

from codex_reference.editions import V0_25_0, V0_169_0
from codex_workshop.broken import adapters, with_rules_from

BROKEN = adapters(
    {
        "generated-ids-classic": (
            "ITEMS-ID-1",
            "0.25.0 makes up ids for items without one (0.169.0 does; 0.25.0 writes null)",
            with_rules_from(V0_25_0, "items", generate_ids=V0_169_0),
        ),
    }
)
