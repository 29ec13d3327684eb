"""A reasoning item's text parts as every release writes them back: `type`, then `text`.

The struct of a summary or content part declares `type` before `text`, so
a part sent as `{"text", "type"}` comes back in the struct's order, in the
stored items (sse: reasoning-parts-member-order) and in the next request
(items: reasoning-parts-text-before-type).  Shared by both areas.
"""

from __future__ import annotations

from codex_reference.json_types import JSON

__all__ = ["typed_parts"]


def typed_parts(parts: JSON) -> JSON:
    """Each part with a string `text` rewritten `type` first; anything else as sent."""
    if not isinstance(parts, list):
        return parts
    return [
        {"type": part.get("type"), "text": part["text"]}
        if isinstance(part, dict) and isinstance(part.get("text"), str)
        else part
        for part in parts
    ]
