"""`codex-conformance capture AREA --edition V`: write captured fixtures from a real release.

Reads ``fixtures/<area>/_scenarios.json``, runs the release once per scenario
(plus one baseline run), and writes ``fixtures/<area>/captured-<V>.json``.
With ``--check`` nothing is written: the fresh captures are diffed against the
committed goldens and any difference fails (this is how CI re-checks them).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from codex_conformance.capture.areas import discover
from codex_conformance.capture.fixture_writer import diff_against_committed, merge_cases, render_fixture
from codex_conformance.cases import Case
from codex_conformance.editions import EDITIONS, get_edition
from codex_conformance.paths import fixtures_dir


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "capture",
        help="re-create captured fixtures by running a real release",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("area", choices=list(discover()))
    parser.add_argument("--edition", action="append", choices=sorted(EDITIONS), help="default: every edition")
    parser.add_argument("--only", action="append", metavar="SLUG", help="capture only these scenarios")
    parser.add_argument("--check", action="store_true", help="diff against committed fixtures, write nothing")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    root: Path = args.fixtures_dir or fixtures_dir()
    area = discover()[args.area]
    versions = args.edition or list(EDITIONS)
    only = set(args.only) if args.only else None
    failed = False
    for version in versions:
        get_edition(version)
        target = root / args.area / f"captured-{version}.json"
        fresh: list[Case] = []
        for case in area.cases(root, version, only):
            print(f"captured {case.id}", file=sys.stderr)
            fresh.append(case)
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
        fixture = merge_cases(target, args.area, area.description, fresh, replace_all=only is None)
        target.write_text(render_fixture(fixture), encoding="utf-8")
        print(f"wrote {len(fixture.cases)} cases to {target}", file=sys.stderr)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="codex-conformance")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    return handler(args)
