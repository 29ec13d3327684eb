"""How a gateway under test is plugged in: a start command the kit fills, or one already running.

``cmd:TEMPLATE``: the kit picks a free loopback port, fills ``{port}`` and
``{upstream}`` (the kit's upstream base URL, e.g. ``http://127.0.0.1:PORT/v1``)
and starts the command without a shell (the template is split like a shell
line).  The release is pointed at ``http://127.0.0.1:{port}`` plus the path
given with ``--gateway-path`` (``/v1`` by default).  The gateway is ready
when its port accepts a connection; one that exits first, or is not ready by
the deadline, is a ``GatewayError`` carrying what it printed.

A URL (``http://host:port/v1``) names a gateway already running: it must
have been configured to forward to the kit's upstream, which then listens on
the fixed port given with ``--upstream-port``.
"""

from __future__ import annotations

import os
import shlex
import signal
import socket
import string
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit

from codex_workshop.drive.scratch import scratch_dir

DEFAULT_READY_SECONDS = 30.0
DEFAULT_PATH = "/v1"
_FIELDS = {"port", "upstream"}
_LOG_TAIL_CHARS = 4000


class GatewayError(Exception):
    """The gateway could not be used: a bad template or URL, it never became ready, it died.
    ``output`` is what it printed (stdout and stderr), for the report."""

    def __init__(self, message: str, output: str = "") -> None:
        super().__init__(message)
        self.output = output


@dataclass(frozen=True)
class GatewaySpec:
    """Either ``argv_template`` (a command to start) or ``url`` (a gateway already running)."""

    argv_template: tuple[str, ...] = ()
    url: str | None = None
    path: str = DEFAULT_PATH

    @property
    def label(self) -> str:
        return self.url if self.url is not None else shlex.join(self.argv_template)


def _fields(part: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(part) if name is not None}
    except ValueError as broken:
        raise GatewayError(f"bad gateway template {part!r}: {broken}") from None


def parse_gateway(text: str, *, path: str = DEFAULT_PATH) -> GatewaySpec:
    """``cmd:TEMPLATE`` or an http(s) URL; anything else is a ``GatewayError`` saying what was wrong."""
    if not path.startswith("/"):
        raise GatewayError(f"--gateway-path must start with '/': {path!r}")
    # The release appends `/responses` to its base URL, and some releases (0.25.0) keep a
    # trailing slash: `--gateway-path /` would have them post to `//responses`.
    path = path.rstrip("/")
    if text.startswith("cmd:"):
        try:
            argv = tuple(shlex.split(text[len("cmd:") :]))
        except ValueError as broken:
            raise GatewayError(f"bad gateway template {text!r}: {broken}") from None
        if not argv:
            raise GatewayError("the gateway template is empty: give a command after 'cmd:'")
        used: set[str] = set()
        for part in argv:
            used |= _fields(part)
        unknown = used - _FIELDS
        if unknown:
            names = ", ".join("{" + name + "}" for name in sorted(unknown))
            raise GatewayError(
                f"the gateway template names {names}; it may use only {{port}} and {{upstream}}"
            )
        if "port" not in used:
            raise GatewayError(
                "the gateway template never names {port}: the kit cannot tell where it listens"
            )
        return GatewaySpec(argv_template=argv, path=path)
    parts = urlsplit(text)
    if parts.scheme in {"http", "https"} and parts.hostname:
        return GatewaySpec(url=text.rstrip("/"), path=path)
    raise GatewayError(f"--gateway must be 'cmd:TEMPLATE' or an http(s) URL, not {text!r}")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _accepts(port: int, host: str = "127.0.0.1") -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


@dataclass
class RunningGateway:
    """A gateway the release can be pointed at; ``output()`` is what it printed so far."""

    base_url: str
    process: subprocess.Popen[bytes] | None = None
    log_path: Path | None = None

    def output(self) -> str:
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(encoding="utf-8", errors="replace")[-_LOG_TAIL_CHARS:]

    def check_alive(self) -> None:
        if self.process is not None and self.process.poll() is not None:
            raise GatewayError(f"the gateway exited with status {self.process.returncode}", self.output())


@contextmanager
def running_gateway(
    spec: GatewaySpec, upstream_url: str, *, ready_seconds: float = DEFAULT_READY_SECONDS
) -> Iterator[RunningGateway]:
    """Start the gateway (or take the running one), wait until it is ready, stop it afterwards."""
    if spec.url is not None:
        _wait_reachable(spec.url, ready_seconds)
        yield RunningGateway(spec.url)
        return
    port = free_port()
    try:
        argv = [part.format(port=port, upstream=upstream_url) for part in spec.argv_template]
    except (KeyError, IndexError, ValueError) as broken:
        raise GatewayError(f"bad gateway template {spec.label!r}: {broken}") from None
    with scratch_dir(prefix="codex-conformance-gateway-log-") as log_dir:
        log_path = Path(log_dir) / "gateway.log"
        with log_path.open("wb") as log:
            try:
                process = subprocess.Popen(  # the user's own gateway command
                    argv,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    start_new_session=True,
                )
            except OSError as failed:
                raise GatewayError(
                    f"the gateway command could not start: {argv[0]}: {failed.strerror}"
                ) from None
        gateway = RunningGateway(f"http://127.0.0.1:{port}{spec.path}", process, log_path)
        try:
            with _exit_on_sigterm():
                _wait_ready(gateway, port, ready_seconds)
                yield gateway
        finally:
            _stop(process)


@contextmanager
def _exit_on_sigterm() -> Iterator[None]:
    """SIGTERM raises KeyboardInterrupt here, so the ``finally`` above stops the gateway.

    By default SIGTERM ends Python without unwinding, and the gateway, in a
    session of its own, went on serving after the run that started it was
    stopped (a CI timeout, ``kill``).  Only where the default is in force, and
    only in the main thread (the only one a handler can be set from).  An interrupt,
    not SystemExit: pytest reports a SystemExit as one failed test and goes on.
    """
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _wait_reachable(url: str, ready_seconds: float) -> None:
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    port = parts.port or (443 if parts.scheme == "https" else 80)
    deadline = time.monotonic() + ready_seconds
    while not _accepts(port, host):
        if time.monotonic() > deadline:
            raise GatewayError(f"nothing accepted connections at {host}:{port} within {ready_seconds:g} s")
        time.sleep(0.1)


def _wait_ready(gateway: RunningGateway, port: int, ready_seconds: float) -> None:
    deadline = time.monotonic() + ready_seconds
    while True:
        gateway.check_alive()
        if _accepts(port):
            return
        if time.monotonic() > deadline:
            raise GatewayError(
                f"the gateway did not accept connections on 127.0.0.1:{port} within {ready_seconds:g} s",
                gateway.output(),
            )
        time.sleep(0.1)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    # The gateway was started in a session of its own: its group is its workers too.
    _signal_group(process, signal.SIGTERM)
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        _signal_group(process, signal.SIGKILL)
        process.wait(timeout=5)


def _signal_group(process: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        return


__all__ = [
    "DEFAULT_PATH",
    "DEFAULT_READY_SECONDS",
    "GatewayError",
    "GatewaySpec",
    "RunningGateway",
    "free_port",
    "parse_gateway",
    "running_gateway",
]
