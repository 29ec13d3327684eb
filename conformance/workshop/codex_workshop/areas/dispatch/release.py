"""``dispatch.call`` answered by a release: what it writes back for one streamed tool call."""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.dispatch.run import call_output


def dispatch_call(version: str, args: dict[str, Any]) -> dict[str, Any]:
    # The release's own cwd is a fresh temporary directory: an args `cwd` is
    # what a capture observed, not something a run can be told.
    item, _cwd = call_output(version, args)
    return {"item": item}


OPS: dict[str, ReleaseOp] = {"dispatch.call": dispatch_call}
