"""A release's JSON-RPC server (``codex mcp``, ``codex app-server``) driven over stdio.

Both servers speak JSON-RPC 2.0, one message per line.  ``ReleaseProcess``
starts one and always stops it; ``JsonRpcClient`` sends requests and reads
answers, notifications and the server's own requests.  Every read shares
one deadline, so a release that stops talking ends the capture with an
error instead of hanging it.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import IO, Any

from codex_workshop.drive import sandbox
from codex_workshop.drive.errors import CaptureError
from codex_workshop.drive.stall import run_wait

Message = dict[str, Any]
# Answers one request the server sends (``{"result": ...}`` or ``{"error": ...}``).
RequestHandler = Callable[[Message], Message]

_CLOSED = object()  # queued by the reader thread when the server closes its output
_NOT_SUPPORTED = {"error": {"code": -32601, "message": "not supported"}}


class ReleaseProcess:
    """A release started with pipes; its stderr is drained on a thread so a
    chatty release never blocks on a full pipe, and it is stopped on exit.

    It runs behind the OS barrier (drive/sandbox.py): the host read-only,
    and only ``writable`` (its home and working directory) writable."""

    def __init__(
        self, argv: Sequence[str], *, cwd: str, env: Mapping[str, str], writable: Sequence[str]
    ) -> None:
        self.process = subprocess.Popen(
            sandbox.host_read_only(argv, writable=writable, readable=argv[:1], cwd=cwd),
            cwd=cwd,
            env=dict(env),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
        self._stderr_chunks: list[str] = []
        stderr = self.process.stderr
        assert stderr is not None
        self._drain = threading.Thread(target=lambda: self._stderr_chunks.append(stderr.read()), daemon=True)
        self._drain.start()

    def __enter__(self) -> ReleaseProcess:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        assert self.process.stdin is not None
        with contextlib.suppress(OSError):  # the release is gone already
            self.process.stdin.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._drain.join(timeout=5)

    @property
    def returncode(self) -> int:
        """The exit status (negative: the signal that stopped it); only once the context has exited."""
        code = self.process.returncode
        if code is None:
            raise RuntimeError("the release is still running")
        return code

    def stderr_text(self) -> str:
        """What the release wrote to stderr (complete once the context has exited)."""
        return "".join(self._stderr_chunks)


class JsonRpcClient:
    """Requests and reads with one deadline; the server's own requests are
    answered by ``on_request`` (default: refused, so it never waits on us)."""

    def __init__(
        self,
        process: ReleaseProcess,
        *,
        name: str,
        timeout: float,
        on_request: RequestHandler | None = None,
        envelope: Mapping[str, Any] | None = None,
    ) -> None:
        stdin, stdout = process.process.stdin, process.process.stdout
        assert stdin is not None and stdout is not None
        self._stdin: IO[str] = stdin
        self._name = name
        # The per-case timeout's share, when an adapter call has one (drive/stall.py).
        self.timeout = run_wait(timeout)  # what it waits in all, for error messages
        self._deadline = time.monotonic() + self.timeout
        self._on_request = on_request or (lambda _message: _NOT_SUPPORTED)
        # Fields every message carries (``codex mcp`` wants ``"jsonrpc": "2.0"``).
        self._envelope = dict(envelope or {})
        self._messages: queue.Queue[Any] = queue.Queue()
        # Every message read, in order: what a client of the release is sent
        # (notifications and the server's requests), for ops whose subject it is.
        self.received: list[Message] = []
        self._next_id = 1
        threading.Thread(target=self._read, args=(stdout,), daemon=True).start()

    def _read(self, stdout: IO[str]) -> None:
        for line in stdout:
            try:
                self._messages.put(json.loads(line))
            except json.JSONDecodeError:
                continue  # not a protocol message
        self._messages.put(_CLOSED)

    def send(self, message: Message) -> None:
        self._stdin.write(json.dumps({**self._envelope, **message}, ensure_ascii=False) + "\n")
        self._stdin.flush()

    def request(self, method: str, params: Message) -> Message:
        """The answer message (``result`` or ``error``) to one request."""
        request_id = self._next_id
        self._next_id += 1
        self.send({"id": request_id, "method": method, "params": params})
        found = self.wait(lambda message: message.get("id") == request_id and "method" not in message)
        if found is None:
            raise CaptureError(f"{self._name} did not answer {method} in time")
        return found

    def result(self, method: str, params: Message) -> Message:
        """The result of one request; an error answer is a CaptureError."""
        answer = self.request(method, params)
        if "error" in answer:
            raise CaptureError(f"{self._name} refused {method}: {answer['error']}")
        result = answer.get("result")
        return result if isinstance(result, dict) else {}

    def wait(self, done: Callable[[Message], bool]) -> Message | None:
        """Read until ``done(message)``, answering the server's requests on the way; None at the deadline."""
        while True:
            remaining = self._deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                message = self._messages.get(timeout=remaining)
            except queue.Empty:
                return None
            if message is _CLOSED:
                raise CaptureError(f"{self._name} closed its output")
            if not isinstance(message, dict):
                continue
            self.received.append(message)
            if "method" in message and "id" in message:
                self.send({"id": message["id"], **self._on_request(message)})
            if done(message):
                return message
