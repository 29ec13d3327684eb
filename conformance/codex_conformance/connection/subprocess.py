"""An implementation in any language, as a child process speaking JSON lines.

The child is started once and kept.  Each request is one line
``{"id", "op", "args"}`` on its stdin; its reply is one line on its stdout
with the same ``id``.  Anything else (the child exits, stays silent past the
timeout, writes a line that is not a valid response) raises
``HarnessError`` for that request; the child is then killed and a fresh one
is started (and greeted with ``hello`` again) at the next request, so one
bad case cannot take the rest of the run down with it.

Reads happen on a background thread feeding a queue, and writes go through
a non-blocking pipe with a deadline, so no request can hang the kit.  The
child's stderr is collected on another thread into a bounded buffer: it is
never mixed into the kit's output, and its tail is quoted in error messages.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO, Any

from codex_conformance.connection.base import Connection
from codex_conformance.errors import HarnessError
from codex_conformance.protocol import (
    HELLO_OP,
    Hello,
    ProtocolError,
    Request,
    Response,
    parse_hello,
    parse_response,
)

DEFAULT_TIMEOUT = 10.0
_STDERR_KEPT = 64 * 1024  # bytes of the child's stderr kept in memory
_STDERR_QUOTED = 2 * 1024  # bytes of it quoted in an error message
_LINE_QUOTED = 300  # characters of an invalid line quoted in an error message


class CannotStart(HarnessError):
    """The command could not be started at all (not found, not executable)."""


class _Child:
    """One running child process with its reader threads."""

    def __init__(self, argv: Sequence[str], env: dict[str, str] | None) -> None:
        try:
            self.process = subprocess.Popen(
                list(argv),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                # Its own process group, so a kill also reaches whatever the
                # command spawned (a shell wrapper's real server, say).
                start_new_session=True,
            )
        except OSError as exc:
            raise CannotStart(f"cannot start {' '.join(argv)!r}: {exc.strerror or exc}") from exc
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        assert self.process.stderr is not None
        self._stdin_fd = self.process.stdin.fileno()
        os.set_blocking(self._stdin_fd, False)
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr = bytearray()
        self._stderr_lock = threading.Lock()
        threading.Thread(target=self._read_stdout, args=(self.process.stdout,), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(self.process.stderr,), daemon=True).start()

    def _read_stdout(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            for line in stream:
                self.lines.put(line)
        self.lines.put(None)  # end of output: the child exited or closed stdout

    def _read_stderr(self, stream: IO[bytes]) -> None:
        assert isinstance(stream, io.BufferedReader)  # Popen's default buffering
        with contextlib.suppress(OSError, ValueError):
            while chunk := stream.read1(4096):
                with self._stderr_lock:
                    self._stderr += chunk
                    del self._stderr[:-_STDERR_KEPT]

    def stderr_tail(self, limit: int = _STDERR_QUOTED) -> str:
        with self._stderr_lock:
            return bytes(self._stderr[-limit:]).decode("utf-8", errors="replace")

    def write(self, data: bytes, deadline: float) -> None:
        """Write all of ``data`` before ``deadline`` or raise; never blocks past it."""
        view = memoryview(data)
        with selectors.DefaultSelector() as selector:
            selector.register(self._stdin_fd, selectors.EVENT_WRITE)
            while view:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not selector.select(remaining):
                    raise HarnessError("timed out writing the request (the child is not reading its stdin)")
                try:
                    written = os.write(self._stdin_fd, view)
                except BlockingIOError:
                    continue
                except OSError as exc:  # BrokenPipeError: the child is gone
                    raise HarnessError(f"cannot write the request: {exc.strerror or exc}") from exc
                view = view[written:]

    def exit_code(self, wait: float = 0.0) -> int | None:
        try:
            return self.process.wait(timeout=wait) if wait else self.process.poll()
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        self._close_pipes()

    def close(self, grace: float = 2.0) -> None:
        """Ask the child to finish (EOF on stdin), then kill it if it does not."""
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        if self.exit_code(wait=grace) is None:
            self.kill()
        self._close_pipes()

    def _close_pipes(self) -> None:
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()


class SubprocessConnection(Connection):
    """Runs ``argv`` as the implementation; see the module docstring for the rules."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        env: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        if not argv:
            raise ValueError("empty command line")
        self.argv = list(argv)
        self.timeout = timeout
        self._env = env
        self._child: _Child | None = None
        self._next_id = 0
        self.starts = 0  # how many children were started; > 1 means restarts happened

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

    def _live_child(self) -> _Child:
        """The running child, starting (and greeting) a new one if needed."""
        if self._child is not None and self._child.exit_code() is None:
            return self._child
        self._discard_child()
        child = _Child(self.argv, self._env)
        self._child = child
        self.starts += 1
        try:
            hello = parse_hello(self._exchange(child, HELLO_OP, {}))
        except HarnessError:
            self._discard_child()
            raise
        if self._hello is None:
            self._hello = hello
        return child

    def _discard_child(self) -> None:
        if self._child is not None:
            self._child.kill()
            self._child = None

    def _exchange(self, child: _Child, op: str, args: dict[str, Any]) -> Response:
        self._next_id += 1
        request_id = self._next_id
        deadline = time.monotonic() + self.timeout
        try:
            line = json.dumps(
                Request(id=request_id, op=op, args=args).to_wire(), ensure_ascii=False, allow_nan=False
            )
            child.write(line.encode("utf-8") + b"\n", deadline)
            return parse_response(self._read_reply(child, deadline), expected_id=request_id)
        except HarnessError as exc:
            # The child's state is unknown now (it may still answer late, or
            # be half-way through a line), so it is replaced, not reused.
            message = f"{exc} [op {op!r}, {self.describe()}]"
            stderr = child.stderr_tail()
            self._discard_child()
            if stderr.strip():
                message += "\n--- stderr (last lines) ---\n" + stderr.rstrip()
            exc.args = (message,)
            raise

    def _read_reply(self, child: _Child, deadline: float) -> object:
        try:
            raw = child.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise HarnessError(f"no response within {self.timeout:g} s") from None
        if raw is None:
            code = child.exit_code(wait=1.0)
            raise HarnessError(f"the process exited (code {code}) before answering")
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            shown = raw.decode("utf-8", errors="replace").rstrip("\n")[:_LINE_QUOTED]
            raise ProtocolError(f"not a JSON line ({exc}): {shown!r}") from exc
