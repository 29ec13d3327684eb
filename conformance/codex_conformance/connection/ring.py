"""The last N bytes of a stream (a child's stderr), in bounded memory, safe across threads."""

from __future__ import annotations

import threading


class RingBuffer:
    def __init__(self, capacity: int) -> None:
        self._capacity = capacity
        self._data = bytearray()
        self._lock = threading.Lock()
        self.total = 0  # bytes ever appended, kept or not

    def append(self, chunk: bytes) -> None:
        with self._lock:
            self.total += len(chunk)
            self._data += chunk[-self._capacity :]
            # Trim only once the buffer holds twice the capacity, so a flood
            # of small chunks costs amortized O(1) per byte, not a memmove each.
            if len(self._data) > 2 * self._capacity:
                del self._data[: -self._capacity]

    def tail(self, limit: int | None = None) -> bytes:
        """The last ``limit`` bytes kept (at most the capacity)."""
        with self._lock:
            keep = self._capacity if limit is None else min(limit, self._capacity)
            return bytes(self._data[-keep:]) if keep > 0 else b""
