"""``codex-conformance serve IMPL``: any Python adapter over the JSON-lines transport.

This lets an adapter be run as ``cmd:codex-conformance serve pkg.mod``
(giving it a per-case timeout and crash isolation) and is how the
transport itself is tested against the in-process path.

An exception in the adapter, or a reply that breaks the protocol, is sent
back as an error of the reserved kind ``internal``, which the kit counts as
a harness ERROR and never as a correct rejection.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

from codex_conformance.connection import Handler
from codex_conformance.connection.inprocess import exception_summary, wire_copy
from codex_conformance.errors import HarnessError
from codex_conformance.protocol import INTERNAL_ERROR_KIND, Request, parse_response


def internal_error(message: str) -> dict[str, Any]:
    return {"error": {"kind": INTERNAL_ERROR_KIND, "message": message}}


def answer(handler: Handler, request: Request) -> dict[str, Any]:
    """The adapter's reply to one request, always a valid response body (without the id)."""
    try:
        raw = handler({"op": request.op, "args": request.args})
    except Exception as exc:
        return internal_error(f"adapter raised on op {request.op!r}: {exception_summary(exc)}")
    try:
        reply = wire_copy(raw, "response")
        parse_response(reply)
    except HarnessError as exc:
        return internal_error(f"adapter returned an invalid response to op {request.op!r}: {exc}")
    assert isinstance(reply, dict)
    return reply


def serve(handler: Handler, stdin: IO[bytes], stdout: IO[bytes], log: IO[str]) -> int:
    """Answer requests from ``stdin`` until it closes; returns the exit code."""
    for line in stdin:
        try:
            request = Request.model_validate(json.loads(line.decode("utf-8")))
        except ValueError as exc:  # JSON, UTF-8 and pydantic errors are all ValueErrors
            # Without a valid id no reply can be matched; the kit will time out and restart us.
            print(f"codex-conformance serve: ignoring an invalid request line: {exc}", file=log, flush=True)
            continue
        if request.id is None:
            print("codex-conformance serve: ignoring a request without an id", file=log, flush=True)
            continue
        reply = {"id": request.id, **answer(handler, request)}
        stdout.write(json.dumps(reply, ensure_ascii=False).encode("utf-8") + b"\n")
        stdout.flush()
    return 0


def serve_stdio(handler: Handler) -> int:
    # The protocol owns the real stdout; anything the adapter prints goes to
    # stderr instead, where it cannot corrupt a response line.
    protocol_out = sys.stdout.buffer
    sys.stdout = sys.stderr
    return serve(handler, sys.stdin.buffer, protocol_out, sys.stderr)
