"""The ``site`` subcommand's options and handler (``codex-conformance site --out DIR``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    site = subparsers.add_parser(
        "site",
        help="build the static results site from JSON reports",
        description="Build a static HTML site (no scripts, no server) from the committed reports of a "
        "checkout (docs/reports/*.json) and any --report given: per area and edition each implementation's "
        "pass counts and readiness verdict, the gateway x Codex release x feature table, each "
        "implementation's failing clauses with their cases, the failures only it has, and its history. "
        "Each report version not yet in the history file is appended to it.",
    )
    site.add_argument("--out", type=Path, required=True, metavar="DIR", help="write the pages here")
    site.add_argument(
        "--report", action="append", type=Path, default=[], metavar="PATH", help="a JSON report (repeatable)"
    )
    site.add_argument(
        "--no-committed", action="store_true", help="leave out the checkout's committed reports"
    )
    site.add_argument(
        "--history",
        type=Path,
        metavar="PATH",
        help="the history file to append to (default: docs/results-history.json in a checkout, "
        "else DIR/history.json)",
    )
    site.add_argument(
        "--recorded-at",
        metavar="WHEN",
        help="when the reports were made, for versions replayed from version control (default: now)",
    )
    site.add_argument("--fixtures-dir", type=Path, help="default: the kit's fixtures")
    site.add_argument("--spec-dir", type=Path, help="default: the kit's spec")
    site.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from codex_conformance.site.build import build_site
    from codex_conformance.site.sources import COMMITTED_HISTORY, committed_report_paths

    committed = [] if args.no_committed else committed_report_paths()
    default_history = COMMITTED_HISTORY if COMMITTED_HISTORY.parent.is_dir() else args.out / "history.json"
    history = args.history or default_history
    if args.history is None and history == args.out / "history.json":
        args.out.mkdir(parents=True, exist_ok=True)
    built = build_site(
        args.out,
        [*committed, *args.report],
        history_path=history,
        recorded_at=args.recorded_at,
        fixtures_dir=args.fixtures_dir,
        spec_dir=args.spec_dir,
    )
    print(
        f"wrote {len(built.pages)} pages to {args.out} from {len(built.data.sources)} reports; "
        f"history {history}: {len(built.added)} new versions",
        file=sys.stderr,
    )
    return 0


__all__ = ["register", "run"]
