"""``edition add VERSION``: a release as an edition, its tables derived, its captures compared.

The steps, in order: find the release (a stable version the registry lists,
with a linux x86_64 build) and the nearest edition; fetch the release;
derive the kit's and the reference's tables from the nearest edition's
(derive.py; CI's lanes read the table, lanes.py); capture every area the
nearest edition has from the release; compare each area's expected values
with the nearest edition's (compare.py) and print, per area and clause,
what changed.  None changed: the edition is ready.  Some: each clause is
a rule the reference must model for the new edition (a table of its own,
derived from the nearest that changed it), and the cases show it.

The steps that reach the registry, the release cache, the checkout and the
releases are one ``Steps`` value, so a test can run the command on a
stand-in release (the reference with one rule changed) and see the clause
reported.
"""

from __future__ import annotations

import re
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from codex_conformance.editions import EDITIONS, driven_like, version_key
from codex_workshop.capture.side_by_side import area_command
from codex_workshop.edition.compare import AreaChanges, compare_area, report_lines
from codex_workshop.edition.derive import (
    DrivingRow,
    derive_driving_table,
    derive_reference_table,
    derive_scenario_editions,
    derive_versioned_data,
)

Log = Callable[[str], None]
# A line of a capture's output per case it captured (capture/cli.py).
_CAPTURED = "captured "
# A progress line every this many cases of an area.
_PROGRESS_EVERY = 25


