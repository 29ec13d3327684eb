"""An incremental Server-Sent Events reader with the framing both editions get from the
Rust crate ``eventsource-stream`` 0.2.3 (spec/sse.md, SSE-FRAME-*).

It takes bytes in reads of any size and yields ``data`` payloads.  It never
raises: malformed input ends in a ``StreamBroken`` marker or is skipped, as
in the release.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class StreamBroken:
    """The release's stream task died (a BOM panics the crate; bad UTF-8 is an error).

    No reason is kept: the release shows none, the stream just ends without
    response.completed."""


class SseReader:
    """Feed bytes with ``feed``; call ``close`` at end of stream.  Both return the
    ``data`` of every event completed so far (and possibly a ``StreamBroken``)."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._pending = ""  # text not yet split into complete lines
        self._data: list[str] = []
        self._has_data = False
        self._started = False
        self._head = b""  # the first bytes, until we know whether they are a BOM

    def feed(self, chunk: bytes) -> list[str | StreamBroken]:
        """The events ``chunk`` completes.  After a ``StreamBroken`` the stream is dead: every
        reader of ``read_all`` stops there, so nothing is fed after one."""
        if not self._started:
            # Only the stream's very first bytes are checked; the crate panics
            # slicing inside a leading U+FEFF, and the stream dies with it.
            self._head += chunk
            if len(self._head) < len(_BOM) and _BOM.startswith(self._head):
                return []
            self._started = True
            chunk, self._head = self._head, b""
            if chunk.startswith(_BOM):
                return [StreamBroken()]  # the crate panics on it
        try:
            text = self._decoder.decode(chunk)
        except UnicodeDecodeError:
            return [StreamBroken()]  # invalid UTF-8
        return self._lines(text)

    def close(self) -> list[str | StreamBroken]:
        out: list[str | StreamBroken] = []
        if not self._started and self._head:
            self._started = True
            out += self.feed(b"")
        # An unterminated last line, and an event without its blank line, are dropped.
        return out

    def _lines(self, text: str) -> list[str | StreamBroken]:
        buffer = self._pending + text
        out: list[str | StreamBroken] = []
        start = 0
        length = len(buffer)
        while True:
            lf = buffer.find("\n", start)
            cr = buffer.find("\r", start, lf if lf >= 0 else length)
            if cr >= 0:
                if cr + 1 == length:
                    break  # a CR at the end may be the first half of CR LF: wait
                end, after = cr, cr + 2 if buffer[cr + 1] == "\n" else cr + 1
            elif lf >= 0:
                end, after = lf, lf + 1
            else:
                break
            data = self._line(buffer[start:end])
            if data is not None:
                out.append(data)
            start = after
        self._pending = buffer[start:]
        return out

    def _line(self, line: str) -> str | None:
        if not line:
            if not self._has_data:
                return None
            data = "\n".join(self._data)
            self._data.clear()
            self._has_data = False
            return data
        if line[0] == ":":
            return None  # a comment
        name, colon, value = line.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if name == "data":
            self._data.append(value)
            self._has_data = True
        # `event`, `id`, `retry` and unknown fields change nothing the release acts on:
        # it dispatches on the JSON `type`, never on the event name.
        return None


def read_all(chunks: Iterable[bytes]) -> Iterator[str | StreamBroken]:
    reader = SseReader()
    for chunk in chunks:
        yield from reader.feed(chunk)
    yield from reader.close()
