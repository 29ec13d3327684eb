"""`codex-conformance gateway --gateway GATEWAY`: certify a gateway or proxy that Codex talks through.

GATEWAY is ``cmd:TEMPLATE``, a start command in which the kit fills
``{port}`` (where the gateway must listen) and ``{upstream}`` (the base URL
of the kit's scripted model, Responses and Chat Completions, e.g.
``http://127.0.0.1:PORT/v1``), or the URL of a gateway already running
(then ``--upstream-port`` fixes where the kit's upstream listens, so that
the gateway could be configured to forward there beforehand).

Every scenario runs a real Codex release through the gateway and directly,
and the clauses of spec/gateway.md compare the two.  The Markdown report
goes to stdout (or --report PATH.md, with the JSON beside it as PATH.json).
Exit status: 0 every scenario passes; 1 some fail; 2 usage error (a bad
template or option); 3 nothing was judged (the gateway never became ready,
or died before the first scenario, a release is unavailable, or no scenario
selected applies to the releases chosen).

``--record FILE.json`` also records what the gateway sent the release and
what it forwarded upstream in every run through it (record.py), as a run of
the gateway's recording file (recording_file.py): the run named ``--name``
replaces one of that name, others are kept.  Its provenance is the name,
the gateway's version (``--gateway-version``, else the first version-like
word of the name), the start command, the editions, each entry's scenario,
and the date.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from codex_conformance.editions import EDITIONS
from codex_workshop.commands import add_command, add_edition_option
from codex_workshop.drive.errors import ReleaseUnavailableError
from codex_workshop.gateway.certify import ScenarioResult, certify_gateway
from codex_workshop.gateway.plug import DEFAULT_PATH, DEFAULT_READY_SECONDS, GatewayError, parse_gateway
from codex_workshop.gateway.record import Recorder
from codex_workshop.gateway.recording_file import RecordingFileError, read, write_run
from codex_workshop.gateway.report import profiles, profiles_section, readiness, render_markdown, report_json
from codex_workshop.gateway.scenarios import scenario_slugs


def register(subparsers: Any) -> None:
    parser = add_command(
        subparsers,
        "gateway",
        "certify a gateway or proxy: real releases through it, compared with direct runs",
        __doc__,
    )
    parser.add_argument("--gateway", required=True, metavar="GATEWAY", help="cmd:TEMPLATE or a URL")
    add_edition_option(parser, "release to drive (repeatable; default: every one)")
    parser.add_argument("--only", action="append", metavar="SCENARIO", help="run only these scenarios")
    parser.add_argument(
        "--gateway-path", default=DEFAULT_PATH, help="the base path the gateway serves (default %(default)s)"
    )
    parser.add_argument(
        "--ready-timeout",
        type=float,
        default=DEFAULT_READY_SECONDS,
        metavar="SECONDS",
        help="how long a started gateway may take to accept connections (default %(default)s)",
    )
    parser.add_argument(
        "--upstream-port", type=int, default=0, help="fixed port of the kit's upstream (default: any)"
    )
    parser.add_argument(
        "--report",
        type=Path,
        metavar="PATH",
        help="write the Markdown here and the JSON beside it (.md -> .json)",
    )
    parser.add_argument("--name", help="the gateway's name in the report (default: its command or URL)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="record the gateway's traffic into this recording file (a run named --name in it)",
    )
    parser.add_argument(
        "--gateway-version", help="the gateway's version, for --record (default: from --name)"
    )
    parser.set_defaults(handler=run)


def json_path_for(report: Path) -> Path:
    """The JSON report beside the Markdown one: ``gateway.md`` -> ``gateway.json``."""
    if report.suffix == ".md":
        return report.with_suffix(".json")
    return report.with_name(report.name + ".json")


_VERSION_WORD = re.compile(r"\bv?(\d+\.\d+(?:\.\d+)*(?:[-.+]?[A-Za-z0-9.]+)?)\b")


def gateway_version(name: str | None, given: str | None) -> str | None:
    """The version recorded with a run: ``given``, else the first version-like word of the name."""
    if given:
        return given
    match = _VERSION_WORD.search(name or "")
    return match.group(1) if match else None


def _record_problem(args: argparse.Namespace) -> str | None:
    """Why ``--record`` cannot be honoured, before anything runs; None when it can."""
    if args.record is None:
        return None
    if not args.record.parent.is_dir():
        return f"--record: the directory {args.record.parent} does not exist"
    if not args.name:
        return "--record needs --name: the run's name in the recording file"
    if gateway_version(args.name, args.gateway_version) is None:
        return "--record needs the gateway's version: --gateway-version, or a version in --name"
    if args.report is not None and args.record.resolve() in {
        args.report.resolve(),
        json_path_for(args.report).resolve(),
    }:
        # The report's JSON is written after the recording and would replace it.
        return (
            f"--record {args.record} is where --report {args.report} writes its "
            f"{'Markdown' if args.record.resolve() == args.report.resolve() else 'JSON'}: "
            "give the recording another name"
        )
    if args.record.exists():
        try:
            read(args.record)
        except RecordingFileError as broken:
            return f"--record: {broken}"
    return None


def _write_recording(args: argparse.Namespace, recorder: Recorder, label: str, editions: list[str]) -> None:
    run = {
        "name": args.name,
        "version": gateway_version(args.name, args.gateway_version),
        # The command as the kit ran it, with the checkout's own directory written `.`.
        "command": label.replace(str(Path.cwd()) + "/", "./"),
        "date": datetime.now(UTC).date().isoformat(),
        "editions": editions,
        "entries": recorder.entries,
    }
    write_run(args.record, args.name.split()[0], run)


def _usage(message: str) -> int:
    print(f"codex-conformance gateway: error: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    try:
        spec = parse_gateway(args.gateway, path=args.gateway_path)
    except GatewayError as bad:
        return _usage(str(bad))
    unknown = sorted(set(args.only or ()) - set(scenario_slugs()))
    if unknown:
        return _usage(f"unknown scenario(s) {', '.join(unknown)}; known: {', '.join(scenario_slugs())}")
    if args.ready_timeout <= 0:
        return _usage("--ready-timeout must be positive")
    if not 0 <= args.upstream_port < 65536:
        return _usage("--upstream-port must be a port number")
    if spec.url is not None and args.upstream_port == 0:
        return _usage("a running gateway needs --upstream-port: the port it forwards to (the kit's upstream)")
    if args.report is not None and not args.report.parent.is_dir():
        return _usage(f"--report: the directory {args.report.parent} does not exist")
    if (problem := _record_problem(args)) is not None:
        return _usage(problem)
    recorder = Recorder() if args.record is not None else None

    def progress(result: ScenarioResult) -> None:
        if not args.quiet:
            print(f"{result.edition} {result.slug}: {result.outcome}", file=sys.stderr, flush=True)

    try:
        outcome = certify_gateway(
            spec,
            args.edition or list(EDITIONS),
            only=args.only or (),
            ready_seconds=args.ready_timeout,
            upstream_port=args.upstream_port,
            progress=progress,
            name=args.name,
            recorder=recorder,
        )
    except ReleaseUnavailableError as missing:
        print(f"codex-conformance gateway: {missing}", file=sys.stderr)
        return 3
    except OSError as failed:  # e.g. the fixed upstream port is taken
        print(f"codex-conformance gateway: the kit's upstream could not start: {failed}", file=sys.stderr)
        return 3
    if recorder is not None and recorder.entries:
        _write_recording(args, recorder, spec.label, outcome.editions)
    markdown = render_markdown(outcome)
    if args.report is not None:
        args.report.write_text(markdown, encoding="utf-8")
        json_path = json_path_for(args.report)
        json_path.write_text(json.dumps(report_json(outcome), indent=2) + "\n", encoding="utf-8")
        for verdict in readiness(outcome):  # the report's verdicts, on the terminal too
            print(f"readiness {verdict.line()}", file=sys.stderr)
        per_model = profiles(outcome)
        if profiles_section(per_model):  # as the Markdown: where a release ran more than one model
            for profile in per_model:
                print(f"readiness under {profile.model} {profile.verdict.line()}", file=sys.stderr)
    else:
        sys.stdout.write(markdown)
    if not any(result.judged for result in outcome.results):
        why = outcome.aborted or "no scenario selected applies to the releases chosen"
        print(f"codex-conformance gateway: nothing judged: {why}", file=sys.stderr)
        return 3
    return 0 if outcome.ok else 1


__all__ = ["gateway_version", "json_path_for", "register", "run"]
