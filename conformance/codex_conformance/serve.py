"""``codex-conformance serve IMPL``: any Python adapter over the JSON-lines transport.

This lets an adapter be run as ``cmd:codex-conformance serve pkg.mod``
(giving it a per-case timeout and crash isolation) and is how the
transport itself is tested against the in-process path.

It survives every input: each line is handled inside its own boundary, and
no line, however malformed, ends the loop.

- A valid request gets the adapter's reply.  An exception in the adapter,
  or a reply that breaks the protocol, is sent back as an error of the
  reserved kind ``internal``, which the kit counts as a harness ERROR and
  never as a correct rejection.
- A line that is not a valid request but can be tied to an integer ``id``
  gets an error of the reserved kind ``protocol`` with that id, so the kit
  is answered at once instead of waiting out its timeout.
- A line without a usable id is logged to stderr and skipped.

Ids are never coerced: ``"5"``, ``true`` and ``2.0`` are not ids.  Output
is ASCII-only JSON, so a lone surrogate in a reply is escaped rather than
failing to encode.
"""

from __future__ import annotations

import contextlib
import io
import sys
from typing import IO, Any

from pydantic import ValidationError

from codex_conformance.connection import Handler
from codex_conformance.connection.attribution import leading_id
from codex_conformance.connection.inprocess import exception_summary, wire_copy
from codex_conformance.connection.jsonline import decode_line, encode_line
from codex_conformance.connection.limits import DEFAULT_LIMITS, Limits
from codex_conformance.connection.lines import Line, Oversize, read_lines
from codex_conformance.errors import HarnessError
from codex_conformance.protocol import (
    INTERNAL_ERROR_KIND,
    PROTOCOL_ERROR_KIND,
    ProtocolError,
    Request,
    is_wire_id,
    parse_response,
    summarize_validation,
    truncate_text,
)

_MESSAGE_CHARS = 2000  # characters of an error message sent back or logged


class BadLine(Exception):
    """A line that is not a valid request; ``request_id`` is its id when one could be found."""

    def __init__(self, message: str, request_id: int | None) -> None:
        super().__init__(message)
        self.request_id = request_id


def error_reply(kind: str, message: str, request_id: int | None = None) -> dict[str, Any]:
    body = {"error": {"kind": kind, "message": truncate_text(message, _MESSAGE_CHARS)}}
    return body if request_id is None else {"id": request_id, **body}


def internal_error(message: str) -> dict[str, Any]:
    return error_reply(INTERNAL_ERROR_KIND, message)


def answer(handler: Handler, request: Request, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """The adapter's reply to one request, always a valid response body (without the id)."""
    try:
        raw = handler({"op": request.op, "args": request.args})
    except Exception as exc:
        return internal_error(f"adapter raised on op {request.op!r}: {exception_summary(exc)}")
    try:
        reply = wire_copy(raw, "response", limits)
        parse_response(reply)
    except HarnessError as exc:
        return internal_error(f"adapter returned an invalid response to op {request.op!r}: {exc}")
    assert isinstance(reply, dict)
    return reply


def read_request(line: Line, limits: Limits = DEFAULT_LIMITS) -> Request:
    """The request on ``line``, or ``BadLine`` saying what is wrong and, if it can, whose line it is."""
    if isinstance(line, Oversize):
        raise BadLine(line.describe(), leading_id(line.head))
    try:
        value = decode_line(line, limits)
    except ProtocolError as exc:
        raise BadLine(str(exc), leading_id(line)) from None
    if not isinstance(value, dict):
        raise BadLine(f"a request must be a JSON object, got {type(value).__name__}", None)
    request_id = value.get("id")
    if not is_wire_id(request_id):
        shown = "no id" if "id" not in value else f"id {request_id!r:.80} ({type(request_id).__name__})"
        raise BadLine(f"a request needs an integer id, got {shown}", None)
    try:
        return Request.model_validate(value)
    except ValidationError as exc:
        raise BadLine(f"invalid request: {summarize_validation(exc)}", request_id) from None


def reply_to(handler: Handler, line: Line, limits: Limits = DEFAULT_LIMITS) -> dict[str, Any]:
    """The reply line ``line`` deserves, or ``BadLine`` with no id if there is nobody to answer."""
    try:
        request = read_request(line, limits)
    except BadLine as bad:
        if bad.request_id is None:
            raise
        return error_reply(PROTOCOL_ERROR_KIND, str(bad), bad.request_id)
    assert request.id is not None  # read_request checked it
    return {"id": request.id, **answer(handler, request, limits)}


def serve(
    handler: Handler, stdin: IO[bytes], stdout: IO[bytes], log: IO[str], *, limits: Limits = DEFAULT_LIMITS
) -> int:
    """Answer requests from ``stdin`` until it closes; returns the exit code."""
    # read1 returns what is there without waiting for a full buffer, so a
    # request is answered as soon as its line is complete.
    read = stdin.read1 if isinstance(stdin, io.BufferedIOBase) else stdin.read
    for line in read_lines(read, limits.max_line_bytes):
        try:
            reply = reply_to(handler, line, limits)
        except BadLine as bad:
            _log(log, f"ignoring a line without an integer id, so it cannot be answered: {bad}")
            continue
        except Exception as exc:  # a bug of our own must cost one line, not the server
            request_id = leading_id(line.head if isinstance(line, Oversize) else line)
            _log(log, f"failed on a line (id {request_id}): {exception_summary(exc)}")
            if request_id is None:
                continue
            reply = error_reply(INTERNAL_ERROR_KIND, f"serve failed: {exc!r}", request_id)
        try:
            stdout.write(encode_line(reply))
            stdout.flush()
        except (OSError, ValueError) as exc:  # the kit went away: nobody is left to answer
            _log(log, f"cannot write a reply, stopping: {exc}")
            return 1
    return 0


def serve_stdio(handler: Handler) -> int:
    # The protocol owns the real stdout; anything the adapter prints goes to
    # stderr instead, where it cannot corrupt a response line.
    protocol_out = sys.stdout.buffer
    sys.stdout = sys.stderr
    return serve(handler, sys.stdin.buffer, protocol_out, sys.stderr)


def _log(log: IO[str], message: str) -> None:
    # Never let the log itself fail on what a line contained (lone surrogates included).
    text = truncate_text(message, _MESSAGE_CHARS).encode("utf-8", "backslashreplace").decode("utf-8")
    with contextlib.suppress(OSError, ValueError):
        print(f"codex-conformance serve: {text}", file=log, flush=True)
