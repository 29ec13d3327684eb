"""The lines a child has written and the kit has not read yet, bounded in bytes.

A child may write far more than it is asked for (garbage in a loop, the
same reply twice).  The reader thread hands lines over in batches, one per
chunk it read, and waits while the inbox is over its byte budget, so the
child is slowed down by the pipe instead of growing the kit's memory.
Handing a chunk's lines over together also means that a reply written twice
in one write is visible as soon as the first copy is taken.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterable

from codex_conformance.connection.lines import Line, Oversize


class EndOfOutput:
    """The child closed its stdout (usually: it exited)."""


END_OF_OUTPUT = EndOfOutput()

Item = Line | EndOfOutput


def _size(item: Item) -> int:
    if isinstance(item, bytes):
        return len(item)
    if isinstance(item, Oversize):
        return len(item.head)
    return 0


class Inbox:
    def __init__(self, budget: int) -> None:
        self._budget = budget
        self._items: deque[Item] = deque()
        self._bytes = 0
        self._closed = False
        self._changed = threading.Condition()

    def put_many(self, items: Iterable[Item]) -> bool:
        """Add ``items`` together, waiting while over budget; False once closed (the reader stops)."""
        batch = list(items)
        size = sum(map(_size, batch))
        with self._changed:
            # An empty inbox always takes the batch, so one line as long as
            # the budget still gets through.
            while not self._closed and self._items and self._bytes + size > self._budget:
                self._changed.wait()
            if self._closed:
                return False
            self._items.extend(batch)
            self._bytes += size
            self._changed.notify_all()
            return True

    def get(self, timeout: float) -> Item:
        """The next item; ``TimeoutError`` if none arrives in ``timeout`` seconds.

        The end of output stays in the inbox once reached, so every later
        call sees it too.
        """
        deadline = time.monotonic() + timeout
        with self._changed:
            while not self._items:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self._closed:
                    raise TimeoutError
                self._changed.wait(remaining)
            return self._take()

    def get_nowait(self) -> Item | None:
        """The next item if one is already here, else None."""
        with self._changed:
            return self._take() if self._items else None

    def close(self) -> None:
        """Release the reader (and drop what is queued): the child is being discarded."""
        with self._changed:
            self._closed = True
            self._items.clear()
            self._bytes = 0
            self._changed.notify_all()

    def _take(self) -> Item:
        item = self._items[0]
        if isinstance(item, EndOfOutput):
            return item
        self._items.popleft()
        self._bytes -= _size(item)
        self._changed.notify_all()
        return item
