"""A whole ``pytest --impl=IMPL`` session against its cases alone, measured in the same run.

    python conformance/workshop/benchmarks/session_overhead.py [IMPL] [--repeat 3] [--save]

Two figures for the same cases (every fixture case of the editions IMPL
declares, property checks off), each the best of ``--repeat``:

- the cases alone: every case through the runner in this process, after
  the implementation's start-up (what the cases themselves cost);
- the session: ``pytest -p no:xdist --impl=IMPL --conformance-examples=0``
  in an empty directory, from the interpreter's start to its exit (what a
  user waits for).

Printed: both, the pytest overhead (the session less the cases: start-up,
imports, loading and collecting the cases, reporting) and its ratio to the
case time (issue #36's target: the overhead at most 1x the cases), with the
outcome counts of both, so that a fast but broken run shows.  No assertion:
figures only.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

from bench_output import add_save_option, saved
from pytest_session import timed_session

from codex_conformance.errors import HarnessError, UsageError
from codex_conformance.impl import connect
from codex_conformance.runner import run_cases
from codex_conformance.session import load_fixture_cases


def cases_alone(impl: str, fixtures_dir: Path | None) -> tuple[float, int, Counter[str]]:
    """Wall time of every case of the declared editions through the runner, after start-up."""
    cases = load_fixture_cases(fixtures_dir)
    with connect(impl, timeout=60) as connection:
        editions = set(connection.hello().editions)
        chosen = [case for case in cases if case.edition in editions]
        started = time.perf_counter()
        outcomes = run_cases(connection, chosen)
        elapsed = time.perf_counter() - started
    return elapsed, len(chosen), Counter(outcome.status.value for outcome in outcomes)


def session(impl: str, fixtures_dir: Path | None) -> tuple[float, str]:
    """Wall time of a whole pytest session in an empty directory, and its conformance summary line."""
    elapsed, printed = timed_session(impl, fixtures_dir, "-p", "no:xdist")
    summary = [line for line in printed.splitlines() if line.startswith("conformance:")]
    return elapsed, summary[-1] if summary else "no summary: " + " ".join(printed.split())[:200]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("impl", nargs="?", default="reference", help="an in-process implementation")
    parser.add_argument("--fixtures-dir", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    add_save_option(parser)
    options = parser.parse_args()
    if options.repeat < 1:
        parser.error("--repeat must be at least 1")
    if options.impl.startswith("cmd:"):
        parser.error("give an in-process implementation: the cases alone are timed in this process")
    with saved(__file__, options.save):
        try:
            alone = [cases_alone(options.impl, options.fixtures_dir) for _ in range(options.repeat)]
        except (UsageError, HarnessError) as exc:
            print(f"session_overhead: error: {exc}", file=sys.stderr)
            return 2
        whole = [session(options.impl, options.fixtures_dir) for _ in range(options.repeat)]
        case_time = min(elapsed for elapsed, _, _ in alone)
        _, count, counts = alone[-1]
        session_time = min(elapsed for elapsed, _ in whole)
        overhead = session_time - case_time
        print(f"impl: {options.impl}; {count} cases, property checks off; best of {options.repeat}")
        print(f"cases alone (runner, in process): {case_time:6.2f}s  {dict(sorted(counts.items()))}")
        print(f"pytest session (empty directory): {session_time:6.2f}s  {whole[-1][1]}")
        print(f"pytest overhead (session - cases): {overhead:5.2f}s")
        print(f"overhead / cases: {overhead / case_time:.2f}x (target: at most 1x)")
        print(f"session / cases:  {session_time / case_time:.2f}x")
        passed = re.search(r"(\d+) passed", whole[-1][1])
        if passed is None or int(passed.group(1)) != counts.get("pass", 0):
            print("warning: the session and the runner gave different pass counts", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
