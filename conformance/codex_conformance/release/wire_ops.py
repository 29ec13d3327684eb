"""The wire ops a release answers by being run: ``sse.responses`` (and ``request.build``).

A module of its own so that areas developed at the same time add files
instead of editing one.
"""

from __future__ import annotations

from typing import Any

from codex_conformance.capture.sse_observe import StreamUnderTest, observe


def sse_responses(version: str, args: dict[str, Any]) -> dict[str, Any]:
    stream = StreamUnderTest(args["stream"], tuple(args.get("splits") or ()))
    return observe(version, stream)
