"""An implementation in any language, as a child process speaking JSON lines.

The child is started once and kept.  Each request is one line
``{"id", "op", "args"}`` on its stdin; its reply is one line on its stdout
with the same ``id``.  Anything else (the child exits, stays silent past the
timeout, writes a line that is not a valid response or that breaks a limit)
raises ``HarnessError`` for that request; the child is then killed and a
fresh one is started (and greeted with ``hello`` again) at the next request,
so one bad case cannot take the rest of the run down with it.

Ids decide which case a line belongs to.  A reply carrying the id of an
earlier request (an answer that came late, or came twice) belongs to that
earlier case: it is discarded and logged, never handed to the case being
run.  A second line that arrives together with a reply means the request
was answered twice, an ERROR for that request itself.

Output is read by background threads from the moment the child starts, and
writes go through a non-blocking pipe with a deadline, so no request can
hang the kit; see ``child`` for how memory stays bounded.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from codex_conformance.connection.base import Connection
from codex_conformance.connection.child import CannotStart, Child
from codex_conformance.connection.inbox import EndOfOutput
from codex_conformance.connection.jsonline import decode_line, encode_line, quote
from codex_conformance.connection.limits import DEFAULT_LIMITS, Limits, checked_timeout
from codex_conformance.connection.lines import Oversize
from codex_conformance.errors import HarnessError
from codex_conformance.protocol import (
    HELLO_OP,
    Hello,
    ProtocolError,
    Request,
    Response,
    is_wire_id,
    parse_hello,
    parse_response,
)

__all__ = ["DEFAULT_TIMEOUT", "CannotStart", "SubprocessConnection"]

DEFAULT_TIMEOUT = 10.0
_STDERR_QUOTED = 2 * 1024  # bytes of the child's stderr quoted in an error message
_NOTES_KEPT = 5  # discarded lines mentioned in the next error message

log = logging.getLogger(__name__)


class SubprocessConnection(Connection):
    """Runs ``argv`` as the implementation; see the module docstring for the rules."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        env: dict[str, str] | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        super().__init__()
        if not argv:
            raise ValueError("empty command line")
        self.argv = list(argv)
        self.timeout = checked_timeout(timeout)
        self.limits = limits
        self._env = env
        self._child: Child | None = None
        self._next_id = 0
        self._last_answered: int | None = None  # the id whose reply the current child gave last
        self._notes: list[str] = []  # lines discarded since the last error, quoted in the next one
        self.starts = 0  # how many children were started; > 1 means restarts happened
        self.discarded = 0  # lines discarded as belonging to an earlier request

    def describe(self) -> str:
        return "subprocess " + " ".join(self.argv)

    def hello(self) -> Hello:
        if self._hello is None:
            self._live_child()
        assert self._hello is not None
        return self._hello

    def _send(self, op: str, args: dict[str, Any]) -> Response:
        return self._exchange(self._live_child(), op, args)

    def close(self) -> None:
        if self._child is not None:
            self._child.close()
            self._child = None

    def _live_child(self) -> Child:
        """The running child, starting (and greeting) a new one if needed."""
        if self._child is not None and self._drain(self._child) and self._child.exit_code() is None:
            return self._child
        self._discard_child()
        child = Child(self.argv, self._env, self.limits)
        self._child = child
        self._last_answered = None
        self.starts += 1
        try:
            hello = parse_hello(self._exchange(child, HELLO_OP, {}))
        except HarnessError:
            self._discard_child()
            raise
        if self._hello is None:
            self._hello = hello
        return child

    def _drain(self, child: Child) -> bool:
        """Discard what the child wrote since its last reply; False if its output has ended.

        Such lines answer no request still open: they belong to the request
        answered last, never to the one about to be sent.
        """
        while (item := child.inbox.get_nowait()) is not None:
            if isinstance(item, EndOfOutput):
                return False
            self._discard(item, f"after the reply to request {self._last_answered}")
        return True

    def _discard(self, item: bytes | Oversize, why: str) -> None:
        shown = quote(item.head if isinstance(item, Oversize) else item)
        note = f"discarded a line written {why}: {shown}"
        log.warning("%s [%s]", note, self.describe())
        self.discarded += 1
        self._notes = [*self._notes, note][-_NOTES_KEPT:]

    def _discard_child(self) -> None:
        if self._child is not None:
            self._child.kill()
            self._child = None

    def _exchange(self, child: Child, op: str, args: dict[str, Any]) -> Response:
        self._next_id += 1
        request_id = self._next_id
        deadline = time.monotonic() + self.timeout
        try:
            child.write(encode_line(Request(id=request_id, op=op, args=args).to_wire()), deadline)
            response = self._await_reply(child, request_id, deadline)
        except HarnessError as exc:
            # The child's state is unknown now (it may still answer late, or
            # be half-way through a line), so it is replaced, not reused.
            message = f"{exc} [op {op!r}, {self.describe()}]"
            stderr = child.stderr_tail(_STDERR_QUOTED)
            self._discard_child()
            if self._notes:
                message += "\n--- discarded before this error ---\n" + "\n".join(self._notes)
                self._notes = []
            if stderr.strip():
                message += "\n--- stderr (last lines) ---\n" + stderr.rstrip()
            exc.args = (message,)
            raise
        self._last_answered = request_id
        return response

    def _await_reply(self, child: Child, request_id: int, deadline: float) -> Response:
        while True:
            try:
                item = child.inbox.get(max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                raise HarnessError(f"no response within {self.timeout:g} s") from None
            if isinstance(item, EndOfOutput):
                raise HarnessError(self._why_output_ended(child))
            if isinstance(item, Oversize):
                raise ProtocolError(f"{item.describe()}: {quote(item.head)}")
            value = decode_line(item, self.limits)
            reply_id = value.get("id") if isinstance(value, dict) else None
            if is_wire_id(reply_id) and reply_id < request_id:
                self._discard(item, f"late, answering request {reply_id} (awaiting {request_id})")
                continue
            response = parse_response(value, expected_id=request_id)
            following = child.inbox.get_nowait()
            if following is not None and not isinstance(following, EndOfOutput):
                shown = quote(following.head if isinstance(following, Oversize) else following)
                raise ProtocolError(
                    f"request {request_id} was answered with more than one line "
                    f"(one reply per request); the next line: {shown}"
                )
            return response

    @staticmethod
    def _why_output_ended(child: Child) -> str:
        code = child.exit_code(wait=0.5)
        if code is None:
            return "the process closed its stdout before answering (it is still running)"
        return f"the process exited (code {code}) before answering"
