"""A byte-for-byte TCP relay between the release and the gateway that keeps every byte it passed.

Why a relay, and why at this place: what a recording must hold is what the
release *read* from the gateway (its status line, headers and stream), and
the kit sees neither end of that connection otherwise: the release is a
closed binary, and the gateway is a program of someone else's (its own
process, any language).  The kit's upstream sees only the gateway's other
side.  So the release is pointed at this relay instead of the gateway; the
relay connects to the gateway and copies each read to the other side at
once, unchanged and unparsed, so the release receives exactly the bytes, in
the same pieces and nearly the same timing, that the gateway wrote.  Parsing
happens afterwards, on the copy (``http_wire``), where a mistake in it can
only spoil the recording, never the run.

A TCP relay rather than an HTTP proxy: an HTTP proxy would re-frame the
reply (its own chunking, its own headers), and the recording would be of
the proxy.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field

_READ_BYTES = 65536
_BACKLOG = 16
_CONNECT_SECONDS = 5.0
# Closing a listening socket does not wake a thread blocked in accept(): it polls instead.
_ACCEPT_POLL_SECONDS = 0.1


@dataclass
class Connection:
    """One connection the release opened: the bytes it sent and the gateway's replies, read by read."""

    sent: bytearray = field(default_factory=bytearray)
    # Each read from the gateway as it arrived: their boundaries are where the gateway's writes
    # reached the relay (a Connection-close body has no other framing to show them).
    received: list[bytes] = field(default_factory=list)
    # Why the gateway could not be reached, when it could not.
    refused: str | None = None


class RecordingRelay:
    """Listens on a free loopback port and relays each connection to ``target`` (host, port)."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.connections: list[Connection] = []
        self._lock = threading.Lock()
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(_BACKLOG)
        self._listener.settimeout(_ACCEPT_POLL_SECONDS)
        self.port = int(self._listener.getsockname()[1])
        self._threads: list[threading.Thread] = []
        self._sockets: list[socket.socket] = []
        self._closed = threading.Event()

    def start(self) -> None:
        self._spawn(self._accept_loop)

    def _spawn(self, target: object, *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)  # type: ignore[arg-type]
        with self._lock:
            self._threads.append(thread)
        thread.start()

    def _accept_loop(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return  # the listener was closed
            client.settimeout(None)
            connection = Connection()
            with self._lock:
                self.connections.append(connection)
                self._sockets.append(client)
            try:
                upstream = socket.create_connection(self.target, timeout=_CONNECT_SECONDS)
            except OSError as failed:
                # The release then sees its connection closed, as it would see the gateway's refusal.
                connection.refused = str(failed)
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._sockets.append(upstream)
            self._spawn(self._pump, client, upstream, connection, True)
            self._spawn(self._pump, upstream, client, connection, False)

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket, connection: Connection, outgoing: bool) -> None:
        """Copy until ``source`` ends, then end ``sink``'s writing side: a close reaches the other end."""
        try:
            while True:
                data = source.recv(_READ_BYTES)
                if not data:
                    break
                # Kept before it is passed on: once the release has it, it may act on it at once.
                if outgoing:
                    connection.sent += data
                else:
                    connection.received.append(data)
                sink.sendall(data)
        except OSError:
            pass  # a reset on either side: whatever arrived is kept, and the other side is ended below
        with suppress(OSError):
            sink.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        """Stop accepting, close every connection, and wait for the copying to finish."""
        self._closed.set()
        with self._lock:
            sockets, threads = list(self._sockets), list(self._threads)
        for sock in sockets:
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            with suppress(OSError):
                sock.close()
        for thread in threads:
            thread.join(timeout=5)
        with suppress(OSError):
            self._listener.close()


@contextmanager
def recording_relay(target: tuple[str, int]) -> Iterator[RecordingRelay]:
    relay = RecordingRelay(target)
    relay.start()
    try:
        yield relay
    finally:
        relay.close()


__all__ = ["Connection", "RecordingRelay", "recording_relay"]
