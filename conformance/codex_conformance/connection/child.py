"""One running adapter process: its pipes, and the threads that drain them from the start.

Both output pipes are read from the moment the process starts, each by its
own thread: stdout into a bounded ``Inbox`` of lines, stderr into a ring
buffer that keeps only its tail.  A child that floods stderr before it
answers ``hello`` therefore never blocks on a full pipe, and neither stream
can grow the kit's memory past its bound.

Each reader thread owns its stream and closes it when done; the kit never
closes them from the outside, because closing a buffered stream waits for
a read in progress on another thread.
"""

from __future__ import annotations

import contextlib
import io
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Sequence

from codex_conformance.connection.inbox import END_OF_OUTPUT, EndOfOutput, Inbox, Item
from codex_conformance.connection.limits import Limits
from codex_conformance.connection.lines import CHUNK_BYTES, LineSplitter
from codex_conformance.connection.ring import RingBuffer
from codex_conformance.errors import HarnessError


class CannotStart(HarnessError):
    """The command could not be started at all (not found, not executable)."""


class Child:
    def __init__(self, argv: Sequence[str], env: dict[str, str] | None, limits: Limits) -> None:
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
        assert isinstance(self.process.stdout, io.BufferedReader)  # Popen's default buffering
        assert isinstance(self.process.stderr, io.BufferedReader)
        self._stdin_fd = self.process.stdin.fileno()
        os.set_blocking(self._stdin_fd, False)
        self.inbox = Inbox(budget=limits.max_line_bytes)
        self.stderr = RingBuffer(limits.stderr_bytes)
        stdout, stderr = self.process.stdout, self.process.stderr
        threading.Thread(target=self._read_stdout, args=(stdout, limits), daemon=True).start()
        threading.Thread(target=self._read_stderr, args=(stderr,), daemon=True).start()

    def _read_stdout(self, stream: io.BufferedReader, limits: Limits) -> None:
        splitter = LineSplitter(limits.max_line_bytes)
        with contextlib.closing(stream), contextlib.suppress(OSError, ValueError):
            while chunk := stream.read1(CHUNK_BYTES):
                lines = splitter.feed(chunk)
                if lines and not self.inbox.put_many(lines):
                    return  # the kit discarded this child
            self.inbox.put_many([*splitter.finish(), END_OF_OUTPUT])

    def _read_stderr(self, stream: io.BufferedReader) -> None:
        with contextlib.closing(stream), contextlib.suppress(OSError, ValueError):
            while chunk := stream.read1(CHUNK_BYTES):
                self.stderr.append(chunk)

    def stderr_tail(self, limit: int) -> str:
        return self.stderr.tail(limit).decode("utf-8", errors="replace")

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

    def kill_group(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(self.process.pid, signal.SIGKILL)

    def kill(self) -> None:
        self.kill_group()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        self._release()

    def finish(self, grace: float = 2.0) -> list[Item]:
        """Close stdin, let the child exit, and return everything it wrote that the kit had not read.

        A child that does not exit within ``grace`` is killed; what it wrote
        by then is still returned.  The child is released either way.
        """
        self._close_stdin()
        exited = self.exit_code(wait=grace) is not None
        if not exited:
            self.kill_group()
        unread: list[Item] = []
        # The reader thread still has to pass on what the pipe held, then the end of output.
        deadline = time.monotonic() + grace
        while True:
            try:
                item = self.inbox.get(max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                break
            unread.append(item)
            if isinstance(item, EndOfOutput):
                break
        self.kill()
        return unread

    def close(self, grace: float = 2.0) -> None:
        """Ask the child to finish (EOF on stdin), then kill it if it does not."""
        self._close_stdin()
        if self.exit_code(wait=grace) is None:
            self.kill()
        self._release()

    def _release(self) -> None:
        self._close_stdin()
        self.inbox.close()  # wakes a reader waiting for room, which then closes its stream

    def _close_stdin(self) -> None:
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
