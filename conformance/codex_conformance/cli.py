"""The ``codex-conformance`` command.

Subcommands: ``certify``, ``serve``, ``fixtures lint``, ``fixtures export``,
``badge``, ``schemas``, and any that installed packages register in the
entry point group ``codex_conformance.commands`` (the workshop's
``capture``, ``edition``, ``explore``, ``gateway`` and ``timeline``).
A usage problem is one line on stderr and exit code 2, never a traceback:
every option and input file of ``certify`` is checked before any case runs.
Exit codes: 0 success, 1 the check found problems (for ``certify``: the
report is not OK; an error of the kit on a case is such a problem, recorded
in the report), 2 usage error, 3 ``certify`` tested nothing (every item not
applicable, or none selected: a run that proves nothing is never a pass),
130 interrupted (``certify`` still writes the report on the items run).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import TYPE_CHECKING

from codex_conformance import __version__, paths
from codex_conformance.badge import DEFAULT_LABEL
from codex_conformance.connection.inprocess import DEFAULT_INPROCESS_TIMEOUT
from codex_conformance.connection.subprocess import DEFAULT_TIMEOUT
from codex_conformance.errors import UsageError
from codex_conformance.facets import DEFAULT_LEVEL, LEVELS
from codex_conformance.outcome import Outcome
from codex_conformance.report import Totals, render_markdown
from codex_conformance.site.command import register as register_site

if TYPE_CHECKING:
    from codex_conformance.session import ConformanceSession

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_NOTHING_TESTED = 3
EXIT_INTERRUPTED = 130  # the shell's code for SIGINT

# Installed packages add subcommands here: each entry point is a ``register(subparsers)`` that
# sets ``handler`` (a function of the parsed args returning an exit code) on the parsers it adds.
COMMANDS_GROUP = "codex_conformance.commands"
# The workshop's commands, named when the workshop is not installed (`codex-conformance capture`
# then says what to install instead of argparse's "invalid choice").
WORKSHOP_COMMANDS = ("capture", "edition", "explore", "gateway", "timeline")
WORKSHOP_HINT = (
    "needs the workshop (codex-conformance-workshop), which drives real releases: "
    "from a checkout of the kit, pip install -e ./conformance/workshop"
)

Command = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    command: Command | None = getattr(args, "handler", None)
    if command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return command(args)
    except UsageError as exc:
        print(f"codex-conformance: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("codex-conformance: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="codex-conformance",
        description="Conformance kit for the wire format of Codex's tool-calling layer.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")

    certify = subparsers.add_parser("certify", help="run every case against an implementation")
    certify.add_argument(
        "impl", metavar="IMPL", help="reference, release:<version>, cmd:<command>, pkg.mod[:attr]"
    )
    certify.add_argument("--edition", action="append", default=[], help="edition to run (repeatable)")
    certify.add_argument(
        "--report",
        type=Path,
        help="write the JSON report here (and a .md beside it); the directory must exist",
    )
    certify.add_argument(
        "--op", action="append", default=[], help="run only this op's cases and properties (repeatable)"
    )
    certify.add_argument(
        "--area", action="append", default=[], help="run only this area's cases and properties (repeatable)"
    )
    certify.add_argument(
        "-k",
        dest="keyword",
        metavar="EXPR",
        help="run only the items matching pytest's -k expression over item ids and ops, "
        "e.g. 'apply_patch.apply and not heredoc'",
    )
    certify.add_argument("--expected-failures", type=Path, help="TOML file of known failures")
    certify.add_argument(
        "--write-expected-failures",
        type=Path,
        metavar="PATH",
        help="write (or update) an expected-failures file listing this run's failures; existing reasons "
        "are kept, new entries get a TODO reason",
    )
    certify.add_argument(
        "--prune-expected-failures",
        action="store_true",
        help="with --write-expected-failures: also remove stale entries (no such case, or now passing)",
    )
    certify.add_argument(
        "--update-expected",
        action="store_true",
        help="update the --expected-failures file from this run (created if missing): its comments, "
        "order and reasons kept, new failures added with a TODO reason, stale entries removed",
    )
    certify.add_argument("--fixtures-dir", type=Path, help="fixtures to run (default: the kit's own)")
    certify.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="per-case timeout in seconds for every adapter, above 0 and at most 86400 (default "
        f"{DEFAULT_TIMEOUT:g} for cmd:, {DEFAULT_INPROCESS_TIMEOUT:g} in process)",
    )
    certify.add_argument(
        "--strict-runs",
        action="store_true",
        help="a case the implementation ran more than once (a stalled release run, run again) is an error",
    )
    certify.add_argument(
        "--examples",
        type=int,
        default=100,
        help="generated examples per property check (default 100; 0 disables them)",
    )
    certify.add_argument(
        "--level",
        choices=LEVELS,
        default=DEFAULT_LEVEL,
        help="verdict level to certify: behaviour (leaves out printed texts, key order and serialization) "
        "or bytes (every byte of each result; default); the report shows both (spec/levels.md)",
    )
    certify.add_argument("--quiet", action="store_true", help="no progress on stderr")
    certify.set_defaults(handler=_certify)

    serve = subparsers.add_parser("serve", help="serve a Python adapter over the JSON-lines transport")
    serve.add_argument("impl", metavar="IMPL", help="reference, release:<version>, pkg.mod[:attr]")
    serve.set_defaults(handler=_serve)

    fixtures = subparsers.add_parser("fixtures", help="work with the fixture files")
    fixtures_commands = fixtures.add_subparsers(title="fixtures commands", metavar="COMMAND")
    lint = fixtures_commands.add_parser("lint", help="check the fixtures and their spec clauses")
    _data_dir_options(lint)
    lint.set_defaults(handler=_fixtures_lint)
    export = fixtures_commands.add_parser(
        "export",
        help="write the cases, spec clauses and a manifest as a JSON bundle for any language",
        description="Write a versioned bundle into DIR: cases/<area>/<edition>.json, clauses.json, "
        "the spec pages, their JSON Schemas and manifest.json (versions, counts, SHA-256 of every file).",
    )
    export.add_argument("dir", metavar="DIR", type=Path, help="created if absent (its parent must exist)")
    export.add_argument("--force", action="store_true", help="write into DIR even if it is not empty")
    _data_dir_options(export)
    export.set_defaults(handler=_fixtures_export)

    schemas = subparsers.add_parser("schemas", help="check (or --write) the published JSON Schemas")
    schemas.add_argument("--write", action="store_true", help="regenerate the schema files")
    schemas.add_argument("--spec-dir", type=Path, help="default: the kit's spec (schemas go in spec/schemas)")
    schemas.set_defaults(handler=_schemas)

    badge = subparsers.add_parser(
        "badge",
        help="make a shields.io badge (endpoint JSON, SVG) from a JSON report",
        description="Read a report written by certify --report or pytest --conformance-report and "
        "write its verdict as a badge: green only if every item tested passed, red if the run is not "
        "OK or tested nothing. With neither --svg nor --json, the endpoint JSON goes to stdout.",
    )
    badge.add_argument("report", metavar="REPORT.json", type=Path)
    badge.add_argument("--svg", type=Path, metavar="PATH", help="write the badge as SVG here")
    badge.add_argument("--json", type=Path, metavar="PATH", help="write the shields.io endpoint JSON here")
    badge.add_argument("--label", default=DEFAULT_LABEL, help="left-hand text (default: %(default)s)")
    badge.set_defaults(handler=_badge)

    register_site(subparsers)

    _register_extensions(subparsers)
    return parser


def _register_extensions(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The installed packages' commands; the workshop's, when it is not installed, say so."""
    installed = sorted(entry_points(group=COMMANDS_GROUP), key=lambda entry: entry.name)
    for entry in installed:
        _register_extension(entry, subparsers)
    registered = {entry.name for entry in installed}
    for name in WORKSHOP_COMMANDS:
        if name not in registered:
            # No option prefix: whatever follows (`--all`, `-h`) is taken as it is, and refused below.
            missing = subparsers.add_parser(
                name, help=f"(not installed) {WORKSHOP_HINT}", add_help=False, prefix_chars="\x00"
            )
            missing.add_argument("rest", nargs="*")
            missing.set_defaults(handler=_not_installed(name))


