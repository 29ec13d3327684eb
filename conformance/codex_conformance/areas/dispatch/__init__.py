"""Area ``dispatch``: see spec/dispatch.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="dispatch",
    description="The output item a release writes back for one streamed tool call (dispatch.call).",
    ops=("dispatch.call",),
)
