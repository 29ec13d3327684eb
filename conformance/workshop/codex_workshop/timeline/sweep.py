"""The sweep: every probe on the releases, each change pinned to the first release showing it.

A probe is run on a coarse grid of releases (every ``step``-th, the
editions and the newest); between two grid releases whose fingerprints differ, the interval is
halved until each change sits between two neighbouring releases.  Where two
grid releases agree, the releases between them are inferred to agree too
(the data says which were observed): a change that a later release undid
inside such an interval is not seen, unless ``step`` is 1.
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from codex_conformance.editions import EDITIONS
from codex_workshop.timeline.data import ProbeData, load_probe_data, save_probe_data
from codex_workshop.timeline.probes import Probe, ProbeRun

Runner = Callable[[Probe, str], ProbeRun]


def today() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d")


class ProbeSweep:
    """One probe's data, filled by running it on releases as needed."""

    def __init__(
        self,
        data: ProbeData,
        run: Runner,
        log: Callable[[str], None],
        keep: Callable[[ProbeData], None] = lambda _data: None,
    ) -> None:
        self.data = data
        self.run = run
        self.log = log
        # Called after each run, so that a sweep stopped midway keeps what it observed.
        self.keep = keep

    def observe(self, version: str) -> str:
        found = self.data.releases.get(version)
        if found is not None and found.observed:
            return found.fingerprint
        started = time.monotonic()
        result = self.run(self.data.probe, version)
        provenance = {"release": version, "command": result.command, "date": today()}
        self.data.record(version, result.fingerprint, result.value, provenance)
        self.keep(self.data)
        self.log(
            f"{self.data.probe.name} {version}: {result.fingerprint} ({time.monotonic() - started:.1f} s)"
        )
        return result.fingerprint

    def settle(self, releases: list[str], low: int, high: int) -> None:
        """Halve [low, high] until every change in it lies between neighbours."""
        if high - low <= 1 or self.observe(releases[low]) == self.observe(releases[high]):
            return
        middle = (low + high) // 2
        self.observe(releases[middle])
        self.settle(releases, low, middle)
        self.settle(releases, middle, high)

    def sweep(self, releases: list[str], step: int) -> None:
        # The editions are always run: the certified points, and CI's sample (timeline --sample).
        editions = {index for index, version in enumerate(releases) if version in EDITIONS}
        grid = sorted({*range(0, len(releases), step), len(releases) - 1, *editions})
        for index in grid:
            self.observe(releases[index])
        for low, high in itertools.pairwise(grid):
            self.settle(releases, low, high)
        self.data.infer_gaps(releases)


def sweep_probes(
    directory: Path,
    probes: list[Probe],
    releases: list[str],
    run: Runner,
    step: int,
) -> None:
    """Sweep each probe, saving its file after each probe."""
    for probe in probes:
        data = load_probe_data(directory, probe)

        def log(line: str) -> None:
            print(line, file=sys.stderr, flush=True)

        ProbeSweep(data, run, log, keep=partial(save_probe_data, directory)).sweep(releases, step)
        save_probe_data(directory, data)


def changes(data: ProbeData) -> list[tuple[str, str, str]]:
    """(release before, release, new fingerprint) for every change between neighbouring releases."""
    found = []
    ordered = data.ordered()
    for (before, old), (version, new) in itertools.pairwise(ordered):
        if old.fingerprint != new.fingerprint:
            found.append((before, version, new.fingerprint))
    return found
