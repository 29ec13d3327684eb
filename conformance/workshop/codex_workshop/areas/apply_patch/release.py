"""``apply_patch.apply`` answered by a release: its own executable, started as ``apply_patch``."""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.apply_patch.patch_run import run_apply_patch
from codex_workshop.drive.args import optional, required


def apply_patch_apply(version: str, args: dict[str, Any]) -> dict[str, Any]:
    return run_apply_patch(
        version,
        required(args, "patch", str),
        dict(optional(args, "files", dict, {})),
        optional(args, "cwd", str, "/workspace"),
    )


OPS: dict[str, ReleaseOp] = {"apply_patch.apply": apply_patch_apply}
