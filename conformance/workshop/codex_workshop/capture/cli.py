"""`codex-conformance capture AREA --edition V`: write captured fixtures from a real release.

Reads ``fixtures/<area>/_scenarios.json``, runs the release once per scenario
(plus one baseline run), and writes ``fixtures/<area>/captured-<V>.json``.
With ``--check`` nothing is written: the fresh captures are diffed against the
committed goldens and any difference fails (this is how CI re-checks them).
``--all`` does every area in turn, each in every edition it exists in;
``--all --jobs N`` does N areas at once, each in a process of its own
(side_by_side.py).
Exit status: 0; 1 when ``--check`` found differences; 2 for a usage error;
3 when a capture failed (one line on stderr; nothing written for that
edition of that area).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from codex_conformance.areas import Area, discover
from codex_conformance.cases import Case
from codex_workshop.areas import parts_of
from codex_workshop.capture.fixture_writer import diff_against_committed, merge_cases, write_fixture
from codex_workshop.capture.side_by_side import area_command, run_side_by_side
from codex_workshop.checkout import fixtures_dir
from codex_workshop.commands import add_command, add_edition_option
from codex_workshop.drive.errors import (
    CaptureError,
    ConfigRejectedError,
    InvalidInputError,
    ReleaseUnavailableError,
)


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers, "capture", "re-create captured fixtures by running a real release", __doc__
    )
    parser.add_argument("area", nargs="?", choices=list(discover()), help="the area (or --all)")
    parser.add_argument("--all", action="store_true", help="every area, one after another")
    add_edition_option(parser, "default: every edition the area exists in")
    parser.add_argument("--only", action="append", metavar="SLUG", help="capture only these scenarios")
    parser.add_argument("--check", action="store_true", help="diff against committed fixtures, write nothing")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="with --all: capture N areas at once (a release run mostly waits); default 1",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if bool(args.area) == bool(args.all):
        print("error: name one area, or --all", file=sys.stderr)
        return 2
    if args.all and args.only:
        print("error: --only names scenarios of one area; it does not go with --all", file=sys.stderr)
        return 2
    if args.jobs < 1 or (args.jobs > 1 and not args.all):
        print("error: --jobs takes a count of 1 or more, and more than 1 only with --all", file=sys.stderr)
        return 2
    if args.jobs > 1:
        options = [*(["--check"] if args.check else [])]
        options += [f"--edition={version}" for version in args.edition or []]
        options += [f"--fixtures-dir={args.fixtures_dir}"] if args.fixtures_dir else []
        commands = [(name, area_command(name, options)) for name in discover()]
        return run_side_by_side(commands, args.jobs)
    root: Path = args.fixtures_dir or fixtures_dir()
    areas = list(discover().values()) if args.all else [discover()[args.area]]
    worst = 0
    for area in areas:
        worst = max(worst, _capture_area(area, root, args))
        if worst == 2:
            break
    return worst


def _capture_area(area: Area, root: Path, args: argparse.Namespace) -> int:
    versions = args.edition or area.editions
    only = set(args.only) if args.only else None
    failed = False
    for version in versions:
        if version not in area.editions:
            print(f"{area.absent_from(version)}; skipped", file=sys.stderr)
            continue
        target = root / area.name / f"captured-{version}.json"
        fresh: list[Case] = []
        try:
            for case in parts_of(area).capture_cases()(root, version, only):
                print(f"captured {case.id}", file=sys.stderr)
                fresh.append(case)
        except (CaptureError, ConfigRejectedError, ReleaseUnavailableError, InvalidInputError) as exc:
            # Nothing is written for this edition: a fixture is captured whole or not at all.
            print(f"error: {area.name} {version}: {exc}; nothing written", file=sys.stderr)
            return 3
        if only and len(fresh) != len(only):
            known = {case.id.rsplit("/", 1)[1] for case in fresh}
            print(
                f"error: no such scenario for {version}: {', '.join(sorted(only - known))}", file=sys.stderr
            )
            return 2
        if args.check:
            diffs = diff_against_committed(target, fresh)
            for diff in diffs:
                print(diff)
            print(f"{version}: {len(fresh)} recaptured, {len(diffs)} differ from {target}", file=sys.stderr)
            failed = failed or bool(diffs)
            continue
        fixture = merge_cases(target, area.name, area.description, fresh, replace_all=only is None)
        write_fixture(target, fixture)
        print(f"wrote {len(fixture.cases)} cases to {target}", file=sys.stderr)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="codex-conformance")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    return handler(args)
