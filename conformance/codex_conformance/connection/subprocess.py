"""An implementation in any language, as a child process speaking JSON lines.

The child is started once and kept.  Each request is one line
``{"id", "op", "args"}`` on its stdin; its reply is one line on its stdout
with the same ``id``.  Anything else (the child exits, stays silent past the
timeout, writes a line that is not a valid response or that breaks a limit)
raises ``HarnessError`` for that request; the child is then killed and a
fresh one is started (and greeted with ``hello`` again) at the next request,
so one bad case cannot take the rest of the run down with it.

Every request gets exactly one reply line; any other line is a protocol
error, whatever its timing, never only a log warning (issue #31: a reply
printed twice passed whenever the copy came a moment after the first):

- a second line that arrives together with the reply: an ERROR for that
  request itself;
- a line that arrives after the reply, before the next request's reply (a
  copy 50 ms or 5 s later, a reply carrying an earlier request's id, any
  stray output): an ERROR for the *next* request, checked before it is sent
  and while it is awaited.  The next case, not the one answered twice,
  because that case's outcome has already been given out (to pytest, the
  progress line, an xdist controller) and outcomes are never revised; the
  reason names the request and op that were answered, so the error stays
  attributed.  No reply can legitimately come late: a request that timed
  out takes its child with it, and ids never repeat across children;
- a line written after the last reply: ``end()`` closes the child's stdin,
  lets it exit and reads everything it wrote, so the session can make it
  an ERROR for the last case (``session.ConformanceSession.end_connection``).

Output is read by background threads from the moment the child starts, and
writes go through a non-blocking pipe with a deadline, so no request can
hang the kit; see ``child`` for how memory stays bounded.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, NoReturn

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
_SHOWN_LINES = 3  # stray lines quoted in an error message


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
        self._last_answered: tuple[int, str] | None = None  # (id, op) the current child answered last
        self.starts = 0  # how many children were started; > 1 means restarts happened

    def describe(self) -> str:
        return "subprocess " + " ".join(self.argv)

    def hello(self) -> Hello:
        if self._hello is None:
            self._live_child(HELLO_OP)
        assert self._hello is not None
        return self._hello

    def _send(self, op: str, args: dict[str, Any]) -> Response:
        return self._exchange(self._live_child(op), op, args)

    def close(self) -> None:
        if self._child is not None:
            self._child.close()
            self._child = None

    def end(self) -> None:
        child, self._child = self._child, None
        if child is None:
            return
        stray = [item for item in child.finish() if not isinstance(item, EndOfOutput)]
        if stray:
            raise ProtocolError(f"{self._stray_message(stray, 'before it exited')} [{self.describe()}]")

    def _live_child(self, op: str) -> Child:
        """The running child, starting (and greeting) a new one if needed."""
        if self._child is not None:
            self._check_quiet(self._child, op)
            if self._child is not None and self._child.exit_code() is None:
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

    def _check_quiet(self, child: Child, op: str) -> None:
        """Before a request: ``ProtocolError`` for it if the child wrote anything since its last reply.

        Such a line answers no request still open (see the module docstring).
        A child whose output has ended is replaced (by the caller).
        """
        stray: list[bytes | Oversize] = []
        while (item := child.inbox.get_nowait()) is not None and not isinstance(item, EndOfOutput):
            stray.append(item)
        if stray:
            self._fail(child, ProtocolError(self._stray_message(stray, "before the next request")), op)

    def _stray_message(self, stray: list[bytes | Oversize], when: str) -> str:
        shown = "; ".join(
            quote(item.head if isinstance(item, Oversize) else item) for item in stray[:_SHOWN_LINES]
        )
        more = f" (and {len(stray) - _SHOWN_LINES} more)" if len(stray) > _SHOWN_LINES else ""
        return (
            f"{self._after_reply()} the child wrote {len(stray)} more line(s) {when}, answering no "
            f"request (one reply line per request): {shown}{more}"
        )

    def _after_reply(self) -> str:
        if self._last_answered is None:
            return "after starting,"
        answered, op = self._last_answered
        return f"after its reply to request {answered} (op {op!r}),"

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
            self._fail(child, exc, op)
        self._last_answered = (request_id, op)
        return response

    def _fail(self, child: Child, exc: HarnessError, op: str) -> NoReturn:
        """Raise ``exc`` for the request of ``op``, with its context; the child is replaced.

        Its state is unknown now (it may still answer late, or be half-way
        through a line), so it is never reused.
        """
        message = f"{exc} [op {op!r}, {self.describe()}]"
        stderr = child.stderr_tail(_STDERR_QUOTED)
        self._discard_child()
        if stderr.strip():
            message += "\n--- stderr (last lines) ---\n" + stderr.rstrip()
        exc.args = (message,)
        raise exc

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
                # Never a late answer: a request that timed out took its child with it.
                raise ProtocolError(
                    f"{self._after_reply()} the child wrote another reply to request {reply_id} "
                    f"while request {request_id} awaited its own (one reply line per request): {quote(item)}"
                )
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
