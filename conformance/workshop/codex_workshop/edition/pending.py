"""The stable release that should be the newest edition and is not yet: what the scheduled run adds.

The kit keeps the newest stable release as an edition (README, "Which
edition").  ``python -m codex_workshop.edition.pending`` prints the newest
stable release with a linux x86_64 build that is newer than every edition,
or nothing, reading the registry's answer ``timeline --update`` just kept
(``fixtures/timeline/registry-versions.json``): the scheduled run asks the
registry once, and this step is the same offline as in a test.  Then
``codex-conformance edition add`` adds it.  Exit status: 0 (printed or
not); 2 when the registry's answer is missing or unreadable.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from codex_conformance.editions import EDITIONS, version_key
from codex_workshop.checkout import fixtures_dir
from codex_workshop.timeline.releases import REGISTRY_FILE, load_registry_answer, with_linux_build


def pending_release(published: Sequence[str], editions: Sequence[str]) -> str | None:
    """The newest stable release with a linux build among ``published`` (the registry's list) when
    it is newer than every edition; None when the newest edition is the newest such release."""
    runnable = with_linux_build(list(published))
    if not runnable:
        return None
    newest = runnable[-1]
    return newest if all(version_key(newest) > version_key(v) for v in editions) else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex_workshop.edition.pending", description=__doc__)
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    args = parser.parse_args(argv)
    directory = (args.fixtures_dir or fixtures_dir()) / "timeline"
    try:
        published = load_registry_answer(directory)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(
            f"error: no registry answer in {directory / REGISTRY_FILE} ({exc}); run timeline --update",
            file=sys.stderr,
        )
        return 2
    version = pending_release(published, list(EDITIONS))
    if version is not None:
        print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
