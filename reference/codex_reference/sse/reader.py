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
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

# A line ends at CR LF, CR or LF (SSE-FRAME-*); a run of them is read at once.
_BREAK = re.compile(r"[\r\n]")
_BREAKS = re.compile(r"(?:\r\n|\r|\n)+")
_ONE_BREAK = re.compile(r"\r\n|\r|\n")


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
        self._pending: list[str] = []  # text not yet split into complete lines, in pieces
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
        # Linear in the text, whatever it holds: pending text without a line
        # break is kept in pieces (joined once a break comes), breaks are
        # found by one regular expression scan, and a run of breaks is read
        # at once (past its second break, each one ends an empty line with no
        # data, which changes nothing).
        if not _BREAK.search(text) and not (self._pending and self._pending[-1].endswith("\r")):
            if text:
                self._pending.append(text)
            return []
        buffer = "".join(self._pending) + text
        out: list[str | StreamBroken] = []
        start = 0
        length = len(buffer)
        for run in _BREAKS.finditer(buffer):
            breaks, end = run.group(), run.end()
            if end == length and breaks.endswith("\r"):
                # A CR at the end may be the first half of CR LF: wait for what follows.
                breaks, end = breaks[:-1], end - 1
                if not breaks:
                    break
            lines = [buffer[start : run.start()]]
            if not _ONE_BREAK.fullmatch(breaks):
                lines.append("")  # the empty line the second break ends
            for line in lines:
                data = self._line(line)
                if data is not None:
                    out.append(data)
            start = end
        self._pending = [buffer[start:]] if start < length else []
        return out

    def _line(self, line: str) -> str | None:
        if not line:
            # The crate dispatches nothing where no data line came.
            if not self._data:
                return None
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
