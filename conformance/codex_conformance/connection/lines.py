"""Split a byte stream into lines without ever holding more than one line's limit.

``for line in stream`` would read a line that never ends into memory whole
(a 300 MB line without a newline took the kit to 677 MB).  ``LineSplitter``
is fed chunks as they arrive; once the line in progress passes the limit it
keeps only its head (for the error message and for finding its id), drops
the rest up to the next newline, and reports the line as ``Oversize``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

CHUNK_BYTES = 64 * 1024
HEAD_BYTES = 64 * 1024  # bytes of an oversize line kept


@dataclass(frozen=True)
class Oversize:
    """A line that passed the limit; ``size`` is what had arrived by then."""

    head: bytes
    size: int
    limit: int

    def describe(self) -> str:
        return f"a line longer than the limit of {self.limit:,} bytes per line"


Line = bytes | Oversize


class LineSplitter:
    def __init__(self, max_line_bytes: int) -> None:
        self._limit = max_line_bytes
        self._pending = bytearray()
        self._skipping = False  # inside an oversize line, dropping bytes until its newline

    def feed(self, chunk: bytes) -> list[Line]:
        """The lines ``chunk`` completes (or reveals as oversize), in order, without newlines."""
        lines: list[Line] = []
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if not self._skipping:
                self._pending += piece
                if len(self._pending) > self._limit:
                    lines.append(self._give_up())
            if end < 0:
                return lines
            if self._skipping:
                self._skipping = False
            else:
                lines.append(bytes(self._pending))
                self._pending.clear()
            start = end + 1

    def finish(self) -> list[Line]:
        """At end of stream: a last line that has no newline still counts."""
        if self._skipping or not self._pending:
            return []
        last = bytes(self._pending)
        self._pending.clear()
        return [last]

    def _give_up(self) -> Oversize:
        oversize = Oversize(
            head=bytes(self._pending[:HEAD_BYTES]), size=len(self._pending), limit=self._limit
        )
        self._pending = bytearray()  # a fresh buffer, so the big one is freed
        self._skipping = True
        return oversize


def read_lines(read: Callable[[int], bytes], max_line_bytes: int) -> Iterator[Line]:
    """Lines from ``read(n)`` (a ``read1``-like call: whatever is available, ``b""`` at the end)."""
    splitter = LineSplitter(max_line_bytes)
    while chunk := read(CHUNK_BYTES):
        yield from splitter.feed(chunk)
    yield from splitter.finish()
