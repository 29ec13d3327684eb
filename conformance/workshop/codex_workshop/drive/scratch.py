"""Temporary directories a release writes in, removed even while a stopped release is still exiting.

A run that overruns its deadline is stopped by killing its sandbox; the
release's own processes die a moment later, and until then one can still
create a file in its home.  ``tempfile.TemporaryDirectory`` then fails its
cleanup ("Directory not empty") with a traceback that hides the stall it was
cleaning up after.  Here the removal is tried again for a few seconds, and a
directory that still cannot be removed is named on stderr, never raised.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

_ATTEMPTS = 50
_PAUSE_SECONDS = 0.1


@contextmanager
def scratch_dir(prefix: str, dir: str | None = None) -> Iterator[str]:  # noqa: A002 - tempfile's name
    """A fresh directory (``tempfile.mkdtemp``), removed with everything in it on exit."""
    path = tempfile.mkdtemp(prefix=prefix, dir=dir)
    try:
        yield path
    finally:
        remove_tree(path)


def remove_tree(path: str) -> None:
    for _ in range(_ATTEMPTS):
        try:
            shutil.rmtree(path)
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(_PAUSE_SECONDS)
        else:
            return
    shutil.rmtree(path, ignore_errors=True)
    print(f"codex-conformance: could not remove the scratch directory {path}", file=sys.stderr)
