"""``pytest -n 2`` against a serial run, on the same items, measured in the same run.

    python conformance/workshop/benchmarks/xdist_speedup.py [IMPL] [--workers 2] [--repeat 1]
        [--only whole] [--save]

Three runs of ``pytest --impl=IMPL`` in an empty directory, each serial
(``-p no:xdist``) and with ``-n WORKERS``:

- the whole suite, property checks off (what ``pytest --impl=reference``
  costs a user: mostly start-up and collection, which every worker repeats);
- the slow areas (apply_patch, mcp, schema) with property checks at the
  default 100 examples;
- the same at 300 examples, where generating inputs dominates.

Printed per run: wall time serial and parallel (best of ``--repeat``), their
ratio, and whether both gave the same summary line (a fast but wrong run is
visible).  The parallel run's speed-up is bounded by the machine's free
cores and by the start-up each worker repeats.  ``--only whole`` runs the
first alone (issue #36's ratio: ``-n 2`` against serial on the full
reference run).  ``--save`` keeps the printout in ``output/xdist_speedup.txt``
(docs/speed.md quotes it).  No assertion: figures only.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time

from bench_output import add_save_option, saved

SLOW_AREAS = ("--area=apply_patch", "--area=mcp", "--area=schema")
RUNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("whole suite, properties off", ("--conformance-examples=0",)),
    ("slow areas, 100 examples", (*SLOW_AREAS, "--conformance-examples=100")),
    ("slow areas, 300 examples", (*SLOW_AREAS, "--conformance-examples=300")),
)


def timed_run(impl: str, args: tuple[str, ...], parallel: tuple[str, ...]) -> tuple[float, str]:
    """Wall time of one pytest run in an empty directory, and its conformance summary line."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--impl={impl}", *args]
    with tempfile.TemporaryDirectory() as empty:
        started = time.perf_counter()
        done = subprocess.run([*command, *parallel], cwd=empty, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - started
    summary = [line for line in done.stdout.splitlines() if line.startswith("conformance:")]
    return elapsed, (summary[-1] if summary else f"no summary (exit {done.returncode})")


def best(impl: str, args: tuple[str, ...], parallel: tuple[str, ...], repeat: int) -> tuple[float, str]:
    runs = [timed_run(impl, args, parallel) for _ in range(repeat)]
    return min(elapsed for elapsed, _ in runs), runs[-1][1]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("impl", nargs="?", default="reference")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", choices=["whole"], help="whole: the whole suite alone, properties off")
    add_save_option(parser)
    options = parser.parse_args()
    if options.workers < 1 or options.repeat < 1:
        parser.error("--workers and --repeat must be at least 1")
    with saved(__file__, options.save):
        return measure(options)


def measure(options: argparse.Namespace) -> int:
    runs = RUNS[:1] if options.only == "whole" else RUNS
    print(f"impl: {options.impl}; serial vs -n {options.workers}; best of {options.repeat}")
    print(f"{'run':32} {'serial':>8} {'-n ' + str(options.workers):>8} {'ratio':>7}  same outcomes")
    differ = False
    for name, args in runs:
        serial, serial_summary = best(options.impl, args, ("-p", "no:xdist"), options.repeat)
        parallel, parallel_summary = best(options.impl, args, ("-n", str(options.workers)), options.repeat)
        same = serial_summary == parallel_summary
        differ |= not same
        ratio = parallel / serial
        print(f"{name:32} {serial:7.2f}s {parallel:7.2f}s {ratio:6.2f}x  {same}: {serial_summary}")
        if not same:
            print(f"{'':32} parallel: {parallel_summary}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
