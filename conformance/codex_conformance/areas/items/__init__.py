"""Area ``items``: see spec/items.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="items",
    description="Response output items as the release writes them back into the next request's input.",
    ops=("items.serialize",),
)
