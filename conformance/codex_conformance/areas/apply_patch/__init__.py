"""Area ``apply_patch``: see spec/apply_patch.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="apply_patch",
    description="What the release's apply_patch command does with a patch in a directory of files.",
    ops=(
        "apply_patch.apply",
        "apply_patch.parse",
    ),
)
