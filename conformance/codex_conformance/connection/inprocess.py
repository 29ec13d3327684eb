"""A Python adapter called directly, with the same checks and limits as the wire."""

from __future__ import annotations

import traceback
from typing import Any

from codex_conformance.connection.base import Connection, Handler
from codex_conformance.connection.deadline import DeadlineRunner
from codex_conformance.connection.jsonline import decode_line, encode_line
from codex_conformance.connection.limits import DEFAULT_LIMITS, Limits, checked_timeout
from codex_conformance.errors import HarnessError
from codex_conformance.protocol import ProtocolError, Request, Response, parse_response, truncate_text

# The deadline when the run gives no --timeout.  Release adapters drive a real
# Codex binary per request, which can take a couple of minutes (and one retry
# after a stall); the deadline is there to end a hang, not to judge speed.
DEFAULT_INPROCESS_TIMEOUT = 300.0

_SUMMARY_CHARS = 8 * 1024  # an exception message can be as long as the adapter likes


class AdapterCrashed(HarnessError):
    """The adapter raised instead of answering."""


def exception_summary(exc: BaseException, *, limit: int = 6) -> str:
    """The exception and the innermost frames of its traceback, short enough for a report.

    The outermost frame is the kit's own call into the adapter, so it is left out.
    """
    tb = exc.__traceback__.tb_next if exc.__traceback__ is not None else None
    frames = traceback.format_tb(tb)[-limit:]
    head = truncate_text("".join(traceback.format_exception_only(type(exc), exc)).strip(), _SUMMARY_CHARS)
    return head + ("\n" + "".join(frames).rstrip() if frames else "")


def wire_copy(value: Any, what: str, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Round-trip through the wire's JSON codec, so a Python adapter is held to what the wire carries.

    Without this, an adapter could return tuples, NaN, non-string keys, a
    reply nested too deep or an integer of thousands of digits and pass in
    process while the same code fails over the subprocess transport.  Key
    order survives the round trip, and ints stay distinct from floats.
    """
    try:
        return decode_line(encode_line(value, limits)[:-1], limits)
    except ProtocolError as exc:
        raise ProtocolError(f"{what}: {exc}") from None


class InProcessConnection(Connection):
    """Calls ``handler(request)`` in this process, on a worker thread with a per-case deadline.

    A call that overruns ``timeout`` is an ERROR for its case ("hung") and
    is abandoned (see ``deadline``); ``timeout=None`` calls the handler in
    the caller's thread with no deadline.
    """

    def __init__(
        self,
        handler: Handler,
        *,
        name: str = "in-process adapter",
        timeout: float | None = DEFAULT_INPROCESS_TIMEOUT,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        super().__init__()
        self._handler = handler
        self._name = name
        self.timeout = None if timeout is None else checked_timeout(timeout)
        self.limits = limits
        self._runner = DeadlineRunner()

    def describe(self) -> str:
        return self._name

    def _send(self, op: str, args: dict[str, Any]) -> Response:
        request = Request(op=op, args=wire_copy(args, "request args", self.limits)).to_wire()
        call = self._runner.call(self._handler, request, self.timeout)
        if call.error is not None and not isinstance(call.error, Exception | SystemExit):
            # KeyboardInterrupt, a test's pytest.fail: meant for whoever runs
            # the kit, as if the adapter had been called on this thread.
            raise call.error
        if call.error is not None:
            raise AdapterCrashed(
                f"adapter raised on op {op!r}: {exception_summary(call.error)}"
            ) from call.error
        return parse_response(wire_copy(call.value, "response", self.limits))
