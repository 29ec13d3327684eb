"""Area ``sse``: see spec/sse.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="sse",
    description="Responses SSE streams: the items the release records and how each stream ends.",
    ops=("sse.responses",),
)
