"""Area ``items``: see spec/items.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.facets import SERIALIZATION, Facet

AREA = Area(
    name="items",
    description="Response output items as the release writes them back into the next request's input.",
    ops=("items.serialize",),
    # The item's fields apart from how the release writes them (key order, escapes, spacing).
    facets={
        "items.serialize": (
            Facet(
                "fields",
                "behaviour",
                field="json",
                key_order=False,
                json_text=True,
                describes="the JSON text read as the value it stands for, key order ignored",
            ),
            SERIALIZATION,
        )
    },
)
