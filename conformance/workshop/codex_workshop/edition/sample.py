"""CI's fixed sample of an older edition: a few captured cases of each area, chosen by a stable rule.

CI (``.ci/run``) certifies the newest edition against its release and
recaptures it in full; every older edition gets this sample, certified and
recaptured the same way, and its full lanes run in the scheduled run
(``.ci/scheduled``, docs/ci.md).  The rule: in each area captured from the
edition (``fixtures/<area>/captured-<V>.json``), the cases are ordered by
the SHA-256 of their slug (the last part of the id); the first case of each
op is taken, then the next in that order up to ``PER_AREA``.  The rule reads
the slugs and ops alone, never the file's order, so a recapture or a
reordering keeps the sample, and a new case joins it only by its hash; every
area and every op the edition has is in it.

``python -m codex_workshop.edition.sample VERSION --lane`` is CI's lane of
an older edition (``tox -e sample -- VERSION``): the sample written as a
fixtures directory of its own, certified against the release from an empty
directory (``pytest --impl=release:V --fixtures-dir DIR -n 2``, as tox's
``release`` does every case; the property checks, generated inputs rather
than cases, are left to the scheduled run), then recaptured and diffed
against the goldens (``capture --check --only ...`` per area, as
``recapture`` does every scenario); each step's wall time printed.  ``--list`` prints the
sample.  Exit status: 0; 1 a case failed or a recapture differs; 2 usage
error; 3 a capture failed.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from codex_conformance.cases import Case, FixtureError, FixtureFile, load_fixture_file
from codex_conformance.editions import EDITIONS
from codex_workshop.capture.fixture_writer import write_fixture
from codex_workshop.capture.side_by_side import area_command, run_side_by_side
from codex_workshop.checkout import fixtures_dir
from codex_workshop.edition import lanes

# Cases per area (more where an area has more ops: each op gets one).  Fifteen or sixteen areas
# an edition: some 75 cases, about 4 % of an edition's captured ones.
PER_AREA = 5


def slug_of(case: Case) -> str:
    return case.id.rsplit("/", 1)[1]


def _rank(case: Case) -> str:
    return hashlib.sha256(slug_of(case).encode("utf-8")).hexdigest()


def sample_cases(cases: Sequence[Case], per_area: int = PER_AREA) -> list[Case]:
    """One area's sample: the first case of each op in hash order, then the next up to ``per_area``;
    in hash order."""
    ranked = sorted(cases, key=_rank)
    chosen: dict[str, Case] = {}
    for case in ranked:
        if case.op not in {kept.op for kept in chosen.values()}:
            chosen[case.id] = case
    for case in ranked:
        if len(chosen) >= per_area:
            break
        chosen.setdefault(case.id, case)
    return sorted(chosen.values(), key=_rank)


def captured_file(fixtures: Path, area: str, version: str) -> Path:
    return fixtures / area / f"captured-{version}.json"


def edition_sample(fixtures: Path, version: str) -> dict[str, FixtureFile]:
    """Each area captured from ``version`` -> its fixture file holding the sample alone."""
    sample: dict[str, FixtureFile] = {}
    for path in sorted(fixtures.glob(f"*/captured-{version}.json")):
        whole = load_fixture_file(path)
        sample[path.parent.name] = whole.model_copy(update={"cases": sample_cases(whole.cases)})
    return sample


def write_sample(sample: dict[str, FixtureFile], version: str, out: Path) -> None:
    for area, fixture in sample.items():
        captured_file(out, area, version).parent.mkdir(parents=True, exist_ok=True)
        write_fixture(captured_file(out, area, version), fixture)


def recapture_commands(
    sample: dict[str, FixtureFile], version: str, fixtures: Path
) -> list[tuple[str, list[str]]]:
    """A ``capture AREA --check --only ...`` per area: the sample recaptured, diffed against the goldens."""
    return [
        (
            area,
            area_command(
                area,
                [
                    "--check",
                    f"--edition={version}",
                    f"--fixtures-dir={fixtures}",
                    *(f"--only={slug_of(case)}" for case in fixture.cases),
                ],
            ),
        )
        for area, fixture in sample.items()
    ]


@dataclass(frozen=True)
class Step:
    name: str
    status: int
    seconds: float


def certify_command(version: str, sample_dir: Path, workers: int) -> list[str]:
    """tox's ``release`` command for one edition (lanes.py), on the sample's fixtures directory and
    without the property checks (generated inputs, not cases: the scheduled run's full lanes check
    them)."""
    sample_only = [f"--fixtures-dir={sample_dir}", "--conformance-examples=0", "-p", "no:cacheprovider"]
    return [*lanes.certify_command(version, workers), *sample_only]


def run_lane(sample: dict[str, FixtureFile], version: str, fixtures: Path, jobs: int) -> list[Step]:
    """Certify the sample against the release, then recapture it; each step timed.  The certification
    runs in an empty directory, so pytest collects the conformance suite alone (as a user's run)."""
    steps = []
    with tempfile.TemporaryDirectory(prefix="ci-sample-") as work:
        sample_dir = Path(work) / "fixtures"
        write_sample(sample, version, sample_dir)
        empty = Path(work) / "run"
        empty.mkdir()
        started = time.monotonic()
        certified = subprocess.run(certify_command(version, sample_dir, jobs), cwd=empty, check=False)
        steps.append(Step("certify", certified.returncode, time.monotonic() - started))
    started = time.monotonic()
    status = run_side_by_side(recapture_commands(sample, version, fixtures), jobs)
    steps.append(Step("recapture", status, time.monotonic() - started))
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m codex_workshop.edition.sample", description=__doc__)
    parser.add_argument("version", metavar="VERSION", nargs="?", help="an edition, e.g. one CI samples")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--lane", action="store_true", help="certify the sample, then recapture it")
    action.add_argument("--list", action="store_true", help="print each area's sampled slugs")
    parser.add_argument(
        "--jobs",
        type=int,
        default=2,
        metavar="N",
        help="with --lane: pytest workers, areas recaptured at once",
    )
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.version not in EDITIONS:
        given = f", not {args.version!r}" if args.version else " (tox -e sample -- VERSION)"
        print(f"error: name an edition ({', '.join(EDITIONS)}){given}", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print("error: --jobs takes a count of 1 or more", file=sys.stderr)
        return 2
    fixtures: Path = args.fixtures_dir or fixtures_dir()
    try:
        sample = edition_sample(fixtures, args.version)
    except FixtureError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not sample:
        print(f"error: no area in {fixtures} was captured from {args.version}", file=sys.stderr)
        return 2
    count = sum(len(fixture.cases) for fixture in sample.values())
    if args.list:
        for area, fixture in sample.items():
            print(f"{area}: {' '.join(slug_of(case) for case in fixture.cases)}")
        print(f"{args.version} sample: {count} cases of {len(sample)} areas")
        return 0
    steps = run_lane(sample, args.version, fixtures, args.jobs)
    times = ", ".join(f"{step.name} {step.seconds:.0f} s (exit {step.status})" for step in steps)
    print(f"{args.version} sample: {count} cases of {len(sample)} areas; {times}")
    return max(step.status for step in steps)


if __name__ == "__main__":
    sys.exit(main())
