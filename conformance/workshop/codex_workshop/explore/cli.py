"""`codex-conformance explore AREA --edition V [--budget N] [--seed S] [--write]`.

Sends generated inputs for the area's ops through the real release and the
reference model and reports where they disagree: inputs tried, agreement,
clusters of disagreements (each with a shrunk input), throughput.  With
``--write`` each cluster's shrunk input becomes a captured case of the area
(fixtures/<area>/_explored.json, then its golden from every edition).  Exit
status: 0 when release and reference agreed on every input, 1 when they
did not, 2 for a usage error, 3 when the harness failed on some input.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from codex_conformance.areas import discover
from codex_conformance.editions import EDITIONS
from codex_workshop.areas import parts_of
from codex_workshop.checkout import fixtures_dir
from codex_workshop.commands import add_command
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import ReleaseUnavailableError
from codex_workshop.explore.run import Exploration, Progress, explore
from codex_workshop.explore.write import add_scenarios, capture_scenarios


def register(subparsers: Any) -> None:
    explorable = [name for name, area in discover().items() if parts_of(area).explorers()]
    parser = add_command(
        subparsers,
        "explore",
        "find disagreements between a release and the reference on generated inputs",
        __doc__,
    )
    parser.add_argument("area", choices=explorable)
    parser.add_argument("--edition", required=True, choices=sorted(EDITIONS))
    parser.add_argument("--budget", type=int, default=2000, help="inputs to try per op (default 2000)")
    parser.add_argument("--seed", default="0", help="the same seed gives the same inputs")
    parser.add_argument("--shrink-runs", type=int, default=300, help="release runs to shrink one cluster")
    parser.add_argument("--write", action="store_true", help="write each cluster as a captured case")
    parser.add_argument(
        "--no-recorded",
        dest="recorded",
        action="store_false",
        help="generate every input: replay none of the recorded gateway traffic (workshop/recorded/)",
    )
    parser.add_argument("--json", type=Path, metavar="PATH", help="write the findings as JSON too")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.set_defaults(handler=run)


def _print(found: Exploration) -> None:
    share = 100.0 * found.agreed / found.tried if found.tried else 0.0
    print(
        f"{found.area} {found.op} {found.version} seed {found.seed}: {found.tried} inputs "
        f"({found.recorded} recorded gateway traffic), "
        f"{found.agreed} agreed ({share:.2f} %), {found.disagreed} disagreed "
        f"in {len(found.clusters)} clusters, "
        f"{found.varied} varied from run to run, "
        f"{found.declined} reference unsupported where the release answered, "
        f"{len(found.harness_failures)} harness failures; "
        f"{found.rate:.1f} inputs/s, {found.seconds:.0f} s"
    )
    for cluster in sorted(found.clusters.values(), key=lambda c: -c.count):
        shown = cluster.shrunk or cluster.first
        print(f"  {cluster.count:6d}  {cluster.signature}")
        print(f"          input: {json.dumps(shown.args, ensure_ascii=False)[:400]}")
    for decline in sorted(found.declines.values(), key=lambda c: -c.count):
        reason = decline.signature[:200]
        print(f"  {decline.count:6d}  reference unsupported where the release answered: {reason}")
        print(f"          input: {json.dumps(decline.first.args, ensure_ascii=False)[:400]}")
    for failure in found.harness_failures[:5]:
        print(f"  harness failure: {failure[:300]}")
    for varied in found.varied_inputs[:5]:
        print(f"  varied from run to run: {json.dumps(varied['input'], ensure_ascii=False)[:300]}")


def _as_json(found: Exploration) -> dict[str, Any]:
    return {
        "area": found.area,
        "op": found.op,
        "edition": found.version,
        "seed": found.seed,
        "tried": found.tried,
        "recorded": found.recorded,
        "agreed": found.agreed,
        "varied": found.varied,
        "varied_inputs": found.varied_inputs,
        "declined": found.declined,
        "declines": [
            {"reason": decline.signature, "count": decline.count, "input": decline.first.args}
            for decline in found.declines.values()
        ],
        "seconds": round(found.seconds, 1),
        "harness_failures": found.harness_failures,
        "clusters": [
            {
                "signature": cluster.signature,
                "count": cluster.count,
                "input": (cluster.shrunk or cluster.first).args,
                "release": (cluster.shrunk or cluster.first).release,
                "reference": (cluster.shrunk or cluster.first).reference,
            }
            for cluster in found.clusters.values()
        ],
    }


def run(args: argparse.Namespace) -> int:
    if args.budget < 1 or args.shrink_runs < 0:
        print("error: --budget must be at least 1 and --shrink-runs at least 0", file=sys.stderr)
        return 2
    area = discover()[args.area]
    if args.edition not in area.editions:
        print(f"error: {area.absent_from(args.edition)}", file=sys.stderr)
        return 2
    root: Path = args.fixtures_dir or fixtures_dir()
    try:
        release_binary(args.edition)  # fetched once, before inputs run side by side
    except ReleaseUnavailableError as missing:
        print(f"error: {missing}", file=sys.stderr)
        return 3
    findings = []
    worst = 0
    for explorer in [
        explorer for explorer in parts_of(area).explorers() if area.op_in(explorer.op, args.edition)
    ]:
        found = explore(
            area.name,
            parts_of(area).release_ops()[explorer.op],
            explorer,
            args.edition,
            budget=args.budget,
            seed=args.seed,
            shrink_runs=args.shrink_runs,
            progress=Progress(args.budget),
            recorded=args.recorded,
        )
        _print(found)
        findings.append(_as_json(found))
        if args.write and found.clusters:
            slugs = add_scenarios(root, area, explorer, found)
            written = capture_scenarios(root, area, slugs)
            print(f"  wrote {len(slugs)} scenarios to {root / area.name / '_explored.json'}, {written} cases")
        worst = max(worst, 3 if found.harness_failures else 1 if found.clusters else 0)
    if args.json:
        args.json.write_text(json.dumps(findings, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return worst
