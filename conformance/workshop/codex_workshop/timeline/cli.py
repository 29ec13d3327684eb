"""`codex-conformance timeline`: the wire timeline across stable releases (spec/timeline.md).

  --sweep           run the probes on the recorded releases, bisecting between
                    a grid of every --step-th release (default 8), and write
                    the data (fixtures/timeline/<probe>.json) and the page
  --update          record every stable release the registry lists that the
                    data lacks (newer ones, and one published after a newer
                    one), run the probes on it, print what changed; exit 0 when nothing
                    did, 1 when something did
  --sample          run a few probes on a few releases and compare them with
                    the data (CI); exit 1 on a difference
  --render          write spec/timeline.md and spec/timeline/<probe>.md from the data and the findings
                    (fixtures/timeline/_findings.json; --check: compare); exit 1
                    when a finding cites a release where its probe does not change
  --renormalise     apply the probes' normalisation to the recorded results
                    again (after it grew), then render
  --run PROBE --release V   print one probe's result on one release

Exit status: 0, 1 (changes or differences found), 2 usage error, 3 a release
could not be fetched.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from codex_conformance.editions import EDITIONS, version_key
from codex_workshop.checkout import fixtures_dir, spec_dir
from codex_workshop.commands import add_command
from codex_workshop.drive.errors import ReleaseUnavailableError
from codex_workshop.drive.scratch import scratch_dir
from codex_workshop.timeline.data import ProbeData, load_probe_data, save_probe_data
from codex_workshop.timeline.findings import load_findings, stale_citations
from codex_workshop.timeline.isolation import network_isolated, refused
from codex_workshop.timeline.page import MAIN_PAGE, PROBE_PAGES, render_pages
from codex_workshop.timeline.probes import (
    Probe,
    ProbeRun,
    load_probes,
    normalised,
    open_scenarios,
    run_probe,
)
from codex_workshop.timeline.releases import (
    RegistryError,
    Release,
    drivable,
    drivable_stable,
    edition_of,
    load_releases,
    published_versions,
    recorded_now,
    save_registry_answer,
    save_releases,
)
from codex_workshop.timeline.sweep import ProbeSweep, sweep_probes

PAGE = MAIN_PAGE
# CI's sample (a few releases x a few probes): these probes on the releases _sample_releases picks.
SAMPLE_PROBES = ("mcp-basic", "schema-any-of", "apply-patch-add-file", "request-default-gpt-5")


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "timeline",
        "the wire timeline: probes across every stable release (spec/timeline.md)",
        __doc__,
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--sweep", action="store_true")
    action.add_argument("--update", action="store_true")
    action.add_argument("--sample", action="store_true")
    action.add_argument("--render", action="store_true")
    action.add_argument("--renormalise", action="store_true")
    action.add_argument("--run", metavar="PROBE")
    parser.add_argument("--release", metavar="V", help="with --run: the release")
    parser.add_argument("--probe", action="append", metavar="NAME", help="with --sweep: only these probes")
    parser.add_argument(
        "--step", type=int, default=8, help="with --sweep: the grid's step (1: every release)"
    )
    parser.add_argument("--check", action="store_true", help="with --render: compare, write nothing")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.add_argument("--spec-dir", type=Path, default=None)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    fixtures = args.fixtures_dir or fixtures_dir()
    directory = fixtures / "timeline"
    try:
        probes = load_probes(directory)
    except (OSError, ValueError) as exc:
        print(f"error: cannot read the probes: {exc}", file=sys.stderr)
        return 2
    page = (args.spec_dir or spec_dir()) / PAGE
    try:
        if args.render:
            return _render(directory, probes, page, check=args.check)
        if args.renormalise:
            return _renormalise(directory, probes, page)
        if args.run:
            return _run_one(fixtures, directory, probes, args.run, args.release)
        if args.sweep:
            return _sweep(fixtures, directory, probes, args, page)
        if args.update:
            return _update(fixtures, directory, probes, page)
        return _sample(fixtures, directory, probes)
    except ReleaseUnavailableError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3
    except RegistryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3


@contextmanager
def _runner(fixtures: Path, releases: dict[str, Release]) -> Iterator[Callable[[Probe, str], ProbeRun]]:
    with scratch_dir(prefix="codex-conformance-timeline-") as scratch:
        root = open_scenarios(fixtures, Path(scratch))

        def run_on(probe: Probe, version: str) -> ProbeRun:
            edition_of(releases[version])
            return run_probe(probe, version, root)

        yield run_on


def _unavailable(directory: Path) -> dict[str, str]:
    return {v: r.unavailable for v, r in load_releases(directory).items() if r.unavailable}


def _all_data(directory: Path, probes: list[Probe]) -> list[ProbeData]:
    return [load_probe_data(directory, probe) for probe in probes]


def _render(directory: Path, probes: list[Probe], page: Path, *, check: bool) -> int:
    """Write (or with ``check`` compare) the main page ``page`` and the probe pages beside it."""
    data = _all_data(directory, probes)
    try:
        findings = load_findings(directory)
    except (OSError, ValueError) as exc:
        print(f"error: cannot read the findings: {exc}", file=sys.stderr)
        return 2
    stale = stale_citations(findings, {probe_data.probe.name: probe_data for probe_data in data})
    for problem in stale:
        print(f"error: stale finding: {problem}", file=sys.stderr)
    spec = page.parent
    pages = {
        spec / relative: text
        for relative, text in render_pages(data, _unavailable(directory), findings).items()
    }
    leftover = _leftover_probe_pages(spec, pages)
    if check:
        differ = [
            path
            for path, text in pages.items()
            if not path.is_file() or path.read_text(encoding="utf-8") != text
        ]
        for path in [*differ, *leftover]:
            print(f"{path} is not current with {directory}: run `codex-conformance timeline --render`")
        return 1 if differ or leftover or stale else 0
    for path, text in pages.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for path in leftover:
        path.unlink()
    print(f"wrote {page} and {len(pages) - 1} probe pages in {spec / PROBE_PAGES}", file=sys.stderr)
    return 1 if stale else 0


def _leftover_probe_pages(spec: Path, pages: dict[Path, str]) -> list[Path]:
    """Pages of probes that are gone (every .md file in the probe pages' directory is the timeline's)."""
    folder = spec / PROBE_PAGES
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.glob("*.md") if path not in pages)


def _renormalise(directory: Path, probes: list[Probe], page: Path) -> int:
    order = drivable(load_releases(directory))
    for probe in probes:
        data = load_probe_data(directory, probe)
        if data.releases:
            data.renormalise(normalised)
            data.infer_gaps(order)
            save_probe_data(directory, data)
    return _render(directory, probes, page, check=False)


def _run_one(fixtures: Path, directory: Path, probes: list[Probe], name: str, version: str | None) -> int:
    by_name = {probe.name: probe for probe in probes}
    releases = load_releases(directory)
    if name not in by_name:
        print(f"error: no probe {name!r}; known: {', '.join(by_name)}", file=sys.stderr)
        return 2
    if version is None or version not in releases:
        print(
            f"error: --release must name a recorded release ({directory / 'releases.json'})", file=sys.stderr
        )
        return 2
    why = refused([name], network_isolated())
    if why is not None:
        print(f"error: {why}", file=sys.stderr)
        return 2
    with _runner(fixtures, releases) as run_on:
        result = run_on(by_name[name], version)
    print(
        json.dumps({"fingerprint": result.fingerprint, "value": result.value}, indent=1, ensure_ascii=False)
    )
    return 0


def _sweep(fixtures: Path, directory: Path, probes: list[Probe], args: argparse.Namespace, page: Path) -> int:
    if args.step < 1:
        print("error: --step must be at least 1", file=sys.stderr)
        return 2
    chosen = probes
    if args.probe:
        unknown = sorted(set(args.probe) - {probe.name for probe in probes})
        if unknown:
            print(f"error: no such probes: {', '.join(unknown)}", file=sys.stderr)
            return 2
        chosen = [probe for probe in probes if probe.name in args.probe]
    why = refused([probe.name for probe in chosen], network_isolated())
    if why is not None:
        print(f"error: {why}", file=sys.stderr)
        return 2
    releases = load_releases(directory)
    order = drivable(releases)
    if not order:
        print(f"error: no releases recorded in {directory}", file=sys.stderr)
        return 2
    started = time.monotonic()
    with _runner(fixtures, releases) as run_on:
        sweep_probes(directory, chosen, order, run_on, args.step)
    print(
        f"swept {len(chosen)} probes over {len(order)} releases in {time.monotonic() - started:.0f} s",
        file=sys.stderr,
    )
    return _render(directory, probes, page, check=False)


def _record_new(directory: Path) -> list[str]:
    """Every stable release the registry lists that is not recorded yet, recorded now (package and
    registry digest): a newer one, and one published after a newer one (0.168.0 came after 0.169.0).
    The registry's answer is kept beside them."""
    releases = load_releases(directory)
    published = published_versions()
    save_registry_answer(directory, published)
    new = [version for version in drivable_stable(published) if version not in releases]
    for version in new:
        releases[version] = recorded_now(version, published)
    if new:
        save_releases(directory, releases)
    return new


