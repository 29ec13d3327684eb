"""Run one turn through a release's ``codex app-server`` with dynamic tools.

Dynamic tools exist only in the app-server protocol (JSON-RPC, one message
per line on stdio): the client lists them in ``thread/start`` and answers
the release's ``item/tool/call`` requests itself.  This runner speaks just
enough of it (initialize with the experimental API, thread/start,
turn/start), answers every tool call with one scripted JSON-RPC answer, and
returns the requests the release sent to the loopback mock server.

Every read has a deadline: a release that stops talking is killed, and the
run reports what it saw so far instead of hanging the capture.
"""

from __future__ import annotations

import json
import queue
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from codex_conformance.capture.exec_run import CaptureError, ExecRun, release_env, write_config
from codex_conformance.capture.mock_responses_server import MockResponsesServer, Stream

_TIMEOUT_SECONDS = 60.0
# Tools must run without asking, so no approval request interrupts the turn.
_PERMISSIONS = 'approval_policy = "never"\nsandbox_mode = "danger-full-access"'
_CLOSED = object()  # queued by the reader thread when the release closes stdout


@dataclass(frozen=True)
class AppServerRun:
    # The JSON-RPC error the release answered ``thread/start`` with, or None.
    thread_error: dict[str, Any] | None
    # The params of every ``item/tool/call`` request the release sent.
    tool_calls: list[dict[str, Any]]
    # The recorded HTTP requests (and the release's stderr) as an exec run has them.
    run: ExecRun


class _Client:
    def __init__(self, process: subprocess.Popen[str], deadline: float, answer: dict[str, Any]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self._stdin: IO[str] = process.stdin
        self._messages: queue.Queue[Any] = queue.Queue()
        self._deadline = deadline
        self._answer = answer
        self._next_id = 1
        self.tool_calls: list[dict[str, Any]] = []
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stdout: IO[str]) -> None:
        for line in stdout:
            try:
                self._messages.put(json.loads(line))
            except json.JSONDecodeError:
                continue  # not a protocol message (the release logs to stderr, but be safe)
        self._messages.put(_CLOSED)

    def send(self, message: dict[str, Any]) -> None:
        self._stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
        self._stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """The response message (``result`` or ``error``) to one request."""
        request_id = self._next_id
        self._next_id += 1
        self.send({"id": request_id, "method": method, "params": params})
        found = self.wait(lambda message: message.get("id") == request_id and "method" not in message)
        if found is None:
            raise CaptureError(f"codex app-server did not answer {method} in time")
        return found

    def wait(self, done: Any) -> dict[str, Any] | None:
        """Read messages (answering tool calls on the way) until ``done(message)``; None on timeout."""
        while True:
            remaining = self._deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                message = self._messages.get(timeout=remaining)
            except queue.Empty:
                return None
            if message is _CLOSED:
                raise CaptureError("codex app-server closed its output")
            if not isinstance(message, dict):
                continue
            if message.get("method") == "item/tool/call" and "id" in message:
                params = message.get("params")
                self.tool_calls.append(params if isinstance(params, dict) else {})
                self.send({"id": message["id"], **self._answer})
            elif "method" in message and "id" in message:
                # Any other server request (none is expected with approvals off) is refused,
                # so the release is never left waiting on this client.
                self.send({"id": message["id"], "error": {"code": -32601, "message": "not supported"}})
            if done(message):
                return message


def run_dynamic_turn(
    binary: Path,
    *,
    model: str,
    dynamic_tools: list[Any],
    streams: list[Stream],
    answer: dict[str, Any],
    prompt: str,
    timeout: float = _TIMEOUT_SECONDS,
) -> AppServerRun:
    """Start a thread with ``dynamic_tools`` and run one turn on ``prompt``.

    ``answer`` is the JSON-RPC answer to every ``item/tool/call`` (``{"result": ...}``
    or ``{"error": ...}``).  The turn is over at ``turn/completed``.
    """
    with (
        tempfile.TemporaryDirectory(prefix="codex-conformance-home-") as home_dir,
        tempfile.TemporaryDirectory(prefix="codex-conformance-work-") as work_dir,
        MockResponsesServer(streams=streams) as server,
    ):
        write_config(Path(home_dir), server.base_url, model, [], extra_toml=_PERMISSIONS)
        with subprocess.Popen(
            [str(binary), "app-server"],
            cwd=work_dir,
            env=release_env(home_dir),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
        ) as process:
            assert process.stdin is not None and process.stderr is not None
            # stderr is drained on its own thread so a chatty release never blocks on a full pipe.
            stderr, stderr_chunks = process.stderr, []

            def drain_stderr() -> None:
                stderr_chunks.append(stderr.read())

            drain = threading.Thread(target=drain_stderr, daemon=True)
            drain.start()
            client = _Client(process, time.monotonic() + timeout, answer)
            thread_error: dict[str, Any] | None = None
            try:
                initialized = client.request(
                    "initialize",
                    {
                        "clientInfo": {"name": "codex-conformance", "version": "1"},
                        "capabilities": {"experimentalApi": True},
                    },
                )
                if "error" in initialized:
                    raise CaptureError(f"codex app-server refused initialize: {initialized['error']}")
                client.send({"method": "initialized"})
                started = client.request("thread/start", {"dynamicTools": dynamic_tools, "cwd": work_dir})
                if "error" in started:
                    thread_error = started["error"]
                else:
                    thread_id = started.get("result", {}).get("thread", {}).get("id")
                    turn = client.request(
                        "turn/start",
                        {"threadId": thread_id, "input": [{"type": "text", "text": prompt}]},
                    )
                    if "error" in turn:
                        raise CaptureError(f"codex app-server refused turn/start: {turn['error']}")
                    if client.wait(lambda message: message.get("method") == "turn/completed") is None:
                        raise CaptureError(f"the turn did not complete within {timeout:g} s")
            finally:
                process.stdin.close()
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
                drain.join(timeout=5)
            run = ExecRun(process.returncode, "", "".join(stderr_chunks), list(server.requests))
            return AppServerRun(thread_error, client.tool_calls, run)
