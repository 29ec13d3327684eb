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
    site.add_argument("--out", type=Path, metavar="DIR", help="write the pages here")
    site.add_argument(
        "--tables",
        action="store_true",
        help="rewrite the certified tables of a checkout's docs/reports.md and docs/gateways.md from the "
        "committed reports (their counts and verdicts) and docs/certified.toml (their words)",
    )
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
    from codex_conformance.errors import UsageError

    if args.out is None and not args.tables:
        raise UsageError("site: name --out DIR (the site) or --tables (the docs' certified tables)")
    if args.tables:
        _write_tables(args)
    return _build(args) if args.out is not None else 0


def _write_tables(args: argparse.Namespace) -> None:
    from codex_conformance import paths
    from codex_conformance.errors import UsageError
    from codex_conformance.site.sources import COMMITTED_REPORTS
    from codex_conformance.site.tables import docs_data, write_tables

    docs = COMMITTED_REPORTS.parent
    if not COMMITTED_REPORTS.is_dir():
        raise UsageError("--tables: no docs/reports here: the tables live in a checkout of the kit")
    changed = write_tables(docs, docs_data(docs, args.fixtures_dir, args.spec_dir or paths.spec_dir()))
    print(f"certified tables: {len(changed)} pages rewritten {[str(p) for p in changed]}", file=sys.stderr)


def _build(args: argparse.Namespace) -> int:
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
        f"wrote {len(built.pages)} pages to {args.out} from {len(built.data.sources)} reports"
        + (f", removed {len(built.removed)} stale pages of an earlier build" if built.removed else "")
        + "; "
        f"history {history}: {len(built.added)} new versions",
        file=sys.stderr,
    )
    return 0


__all__ = ["register", "run"]