def _update(fixtures: Path, directory: Path, probes: list[Probe], page: Path) -> int:
    new = _record_new(directory)
    releases = load_releases(directory)
    order = drivable(releases)
    # A release is new to a probe when its data has neither observed nor inferred it: a release
    # newer than the data, one recorded between two it has, or one removed from the data.
    changed: list[str] = []
    with _runner(fixtures, releases) as run_on:
        for probe in probes:
            data = load_probe_data(directory, probe)
            todo = [v for v in order if v not in data.releases]
            if not todo:
                continue
            sweep = ProbeSweep(data, run_on, lambda line: print(line, file=sys.stderr, flush=True))
            for version in todo:
                sweep.observe(version)
            observed = data.observed()
            for version in todo:
                before = [v for v in order[: order.index(version)] if v in observed]
                previous = observed[before[-1]] if before else None
                if previous is not None and observed[version] != previous:
                    changed.append(f"{probe.name}: {version} changed {previous} -> {observed[version]}")
            data.infer_gaps(order)
            save_probe_data(directory, data)
    print(f"new releases: {', '.join(new) or 'none'}")
    for line in changed:
        print(line)
    print(f"{len(changed)} changes")
    _render(directory, probes, page, check=False)
    return 1 if changed else 0


def _sample_releases(data: list[ProbeData]) -> list[str]:
    """The editions (CI has them already) and the oldest other release after the oldest edition on
    which every sampled probe was observed giving a result (it exercises the lean cache; releases
    before the oldest edition run their TUI where apply_patch is asked for)."""
    sample = [version for version in EDITIONS if all(version in d.observed() for d in data)]
    shown = [{v for v, fp in d.observed().items() if "result" in d.values.get(fp, {})} for d in data]
    oldest = version_key(next(iter(EDITIONS)))
    common = set.intersection(*shown) - set(sample) if shown else set()
    common = {version for version in common if version_key(version) > oldest}
    if common:
        sample.insert(0, min(common, key=version_key))
    return sample


def _sample(fixtures: Path, directory: Path, probes: list[Probe]) -> int:
    releases = load_releases(directory)
    by_name = {probe.name: probe for probe in probes}
    data = [load_probe_data(directory, by_name[name]) for name in SAMPLE_PROBES if name in by_name]
    sample = _sample_releases(data)
    differ = 0
    ran = 0
    with _runner(fixtures, releases) as run_on:
        for probe_data in data:
            for version in sample:
                recorded = probe_data.releases[version]
                ran += 1
                found = run_on(probe_data.probe, version).fingerprint
                if found != recorded.fingerprint:
                    differ += 1
                    print(f"{probe_data.probe.name} {version}: recorded {recorded.fingerprint}, now {found}")
    print(f"sample: {ran} runs on {', '.join(sample)}, {differ} differ")
    if ran == 0:
        print("error: the sample ran nothing (no observed releases in the data)", file=sys.stderr)
        return 1
    return 1 if differ else 0
