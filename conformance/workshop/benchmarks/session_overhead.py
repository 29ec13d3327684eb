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
outcome counts of both, so that a fast but broken run shows.  Each in wall
time and in CPU time (user + system, of this process for the cases, of the
pytest process for the session): on a loaded machine the wall times stretch
with the load, the CPU times much less.  Whether Python writes bytecode is
printed too: without it (PYTHONDONTWRITEBYTECODE) every session compiles
each module it imports again.  No assertion: figures only.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

from bench_output import add_save_option, saved
from pytest_session import measured_session

from codex_conformance.errors import HarnessError, UsageError
from codex_conformance.impl import connect
from codex_conformance.runner import run_cases
from codex_conformance.session import load_fixture_cases


def cases_alone(impl: str, fixtures_dir: Path | None) -> tuple[float, float, int, Counter[str]]:
    """Wall and CPU time of every case of the declared editions through the runner, after start-up."""
    cases = load_fixture_cases(fixtures_dir)
    with connect(impl, timeout=60) as connection:
        editions = set(connection.hello().editions)
        chosen = [case for case in cases if case.edition in editions]
        started, cpu_started = time.perf_counter(), time.process_time()
        outcomes = run_cases(connection, chosen)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return elapsed, cpu, len(chosen), Counter(outcome.status.value for outcome in outcomes)


def session(impl: str, fixtures_dir: Path | None) -> tuple[float, float, str]:
    """Wall and CPU time of a whole pytest session in an empty directory, and its conformance summary."""
    measured = measured_session(impl, fixtures_dir, "-p", "no:xdist")
    summary = [line for line in measured.printed.splitlines() if line.startswith("conformance:")]
    line = summary[-1] if summary else "no summary: " + " ".join(measured.printed.split())[:200]
    return measured.wall, measured.cpu, line


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
        case_time = min(wall for wall, _, _, _ in alone)
        case_cpu = min(cpu for _, cpu, _, _ in alone)
        _, _, count, counts = alone[-1]
        session_time = min(wall for wall, _, _ in whole)
        session_cpu = min(cpu for _, cpu, _ in whole)
        overhead, overhead_cpu = session_time - case_time, session_cpu - case_cpu
        bytecode = "off (PYTHONDONTWRITEBYTECODE)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "on"
        print(f"impl: {options.impl}; {count} cases, property checks off; best of {options.repeat}")
        print(f"bytecode cache: {bytecode}")
        print(
            f"cases alone (runner, in process): {case_time:6.2f}s wall {case_cpu:6.2f}s cpu  "
            f"{dict(sorted(counts.items()))}"
        )
        print(
            f"pytest session (empty directory): {session_time:6.2f}s wall {session_cpu:6.2f}s cpu  "
            f"{whole[-1][2]}"
        )
        print(f"pytest overhead (session - cases): {overhead:5.2f}s wall {overhead_cpu:6.2f}s cpu")
        print(f"overhead / cases, wall: {overhead / case_time:.2f}x (target: at most 1x)")
        print(f"overhead / cases, cpu:  {overhead_cpu / case_cpu:.2f}x")
        print(f"session / cases:  {session_time / case_time:.2f}x wall, {session_cpu / case_cpu:.2f}x cpu")
        passed = re.search(r"(\d+) passed", whole[-1][2])
        if passed is None or int(passed.group(1)) != counts.get("pass", 0):
            print("warning: the session and the runner gave different pass counts", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
