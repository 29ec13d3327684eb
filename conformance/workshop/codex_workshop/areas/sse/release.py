"""The wire ops a release answers by being run: ``sse.responses`` (and ``request.build``).

A module of its own so that areas developed at the same time add files
instead of editing one.
"""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.sse_observe import StreamUnderTest, observe


def sse_responses(version: str, args: dict[str, Any]) -> dict[str, Any]:
    stream = StreamUnderTest(required(args, "stream", str), tuple(optional(args, "splits", list, [])))
    return observe(version, stream)


OPS: dict[str, ReleaseOp] = {"sse.responses": sse_responses}
