"""The tool catalog and dispatch ops, answered by running a real release.

``tools.build``: the catalog the release sends for a model and a
configuration (capture/tools_build.py).  ``dispatch.call``: what it writes
back for one streamed tool call (capture/dispatch_run.py).
"""

from __future__ import annotations

from typing import Any

from codex_conformance.capture import dispatch_run
from codex_conformance.capture.tools_build import ConfigRejectedError, build_tools
from codex_conformance.release.ops import ReleaseRejectedError


def _config(args: dict[str, Any]) -> dict[str, Any]:
    config = args.get("config") or {}
    if not isinstance(config, dict):
        raise TypeError("`config` must be an object")
    return config


def tools_build(version: str, args: dict[str, Any]) -> dict[str, Any]:
    try:
        return build_tools(version, str(args["model"]), _config(args))
    except ConfigRejectedError as rejected:
        raise ReleaseRejectedError("config-rejected", rejected.message) from rejected


def dispatch_call(version: str, args: dict[str, Any]) -> dict[str, Any]:
    # The release's own cwd is a fresh temporary directory: an args `cwd` is
    # what a capture observed, not something a run can be told.
    item, _cwd = dispatch_run.call_output(version, args)
    return {"item": item}
