"""The tools ops, answered by running a real release.

``tools.build``: the catalog the release sends for a model and a
configuration (areas/tools/tools_build.py).  ``tools.apply_patch_spec``: the
apply_patch tool one variant's configuration makes it send.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.tools.apply_patch_tool import apply_patch_tool
from codex_workshop.areas.tools.tools_build import build_tools
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.errors import ConfigRejectedError, ReleaseRejectedError, VariantRejectedError


def tools_build(version: str, args: dict[str, Any]) -> dict[str, Any]:
    try:
        return build_tools(version, required(args, "model", str), optional(args, "config", dict, {}))
    except ConfigRejectedError as rejected:
        raise ReleaseRejectedError("config-rejected", rejected.message) from rejected


def tools_apply_patch_spec(version: str, variant: str, root: Path | None = None) -> dict[str, Any]:
    # ``root``: the fixtures directory whose tools/_scenarios.json says how to
    # ask this release for the variant (default: the kit's own).
    try:
        return {"tool": apply_patch_tool(version, variant, root)}
    except VariantRejectedError as rejected:
        raise ReleaseRejectedError("no-such-variant", rejected.message) from rejected


OPS: dict[str, ReleaseOp] = {
    "tools.build": tools_build,
    "tools.apply_patch_spec": lambda version, args: tools_apply_patch_spec(
        version, required(args, "variant", str)
    ),
}
