"""An incremental Server-Sent Events reader with the framing both editions get from the
Rust crate ``eventsource-stream`` 0.2.3 (spec/sse.md, SSE-FRAME-*).

It takes bytes in reads of any size and yields ``data`` payloads.  It never
raises: a byte order mark ends in a ``StreamBroken`` marker, as in the
release.  The bytes are always valid UTF-8 (the ops' ``stream`` is text and
``chunks_of`` encodes it), so the crate's error on invalid UTF-8 has no input
here.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class StreamBroken:
    """The release's stream task died (a byte order mark panics the crate).

    No reason is kept: the release shows none, the stream just ends without
    response.completed."""


class SseReader:
    """Feed bytes with ``feed``: it returns the ``data`` of every event completed so far
    (and possibly a ``StreamBroken``).  An unterminated last line, and an event
    without its blank line, are never returned."""

    def __init__(self) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")()
        self._pending = ""  # text not yet split into complete lines
        self._data: list[str] = []  # the data lines of the event being read
        self._started = False

    def feed(self, chunk: bytes) -> list[str | StreamBroken]:
        """The events ``chunk`` completes.  After a ``StreamBroken`` the stream is dead: every
        reader of ``read_all`` stops there, so nothing is fed after one."""
        text = self._decoder.decode(chunk)
        if text and not self._started:
            # The crate looks at the first character of its first non-empty
            # decoded read, and panics slicing inside a U+FEFF there (E-SSE-4).
            self._started = True
            if text[0] == "\ufeff":
                return [StreamBroken()]
        return self._lines(text)

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
            # The crate dispatches nothing where no data line came; this
            # dispatches "" there, which every reader skips as not JSON.
            data = "\n".join(self._data)
            self._data.clear()
            return data
        name, _colon, value = line.partition(":")
        # A comment (a line starting with `:`) has an empty field name.  The
        # space after the colon, which the crate drops, is kept: every reader
        # parses the data as JSON (or strips it to find [DONE]), where leading
        # whitespace changes nothing.
        if name == "data":
            self._data.append(value)
        # `event`, `id`, `retry` and unknown fields change nothing the release acts on:
        # it dispatches on the JSON `type`, never on the event name.
        return None


def read_all(chunks: Iterable[bytes]) -> Iterator[str | StreamBroken]:
    reader = SseReader()
    for chunk in chunks:
        yield from reader.feed(chunk)
