"""Area ``apply_patch``: see spec/apply_patch.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.facets import Facet

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
    # What a patch applier does (its exit status, the files it leaves) apart
    # from the texts it prints, which library ports write their own way.
    facets={
        "apply_patch.apply": (
            Facet("exit_code", "behaviour", field="exit_code", describes="the exit status"),
            Facet("files", "behaviour", field="files", key_order=False, describes="every file afterwards"),
            Facet("stdout", "bytes", field="stdout", describes="the text printed on stdout"),
            Facet("stderr", "bytes", field="stderr", describes="the text printed on stderr"),
        )
    },
)
