"""The contributor's fast subset (``tox -e fast``) timed, against the whole suite when asked.

    python conformance/workshop/benchmarks/fast_subset.py [--whole] [--save]

The subset is the test files listed in ``conformance/fast-subset.txt``, one
pytest argument a line (pytest reads it as ``pytest @conformance/fast-subset.txt``),
run as ``tox -e fast`` runs it: ``-n 2``, from the repository's root.
Printed: its wall and CPU time (user + system of pytest and its workers) and
its counts, against issue #36's target (under a minute); with ``--whole``, the
whole suite the same way, and what share of its tests and time the subset
takes.  No assertion: figures only.
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench_output import add_save_option, saved

REPO = Path(__file__).resolve().parents[3]
SUBSET = "conformance/fast-subset.txt"


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    last_line: str
    passed: int


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_pytest(*args: str) -> Run:
    command = [sys.executable, "-m", "pytest", "-q", "-n", "2", *args]
    cpu_before = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    cpu = _children_cpu() - cpu_before
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    last = lines[-1] if lines else f"(no output; exit {done.returncode})"
    passed = re.search(r"(\d+) passed", last)
    return Run(wall, cpu, last, int(passed.group(1)) if passed else 0)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--whole", action="store_true", help="also run the whole suite (minutes)")
    add_save_option(parser)
    options = parser.parse_args()
    with saved(__file__, options.save):
        subset = timed_pytest(f"@{SUBSET}")
        files = len((REPO / SUBSET).read_text(encoding="utf-8").split())
        print(f"fast subset ({SUBSET}, {files} test files, pytest -n 2): {subset.last_line}")
        print(f"fast subset: {subset.wall:.1f} s wall, {subset.cpu:.1f} s cpu (target: under 60 s wall)")
        if options.whole:
            whole = timed_pytest()
            print(f"whole suite (pytest -n 2): {whole.last_line}")
            print(f"whole suite: {whole.wall:.1f} s wall, {whole.cpu:.1f} s cpu")
            if whole.passed and whole.wall and whole.cpu:
                print(
                    f"subset / whole: {subset.passed / whole.passed:.2f} of the tests passed, "
                    f"{subset.wall / whole.wall:.2f}x the wall time, "
                    f"{subset.cpu / whole.cpu:.2f}x the cpu time"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
