"""The explorer of ``apply_patch.apply``: inputs from ``codex_conformance.areas.apply_patch.inputs``."""

from __future__ import annotations

from typing import Any

from codex_conformance.areas.apply_patch.inputs import generate_args
from codex_workshop.explorer import Explorer

__all__ = ["EXPLORERS"]


def _scenario(args: dict[str, Any]) -> dict[str, Any]:
    fields = {"patch": args["patch"], "files": args.get("files", {})}
    if "cwd" in args:
        fields["cwd"] = args["cwd"]
    return fields


EXPLORERS = (Explorer("apply_patch.apply", generate_args, _scenario, ("AP-EXPLORE-1",)),)
