"""Area ``tools``: see spec/tools.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="tools",
    description="Built-in tools as the release sends them in the Responses request's tools array.",
    ops=(
        "tools.apply_patch_spec",
        "tools.build",
    ),
)
