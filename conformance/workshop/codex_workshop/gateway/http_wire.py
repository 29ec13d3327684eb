"""HTTP/1.1 exchanges read back from the bytes a relayed connection carried (``relay.Connection``).

Requests are read only as far as needed to pair each reply with the request
it answers (method and path) and to find where the next one starts.  A reply
keeps its status, its headers as sent (order, spelling and repeats), and its
body as the release read it: chunked framing removed, a ``gzip`` or
``deflate`` encoding undone (the release undoes it too).  ``writes`` are the
offsets inside the body where one of the gateway's writes ended (the
body's own end left out): the chunk boundaries of a chunked body, else the
boundaries of the relay's reads.  A reply cut
short (the gateway closed mid-body) keeps what arrived, ``complete`` false.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from itertools import accumulate

from codex_workshop.gateway.relay import Connection

_NO_BODY_STATUSES = {204, 304}


@dataclass(frozen=True)
class Reply:
    method: str
    path: str
    status: int
    reason: str
    headers: list[tuple[str, str]]
    body: bytes
    writes: list[int] = field(default_factory=list)
    complete: bool = True
    # The Content-Encoding undone, or why the body is still encoded.
    encoding: str | None = None

    def header(self, name: str) -> str | None:
        wanted = name.lower()
        return next((value for key, value in self.headers if key.lower() == wanted), None)


class _Cursor:
    """Reads through a byte string; ``None`` from a read means the bytes ended first."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def line(self) -> bytes | None:
        end = self.data.find(b"\r\n", self.at)
        if end < 0:
            return None
        line, self.at = self.data[self.at : end], end + 2
        return line

    def take(self, count: int) -> tuple[bytes, bool]:
        piece = self.data[self.at : self.at + count]
        self.at += len(piece)
        return piece, len(piece) == count

    def rest(self) -> bytes:
        piece, self.at = self.data[self.at :], len(self.data)
        return piece

    @property
    def done(self) -> bool:
        return self.at >= len(self.data)


def _head(cursor: _Cursor) -> tuple[str, list[tuple[str, str]]] | None:
    """The start line and the header fields, or None when the bytes end inside them."""
    start = cursor.line()
    while start == b"":  # stray line ends between messages are allowed before a start line
        start = cursor.line()
    if start is None:
        return None
    headers: list[tuple[str, str]] = []
    while True:
        line = cursor.line()
        if line is None:
            return None
        if line == b"":
            return start.decode("latin-1"), headers
        name, _, value = line.decode("latin-1").partition(":")
        headers.append((name.strip(), value.strip()))


def _value(headers: list[tuple[str, str]], name: str) -> str | None:
    return next((value for key, value in headers if key.lower() == name), None)


def _chunked(cursor: _Cursor) -> tuple[bytes, list[int], bool]:
    """(body, offsets where each chunk ended, whether the last chunk arrived)."""
    body = bytearray()
    ends: list[int] = []
    while True:
        size_line = cursor.line()
        if size_line is None:
            return bytes(body), ends, False
        try:
            size = int(size_line.split(b";", 1)[0].strip() or b"x", 16)
        except ValueError:
            return bytes(body), ends, False
        if size == 0:
            while (trailer := cursor.line()) not in (b"", None):
                del trailer
            return bytes(body), ends, True
        piece, whole = cursor.take(size)
        body += piece
        ends.append(len(body))
        if not whole or cursor.line() != b"":
            return bytes(body), ends, False


def _read_ends(reads: list[bytes], start: int, stop: int) -> list[int]:
    """Where the relay's reads ended, as offsets into ``[start, stop)`` of their concatenation."""
    return [end - start for end in accumulate(len(read) for read in reads) if start < end < stop]


def _decoded(body: bytes, encoding: str | None) -> tuple[bytes, str | None, bool]:
    """(body, the encoding that was undone or left, whether the bytes are the release's decoded ones)."""
    if encoding is None or encoding.lower() == "identity":
        return body, None, True
    kind = encoding.lower()
    try:
        if kind in {"gzip", "x-gzip"}:
            return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(body), kind, True
        if kind == "deflate":
            return zlib.decompressobj().decompress(body), kind, True
    except zlib.error:
        pass
    return body, f"{kind} (left encoded)", False


def _status(start: str) -> tuple[int, str]:
    """(code, reason) of a status line; code 0 when the line is not one."""
    parts = start.split(" ", 2)
    code = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    return code, parts[2] if len(parts) > 2 else ""


def _requests(sent: bytes) -> list[tuple[str, str]]:
    """(method, path) of each request the release sent on the connection, in order."""
    cursor, found = _Cursor(sent), []
    while not cursor.done:
        head = _head(cursor)
        if head is None:
            break
        start, headers = head
        method, _, rest = start.partition(" ")
        found.append((method, rest.rsplit(" ", 1)[0]))
        if (_value(headers, "transfer-encoding") or "").lower().endswith("chunked"):
            _chunked(cursor)
        else:
            cursor.take(int(_value(headers, "content-length") or 0))
    return found


def replies(connection: Connection) -> list[Reply]:
    """Every reply on the connection, paired with its request; informational (1xx) replies skipped."""
    received = b"".join(connection.received)
    requests = _requests(bytes(connection.sent))
    cursor, found = _Cursor(received), []
    for method, path in requests:
        head = _head(cursor)
        while head is not None and 100 <= _status(head[0])[0] < 200:
            head = _head(cursor)
        if head is None:
            break
        start, headers = head
        status, reason = _status(start)
        body_start = cursor.at
        complete = True
        writes: list[int]
        if method == "HEAD" or status in _NO_BODY_STATUSES:
            body, writes = b"", []
        elif (_value(headers, "transfer-encoding") or "").lower().endswith("chunked"):
            body, writes, complete = _chunked(cursor)
        elif (length := _value(headers, "content-length")) is not None and length.isdigit():
            body, complete = cursor.take(int(length))
            writes = _read_ends(connection.received, body_start, body_start + len(body))
        else:  # delimited by the connection's close
            body = cursor.rest()
            writes = _read_ends(connection.received, body_start, body_start + len(body))
        body, encoding, readable = _decoded(body, _value(headers, "content-encoding"))
        if encoding is not None and readable:
            writes = []  # offsets into the encoded bytes say nothing about the decoded ones
        writes = [offset for offset in writes if 0 < offset < len(body)]
        found.append(Reply(method, path, status, reason, headers, body, writes, complete, encoding))
    return found


def head_end(data: bytes) -> tuple[int, list[tuple[str, str]]] | None:
    """(where the first message's head ends, its header fields), or None when the bytes end inside it."""
    cursor = _Cursor(data)
    head = _head(cursor)
    return None if head is None else (cursor.at, head[1])


def upgrade_status(connection: Connection) -> int | None:
    """The status the gateway answered a WebSocket upgrade with, when the connection opened with
    one (101: it took the WebSocket; 0: it answered nothing readable); None for any other request.
    ``replies`` skips a 101 with the other informational answers: what follows it is frames."""
    head = _head(_Cursor(bytes(connection.sent)))
    if head is None or (_value([(k.lower(), v) for k, v in head[1]], "upgrade") or "").lower() != "websocket":
        return None
    answer = _head(_Cursor(b"".join(connection.received)))
    return _status(answer[0])[0] if answer is not None else 0


__all__ = ["Reply", "head_end", "replies", "upgrade_status"]
