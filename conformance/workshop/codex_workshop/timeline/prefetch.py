"""Fetch the timeline's releases into the cache ahead of a sweep, one at a time.

Each release is recorded (package and registry digest) before it is fetched;
the fetch keeps only the linux x86_64 files (drive/cache.py).  Stops when the
disk holding the cache has less free space than ``min_free_gb``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from codex_workshop.checkout import fixtures_dir
from codex_workshop.drive.cache import cache_root, fetch_release
from codex_workshop.drive.errors import ReleaseUnavailableError
from codex_workshop.timeline.releases import (
    drivable_stable,
    edition_of,
    load_releases,
    published_versions,
    recorded_now,
    save_releases,
)

NO_BINARY = "the package has no linux x86_64 codex binary (its platform package was not published)"


def free_gb(path: Path) -> float:
    probe = path
    while not probe.exists():
        probe = probe.parent
    return shutil.disk_usage(probe).free / 1e9


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex_workshop.timeline.prefetch")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.add_argument("--min-free-gb", type=float, default=25.0)
    parser.add_argument("versions", nargs="*", help="releases to fetch (default: every drivable stable one)")
    options = parser.parse_args(argv)
    directory = (options.fixtures_dir or fixtures_dir()) / "timeline"
    published = published_versions()
    wanted = options.versions or drivable_stable(published)
    releases = load_releases(directory)
    for version in wanted:
        if free_gb(cache_root()) < options.min_free_gb:
            print(f"stopping: under {options.min_free_gb} GB free", flush=True)
            return 1
        release = releases.get(version)
        if release is None:
            release = releases[version] = recorded_now(version, published)
            save_releases(directory, releases)
        started = time.monotonic()
        try:
            edition = edition_of(release)
            unpacked = fetch_release(edition)
        except ReleaseUnavailableError as error:
            print(f"{version}: {error}", flush=True)
            continue
        no_binary = not (unpacked / edition.binary_path).is_file() and not any(unpacked.rglob("codex"))
        # A release already recorded as unavailable keeps its words: writing them again on
        # every prefetch changed a committed file for nothing.
        if no_binary and release.unavailable is None:
            releases[version] = replace(release, unavailable=NO_BINARY)
            save_releases(directory, releases)
        print(f"{version}: {unpacked} in {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
