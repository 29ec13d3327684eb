"""A Python adapter called directly, with the same checks as the wire."""

from __future__ import annotations

import json
import traceback
from typing import Any

from codex_conformance.connection.base import Connection, Handler
from codex_conformance.errors import HarnessError
from codex_conformance.protocol import ProtocolError, Request, Response, parse_response


class AdapterCrashed(HarnessError):
    """The adapter raised instead of answering."""


def exception_summary(exc: BaseException, *, limit: int = 6) -> str:
    """The exception and the innermost frames of its traceback, short enough for a report.

    The outermost frame is the kit's own call into the adapter, so it is left out.
    """
    tb = exc.__traceback__.tb_next if exc.__traceback__ is not None else None
    frames = traceback.format_tb(tb)[-limit:]
    head = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return head + ("\n" + "".join(frames).rstrip() if frames else "")


def wire_copy(value: Any, what: str) -> Any:
    """Round-trip through JSON so a Python adapter is held to what the wire can carry.

    Without this, an adapter could return tuples, NaN or non-string keys and
    pass in process while the same code fails over the subprocess transport.
    Key order survives the round trip, and ints stay distinct from floats.
    """
    try:
        return json.loads(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise ProtocolError(f"{what} is not representable as JSON: {exc}") from exc


class InProcessConnection(Connection):
    """Calls ``handler(request)`` in this process.

    There is no per-request timeout here: a Python call cannot be
    interrupted safely.  Run untrusted or slow adapters with ``cmd:``
    (for instance ``cmd:codex-conformance serve pkg.mod``) to get one.
    """

    def __init__(self, handler: Handler, *, name: str = "in-process adapter") -> None:
        super().__init__()
        self._handler = handler
        self._name = name

    def describe(self) -> str:
        return self._name

    def _send(self, op: str, args: dict[str, Any]) -> Response:
        request = Request(op=op, args=wire_copy(args, "request args")).to_wire()
        try:
            raw = self._handler(request)
        except Exception as exc:
            raise AdapterCrashed(f"adapter raised on op {op!r}: {exception_summary(exc)}") from exc
        return parse_response(wire_copy(raw, "response"))
