"""`codex-conformance capture AREA --edition V`: write captured fixtures from a real release.

Reads ``fixtures/<area>/_scenarios.json``, runs the release once per scenario
(plus one baseline run), and writes ``fixtures/<area>/captured-<V>.json``.
With ``--check`` nothing is written: the fresh captures are diffed against the
committed goldens and any difference fails (this is how CI re-checks them).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from codex_conformance.capture.fixture_writer import diff_against_committed, merge_cases, render_fixture
from codex_conformance.capture.scenarios import (
    load_apply_patch_scenarios,
    load_mcp_scenarios,
    load_schema_scenarios,
)
from codex_conformance.cases import Case
from codex_conformance.editions import EDITIONS, get_edition
from codex_conformance.paths import fixtures_dir
from codex_conformance.release import ops

_AREA_DESCRIPTIONS = {
    "mcp": "MCP tools as the release adds them to the Responses request's tools array.",
    "schema": "MCP input schemas as the release sends them in a function tool's parameters.",
    "apply_patch": "What the release's apply_patch command does with a patch in a directory of files.",
}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "capture",
        help="re-create captured fixtures by running a real release",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("area", choices=sorted(_AREA_DESCRIPTIONS))
    parser.add_argument("--edition", action="append", choices=sorted(EDITIONS), help="default: every edition")
    parser.add_argument("--only", action="append", metavar="SLUG", help="capture only these scenarios")
    parser.add_argument("--check", action="store_true", help="diff against committed fixtures, write nothing")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.set_defaults(handler=run)


def _command(area: str, version: str, slug: str) -> str:
    return f"codex-conformance capture {area} --edition {version} --only {slug}"


def _provenance(area: str, version: str, slug: str) -> dict[str, Any]:
    return {"kind": "captured", "release": version, "command": _command(area, version, slug)}


def _mcp_cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_mcp_scenarios(root / "mcp" / "_scenarios.json"):
        if not scenario.applies_to(version) or (only and scenario.slug not in only):
            continue
        servers = [server.model_dump() for server in scenario.servers]
        expected: dict[str, Any]
        try:
            expected = {"result": ops.mcp_tools_to_responses(version, servers)}
        except ops.ReleaseRejectedError as rejected:
            expected = {"error": {"kind": rejected.kind, "message": rejected.message}}
        yield Case.model_validate(
            {
                "id": f"mcp/{version}/{scenario.slug}",
                "edition": version,
                "op": "mcp.tools_to_responses",
                "args": {"edition": version, "servers": servers},
                "expected": expected,
                "compare": "json-exact",
                "clauses": scenario.clauses,
                "description": scenario.description,
                "provenance": _provenance("mcp", version, scenario.slug),
            }
        )


def _schema_cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_schema_scenarios(root / "schema" / "_scenarios.json"):
        if not scenario.applies_to(version) or (only and scenario.slug not in only):
            continue
        expected: dict[str, Any]
        try:
            expected = {"result": ops.schema_sanitize(version, scenario.schema_)}
        except ops.ReleaseRejectedError as rejected:
            expected = {"error": {"kind": rejected.kind, "message": rejected.message}}
        yield Case.model_validate(
            {
                "id": f"schema/{version}/{scenario.slug}",
                "edition": version,
                "op": "schema.sanitize",
                "args": {"edition": version, "schema": scenario.schema_},
                "expected": expected,
                "compare": "json-exact",
                "clauses": scenario.clauses,
                "description": scenario.description,
                "provenance": _provenance("schema", version, scenario.slug),
            }
        )


def _apply_patch_cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_apply_patch_scenarios(root / "apply_patch" / "_scenarios.json"):
        if not scenario.applies_to(version) or (only and scenario.slug not in only):
            continue
        args: dict[str, Any] = {"edition": version, "patch": scenario.patch, "files": scenario.files}
        if scenario.cwd is not None:
            args["cwd"] = scenario.cwd
        yield Case.model_validate(
            {
                "id": f"apply_patch/{version}/{scenario.slug}",
                "edition": version,
                "op": "apply_patch.apply",
                "args": args,
                "expected": {"result": ops.apply_patch_apply(version, args)},
                "compare": "json-exact",
                "clauses": scenario.clauses,
                "description": scenario.description,
                "provenance": _provenance("apply_patch", version, scenario.slug),
            }
        )


_CASE_SOURCES: dict[str, Callable[[Path, str, set[str] | None], Iterator[Case]]] = {
    "mcp": _mcp_cases,
    "schema": _schema_cases,
    "apply_patch": _apply_patch_cases,
}


def run(args: argparse.Namespace) -> int:
    root: Path = args.fixtures_dir or fixtures_dir()
    versions = args.edition or list(EDITIONS)
    only = set(args.only) if args.only else None
    failed = False
    for version in versions:
        get_edition(version)
        target = root / args.area / f"captured-{version}.json"
        fresh: list[Case] = []
        for case in _CASE_SOURCES[args.area](root, version, only):
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
        fixture = merge_cases(
            target, args.area, _AREA_DESCRIPTIONS[args.area], fresh, replace_all=only is None
        )
        target.write_text(render_fixture(fixture), encoding="utf-8")
        print(f"wrote {len(fixture.cases)} cases to {target}", file=sys.stderr)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="codex-conformance")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    return handler(args)
