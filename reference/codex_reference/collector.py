"""The cycle collector paused while the model makes or walks millions of containers.

The collector runs a pass every few hundred container allocations, and a
full pass over every live object now and then.  Reading a server's answer
(millions of lists and objects) or writing it back (the json encoder makes a
tuple per key) allocates containers by the million and none of them is in
a cycle, so the passes find nothing and cost seconds in a process holding
the fixtures (issue #31: 4.5 s of a 2 million key answer).  Paused only
around such work, so a call's other garbage is still collected.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused"]


@contextmanager
def paused() -> Iterator[None]:
    """No collection within; the collector as it was after (a paused one stays paused)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