def _register_extension(
    entry: EntryPoint, subparsers: argparse._SubParsersAction[argparse.ArgumentParser]
) -> None:
    try:
        entry.load()(subparsers)
    except Exception as exc:
        # A broken optional command must not take certify or lint down with it.
        print(
            f"codex-conformance: warning: command {entry.name} ({entry.value}) not loaded: "
            f"{type(exc).__name__}: {exc}",
            file=sys.stderr,
        )


def _not_installed(name: str) -> Command:
    def refuse(_args: argparse.Namespace) -> int:
        print(f"codex-conformance {name}: {WORKSHOP_HINT}", file=sys.stderr)
        return EXIT_USAGE

    return refuse


def _directory(given: Path | None, default: Callable[[], Path]) -> Path:
    if given is not None:
        return given
    try:
        return default()
    except FileNotFoundError as exc:
        raise UsageError(str(exc)) from None


class _ProgressLine:
    """Prints a counter line to stderr every few cases, so a long run shows it is alive."""

    def __init__(self, total: int, *, every_seconds: float = 2.0) -> None:
        self.total = total
        self.totals = Totals()
        self.step = max(1, total // 20)
        self.every_seconds = every_seconds
        self.last = time.monotonic()

    def __call__(self, done: int, outcome: Outcome) -> None:
        self.totals.add(outcome)
        now = time.monotonic()
        if done == self.total or done % self.step == 0 or now - self.last >= self.every_seconds:
            self.last = now
            width = len(str(self.total))
            print(f"[{done:>{width}}/{self.total}] {self.totals.line()}", file=sys.stderr, flush=True)


def _data_dir_options(command: argparse.ArgumentParser) -> None:
    """The fixtures and spec a `fixtures` command reads, the kit's own unless named."""
    command.add_argument("--fixtures-dir", type=Path, help="default: the kit's fixtures")
    command.add_argument("--spec-dir", type=Path, help="default: the kit's spec")


def _certify(args: argparse.Namespace) -> int:
    from codex_conformance.selection import Selection
    from codex_conformance.session import ConformanceSession, SessionOptions

    session = ConformanceSession(
        SessionOptions(
            impl=args.impl,
            editions=args.edition,
            fixtures_dir=args.fixtures_dir,
            timeout=args.timeout,
            expected_failures=args.expected_failures,
            report=args.report,
            examples=args.examples,
            selection=Selection(ops=args.op, areas=args.area, keyword=args.keyword),
            write_expected_failures=args.write_expected_failures,
            prune_expected_failures=args.prune_expected_failures,
            update_expected=args.update_expected,
            level=args.level,
            strict_runs=args.strict_runs,
            flags={"keyword": "-k"},
        )
    )
    try:
        session.start()  # every option is checked here, before any case runs
        interrupted = _run_items(session, quiet=args.quiet)
        if not interrupted:
            session.end_connection()
        report = session.report()
        # The summary goes out first: if the report file cannot be written
        # (the disk filled up during the run), the verdict is still shown.
        print(render_markdown(report), end="")
        session.write_report(report)
        written = None if interrupted else session.write_expected_failures()  # partial: would drop entries
    finally:
        session.close()
    if written is not None:
        print(f"codex-conformance: {written.line()}", file=sys.stderr)
    elif (todo := session.todo_warning()) is not None:
        print(f"codex-conformance: {todo}", file=sys.stderr)
    for op in report.unmatched_ops:
        print(
            f"codex-conformance: warning: declared op {op!r} matched no case in the editions run",
            file=sys.stderr,
        )
    for problem in report.expected_failure_problems:
        print(f"codex-conformance: {problem}", file=sys.stderr)
    if interrupted:
        print(f"codex-conformance: interrupted after {len(report.outcomes)} items", file=sys.stderr)
        return EXIT_INTERRUPTED
    if report.nothing_tested is not None:
        print(f"codex-conformance: nothing tested: {report.nothing_tested}", file=sys.stderr)
        return EXIT_NOTHING_TESTED
    return EXIT_OK if report.ok else EXIT_PROBLEMS


def _run_items(session: ConformanceSession, *, quiet: bool) -> bool:
    """Run every item of a started session; True if interrupted (the report covers the items run)."""
    assert session.hello is not None
    implementation = session.hello.implementation
    if not quiet:
        print(
            f"certifying {implementation.name} {implementation.version} ({session.options.impl}): "
            f"{len(session.cases)} cases, {len(session.properties)} property checks, "
            f"editions {', '.join(session.editions) or '(none)'}",
            file=sys.stderr,
        )
    progress = _ProgressLine(len(session.items))
    for done, item in enumerate(session.items, start=1):
        try:
            outcome = session.run(item)
        except KeyboardInterrupt:
            return True  # the session recorded the interrupted item as an error
        if not quiet:
            progress(done, outcome)
    return False


def _serve(args: argparse.Namespace) -> int:
    from codex_conformance.impl import COMMAND_PREFIX, load_handler
    from codex_conformance.serve import serve_stdio

    if args.impl.startswith(COMMAND_PREFIX):
        raise UsageError(
            "serve needs a Python adapter (reference, release:<version>, pkg.mod[:attr]), not cmd:"
        )
    return serve_stdio(load_handler(args.impl))


def _fixtures_lint(args: argparse.Namespace) -> int:
    from codex_conformance.lint import lint

    fixtures_dir = _directory(args.fixtures_dir, paths.fixtures_dir)
    spec_dir = _directory(args.spec_dir, paths.spec_dir)
    problems = lint(fixtures_dir, spec_dir)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {fixtures_dir} / {spec_dir}", file=sys.stderr)
        return EXIT_PROBLEMS
    print(f"fixtures OK ({fixtures_dir}, spec {spec_dir})", file=sys.stderr)
    return EXIT_OK


def _fixtures_export(args: argparse.Namespace) -> int:
    from codex_conformance.export import export

    manifest = export(
        args.dir,
        fixtures_dir=_directory(args.fixtures_dir, paths.fixtures_dir),
        spec_dir=_directory(args.spec_dir, paths.spec_dir),
        force=args.force,
    )
    counts = manifest.counts
    print(
        f"wrote {counts.cases} cases ({counts.areas} areas, editions {', '.join(manifest.editions)}) "
        f"and {counts.clauses} clauses to {args.dir}",
        file=sys.stderr,
    )
    return EXIT_OK


def _badge(args: argparse.Namespace) -> int:
    import json

    from codex_conformance.badge import badge_for, load_report
    from codex_conformance.badge_svg import render_svg

    badge = badge_for(load_report(args.report), label=args.label)
    endpoint = json.dumps(badge.endpoint(), ensure_ascii=False) + "\n"
    outputs = [(args.svg, render_svg(badge)), (args.json, endpoint)]
    for path, text in outputs:
        if path is not None:
            _write_text(path, text)
    if args.svg is None and args.json is None:
        print(endpoint, end="")
    print(f"{badge.label}: {badge.message} ({badge.color})", file=sys.stderr)
    return EXIT_OK


def _write_text(path: Path, text: str) -> None:
    if not path.parent.is_dir():
        raise UsageError(f"{path}: directory {path.parent} does not exist")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _schemas(args: argparse.Namespace) -> int:
    from codex_conformance import schemas

    directory = _directory(args.spec_dir, paths.spec_dir) / "schemas"
    if args.write:
        for path in schemas.write(directory):
            print(f"wrote {path}", file=sys.stderr)
        return EXIT_OK
    stale = schemas.stale(directory)
    for name in stale:
        print(f"{directory / name} is out of date (run 'codex-conformance schemas --write')", file=sys.stderr)
    if not stale:
        print(f"schemas in {directory} are up to date", file=sys.stderr)
    return EXIT_PROBLEMS if stale else EXIT_OK
