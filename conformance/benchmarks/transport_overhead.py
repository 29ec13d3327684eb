"""How much the subprocess transport costs compared with calling an adapter in process.

    python conformance/benchmarks/transport_overhead.py [IMPL] [--fixtures-dir DIR] [--repeat N]

Runs every case of the fixture suite against IMPL (default ``reference``)
in process, then against ``cmd:<python> -m codex_conformance serve IMPL``,
and prints both wall times and their ratio.  IMPL is any in-process
``--impl`` string (``reference``, ``pkg.mod[:attr]``, ``release:V``).  The
outcome counts are printed too, so a fast but broken run is visible.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import Counter
from pathlib import Path

from codex_conformance.errors import HarnessError, UsageError
from codex_conformance.impl import connect
from codex_conformance.runner import run_cases
from codex_conformance.session import load_fixture_cases


def timed_run(impl: str, cases: list, repeat: int) -> tuple[float, Counter[str]]:
    """Best wall time over ``repeat`` runs (start-up and hello included), and the outcome counts."""
    best = float("inf")
    counts: Counter[str] = Counter()
    for _ in range(repeat):
        started = time.perf_counter()
        with connect(impl, timeout=60) as connection:
            outcomes = run_cases(connection, cases)
        best = min(best, time.perf_counter() - started)
        counts = Counter(outcome.status.value for outcome in outcomes)
    return best, counts


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
        in_process, in_counts = timed_run(args.impl, cases, args.repeat)
        subprocess_time, sub_counts = timed_run(served, cases, args.repeat)
    except (UsageError, HarnessError) as exc:
        print(f"transport_overhead: error: {exc}", file=sys.stderr)
        return 2
    print(f"cases: {len(cases)} (best of {args.repeat} runs each)")
    print(f"in process : {in_process:8.3f} s  {dict(sorted(in_counts.items()))}")
    print(f"subprocess : {subprocess_time:8.3f} s  {dict(sorted(sub_counts.items()))}  ({served})")
    print(f"ratio      : {subprocess_time / in_process if in_process else float('inf'):8.2f}x")
    if in_counts != sub_counts:
        print("warning: the two transports gave different outcome counts", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
