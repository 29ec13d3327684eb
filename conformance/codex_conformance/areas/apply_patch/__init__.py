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
    release_cannot_answer={
        "apply_patch.parse": "the release parses a patch only to apply it: its parse errors are pinned "
        "through apply_patch.apply (their stderr texts), its hunks have no output of their own"
    },
)
