"""How much the subprocess transport costs compared with calling an adapter in process.

    python conformance/workshop/benchmarks/transport_overhead.py [IMPL] [--fixtures-dir DIR] [--repeat N]

Measures IMPL (default ``reference``) in process and as
``cmd:<python> -m codex_conformance serve IMPL``, three ways each:

- start-up: connecting and the ``hello`` exchange (for a subprocess, the
  child's interpreter start and imports);
- cases: every fixture case through the runner, after start-up;
- session: a whole ``pytest --impl=... --conformance-examples=0`` run in an
  empty directory, which is what a user waits for (the targets: under 10 s
  for the reference on two cores, and the subprocess session at most 1.25x
  the in-process one, for the same cases: property checks are off in both).

Best of ``--repeat`` runs each.  In process, the repeats after the first
find the adapter's own caches warm (the reference keeps its last 32 images'
outcomes); a session, and a subprocess, starts cold every time.  The
outcome counts are printed too, so a fast but broken run is visible.  No
assertion: figures only.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pytest_session import timed_session

from codex_conformance.cases import Case
from codex_conformance.errors import HarnessError, UsageError
from codex_conformance.impl import connect
from codex_conformance.runner import run_cases
from codex_conformance.session import load_fixture_cases


@dataclass
class Figures:
    startup: float
    cases: float
    session: float
    counts: Counter[str]


def _runner_times(impl: str, cases: list[Case]) -> tuple[float, float, Counter[str]]:
    started = time.perf_counter()
    with connect(impl, timeout=60) as connection:
        connection.hello()
        ready = time.perf_counter()
        outcomes = run_cases(connection, cases)
        finished = time.perf_counter()
    return ready - started, finished - ready, Counter(outcome.status.value for outcome in outcomes)


def _session_time(impl: str, fixtures_dir: Path | None) -> float:
    return timed_session(impl, fixtures_dir)[0]


def measure(impl: str, cases: list[Case], fixtures_dir: Path | None, repeat: int) -> Figures:
    best = Figures(float("inf"), float("inf"), float("inf"), Counter())
    for _ in range(repeat):
        startup, case_time, counts = _runner_times(impl, cases)
        best.startup = min(best.startup, startup)
        best.cases = min(best.cases, case_time)
        best.counts = counts
        best.session = min(best.session, _session_time(impl, fixtures_dir))
    return best


def _ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:6.2f}x" if denominator else "   inf"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("impl", nargs="?", default="reference")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.impl.startswith("cmd:"):
        parser.error("give an in-process impl; the script builds the cmd: form itself")
    served = "cmd:" + shlex.join([sys.executable, "-m", "codex_conformance", "serve", args.impl])
    try:
        cases = load_fixture_cases(args.fixtures_dir)
        local = measure(args.impl, cases, args.fixtures_dir, args.repeat)
        remote = measure(served, cases, args.fixtures_dir, args.repeat)
    except (UsageError, HarnessError) as exc:
        print(f"transport_overhead: error: {exc}", file=sys.stderr)
        return 2
    print(f"cases: {len(cases)}; best of {args.repeat} runs each; subprocess = {served}")
    print(f"{'':12} {'start-up':>10} {'cases':>10} {'session':>10}   outcomes")
    for name, figures in (("in process", local), ("subprocess", remote)):
        print(
            f"{name:12} {figures.startup:9.3f}s {figures.cases:9.3f}s {figures.session:9.3f}s"
            f"   {dict(sorted(figures.counts.items()))}"
        )
    print(
        f"{'ratio':12} {_ratio(remote.startup, local.startup):>10} {_ratio(remote.cases, local.cases):>10}"
        f" {_ratio(remote.session, local.session):>10}"
    )
    if local.counts != remote.counts:
        print("warning: the two transports gave different outcome counts", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