class EditionAddError(RuntimeError):
    """The release cannot become an edition here; the message says why.  ``status`` is the exit
    status: 2 for a version that is no stable release, 3 for one that cannot be run."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Resolved:
    """A stable release, the package carrying its linux x86_64 binary, that package's digest, and
    the edition it is derived from."""

    version: str
    nearest: str
    package_spec: str
    integrity: str


def nearest_edition(version: str, editions: Sequence[str]) -> str:
    """The edition a new one is derived from: the newest before it, else the oldest after it."""
    others = sorted((v for v in editions if v != version), key=version_key)
    if not others:
        raise EditionAddError("there is no edition to derive from", 2)
    before = [v for v in others if version_key(v) < version_key(version)]
    return before[-1] if before else others[0]


def driving_row(resolved: Resolved) -> DrivingRow:
    """The new table's row: where the release's range of the driving table puts its binary and
    helpers, where that differs from the nearest edition."""
    nearest = EDITIONS[resolved.nearest]
    ranged = driven_like(resolved.version) or nearest
    return DrivingRow(
        version=resolved.version,
        nearest=resolved.nearest,
        package_spec=resolved.package_spec,
        tarball_sha512=resolved.integrity,
        binary_path=ranged.binary_path if ranged.binary_path != nearest.binary_path else None,
        helper_path_dir=ranged.helper_path_dir if ranged.helper_path_dir != nearest.helper_path_dir else None,
    )


@dataclass(frozen=True)
class Steps:
    resolve: Callable[[str], Resolved]
    fetch: Callable[[DrivingRow], None]
    # Writes the tables; the files it changed.
    write_tables: Callable[[DrivingRow], list[Path]]
    # Captures the areas from the release into the fixtures; area -> capture's exit status.
    capture: Callable[[list[str], str, Log], dict[str, int]]
    # The areas a new edition derived from an edition has (those the edition has).
    areas_of: Callable[[str], list[str]]


@dataclass
class AddResult:
    status: int
    changes: list[AreaChanges]
    touched: list[Path]
    seconds: float


def add_edition(
    version: str,
    steps: Steps,
    fixtures: Path,
    *,
    only_areas: Sequence[str] | None = None,
    out: TextIO | None = None,
    log: Log | None = None,
) -> AddResult:
    """Run the steps and print the report on ``out`` (progress on ``log``)."""
    started = time.monotonic()
    stream = out or sys.stdout
    progress: Log = log or (lambda line: print(line, file=sys.stderr, flush=True))
    if not re.fullmatch(r"\d+\.\d+\.\d+", version):
        raise EditionAddError(f"{version!r} is no stable release version (MAJOR.MINOR.PATCH)", 2)
    resolved = steps.resolve(version)
    progress(f"{version}: {resolved.package_spec}, derived from edition {resolved.nearest}")
    row = driving_row(resolved)
    progress(f"fetching {resolved.package_spec}")
    steps.fetch(row)
    touched = steps.write_tables(row)
    progress(f"tables: {', '.join(str(path) for path in touched) or 'there already'}")
    areas = [area for area in steps.areas_of(resolved.nearest) if not only_areas or area in only_areas]
    progress(f"capturing {len(areas)} areas from {version}: {', '.join(areas)}")
    statuses = steps.capture(areas, version, progress)
    changes = [compare_area(fixtures, area, resolved.nearest, version) for area in areas]
    touched += [
        fixtures / area / f"captured-{version}.json" for area in areas if statuses.get(area, 3) in (0, 1)
    ]
    print(f"edition {version} against {resolved.nearest}, per area and clause:", file=stream)
    for change in changes:
        for line in report_lines(change, resolved.nearest, version):
            print(line, file=stream)
    failed = sorted(area for area, status in statuses.items() if status not in (0, 1))
    changed = [change for change in changes if change.missing is None and change.changed]
    ready = [change for change in changes if change.ready]
    clauses = sum(len(change.clauses) for change in changed)
    print(
        f"areas: {len(ready)} ready, {len(changed)} changed ({clauses} clauses), "
        f"{len(changes) - len(ready) - len(changed)} not compared"
        + (f"; capture failed: {', '.join(failed)}" if failed else ""),
        file=stream,
    )
    seconds = time.monotonic() - started
    print(f"wall time {seconds:.0f} s, {len(touched)} files touched", file=stream)
    status = 3 if failed or len(ready) + len(changed) < len(changes) else 1 if changed else 0
    return AddResult(status, changes, touched, seconds)


# The real steps: the registry through npm, the release cache, the checkout, the releases.


def resolve_release(version: str) -> Resolved:
    from codex_workshop.timeline.releases import linux_package, published_versions, registry_integrity

    published = published_versions()
    if version not in published:
        raise EditionAddError(f"unknown version: @openai/codex has no release {version}", 2)
    spec = linux_package(version, published)
    if spec is None:
        raise EditionAddError(f"{version} has no linux build: no linux x86_64 package of it was published", 3)
    return Resolved(version, nearest_edition(version, list(EDITIONS)), spec, registry_integrity(spec))


def fetch(row: DrivingRow) -> None:
    from codex_workshop.drive.cache import fetch_release

    table = EDITIONS[row.nearest]
    edition = replace(
        table,
        version=row.version,
        package_spec=row.package_spec,
        tarball_sha512=row.tarball_sha512,
        binary_path=row.binary_path or table.binary_path,
        helper_path_dir=row.helper_path_dir or table.helper_path_dir,
    )
    if not (fetch_release(edition) / edition.binary_path).is_file():
        raise EditionAddError(
            f"{row.version} has no linux build: {row.package_spec} has no {edition.binary_path}", 3
        )


def write_tables(root: Path) -> Callable[[DrivingRow], list[Path]]:
    """The step writing the tables into the checkout at ``root``, the new edition in the
    scenarios' edition lists beside the nearest, and the reference's release texts under its version."""

    def write(row: DrivingRow) -> list[Path]:
        derivations: list[tuple[Path, Callable[[str], str]]] = [
            (
                root / "conformance" / "codex_conformance" / "editions.py",
                lambda s: derive_driving_table(s, row),
            ),
            (
                root / "reference" / "codex_reference" / "editions.py",
                lambda s: derive_reference_table(s, row.version, row.nearest),
            ),
        ]
        for scenarios in sorted((root / "fixtures").glob("*/_*.json")):
            if scenarios.parent.name != "timeline":
                derivations.append(
                    (scenarios, lambda s: derive_scenario_editions(s, row.version, row.nearest))
                )
        new_texts = []
        for path, derive in derivations:  # every file derived before any is written
            text = path.read_text(encoding="utf-8")
            new_texts.append((path, text, derive(text)))
        for data in sorted((root / "reference" / "codex_reference").glob("*/data")):
            texts = {
                path.name: path.read_text(encoding="utf-8")
                for path in sorted(data.iterdir())
                if path.is_file()
            }
            for name, text in derive_versioned_data(texts, row.version, row.nearest).items():
                new_texts.append((data / name, texts.get(name, ""), text))
        touched = []
        for path, old, new in new_texts:
            if new != old:
                path.write_text(new, encoding="utf-8")
                touched.append(path)
        return touched

    return write


def capture_in_processes(fixtures: Path, jobs: int) -> Callable[[list[str], str, Log], dict[str, int]]:
    """The step capturing each area in a ``codex-conformance capture`` process of its own (which reads
    the tables just written), ``jobs`` at once, with a progress line every few cases."""
    import subprocess

    lock = threading.Lock()

    def one(area: str, version: str, log: Log) -> int:
        options = [f"--edition={version}", f"--fixtures-dir={fixtures}"]
        started = time.monotonic()
        count, last_error = 0, ""
        with subprocess.Popen(
            area_command(area, options),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
        ) as child:
            assert child.stderr is not None
            for line in child.stderr:
                if line.startswith(_CAPTURED):
                    count += 1
                    if count % _PROGRESS_EVERY == 0:
                        with lock:
                            log(f"{area}: {count} cases captured ({time.monotonic() - started:.0f} s)")
                elif line.strip():
                    last_error = line.strip()
            status = child.wait()
        with lock:
            how = (
                f"{count} cases captured"
                if status in (0, 1)
                else f"capture failed (exit {status}): {last_error}"
            )
            log(f"{area}: {how} in {time.monotonic() - started:.0f} s")
        return status

    def capture(areas: list[str], version: str, log: Log) -> dict[str, int]:
        statuses: dict[str, int] = {}
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            running = {pool.submit(one, area, version, log): area for area in areas}
            for done, future in enumerate(as_completed(running), start=1):
                statuses[running[future]] = future.result()
                with lock:
                    log(f"[{done}/{len(areas)} areas]")
        return statuses

    return capture


def areas_captured(fixtures: Path) -> Callable[[str], list[str]]:
    """The areas captured from an edition: those with a ``captured-<V>.json`` in ``fixtures`` (an
    area whose cases for it all come from upstream tests has nothing to capture)."""

    def areas_of(version: str) -> list[str]:
        from codex_conformance.areas import discover

        return [name for name in discover() if (fixtures / name / f"captured-{version}.json").is_file()]

    return areas_of


def release_steps(root: Path, fixtures: Path, jobs: int) -> Steps:
    """The steps on the real release: the registry, the cache, the checkout at ``root``."""
    return Steps(
        resolve=resolve_release,
        fetch=fetch,
        write_tables=write_tables(root),
        capture=capture_in_processes(fixtures, jobs),
        areas_of=areas_captured(fixtures),
    )
