"""Hypothesis's caches during the kit's property runs: in the user's cache, not their directory.

``database=None`` keeps Hypothesis's example database out of the user's
directory, but Hypothesis also caches what it computes (the Unicode tables
behind text strategies, the constants of the modules it finds) under its home
directory, ``./.hypothesis`` by default.  spec/properties.md promises that a
conformance run writes nothing there, so the kit's property runs point that
home at ``$XDG_CACHE_HOME/codex-conformance/hypothesis`` for their duration,
unless the user chose a home (``HYPOTHESIS_STORAGE_DIRECTORY``, or their own
Hypothesis use already settled one): their choice is theirs to keep.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hypothesis import configuration

# Hypothesis's module global: None until a home is set or first used.
_HOME_GLOBAL = "__hypothesis_home_directory"


def kit_home() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "codex-conformance" / "hypothesis"


@contextmanager
def kit_storage() -> Iterator[None]:
    chosen = getattr(configuration, _HOME_GLOBAL, None) is not None
    if chosen or os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        yield
        return
    configuration.set_hypothesis_home_dir(kit_home())
    try:
        yield
    finally:
        # Unset again: a user's own Hypothesis tests later in the same run
        # settle their home as if the kit had not run.
        configuration.set_hypothesis_home_dir(None)
