"""Broken ports of ``items.serialize``: one rule of how items are written back changed."""

from __future__ import annotations

from codex_reference.editions import V0_25_0, V0_169_0
from codex_workshop.broken import BrokenAdapter, with_rules_from

BROKEN: tuple[BrokenAdapter, ...] = (
    BrokenAdapter(
        name="generated-ids-classic",
        clause="ITEMS-ID-1",
        why="0.25.0 makes up ids for items without one (0.169.0 does; 0.25.0 writes null)",
        handle=with_rules_from(V0_25_0, "items", V0_169_0, "generate_ids"),
    ),
)
