"""The CI gate (a run with an expected-failures file) against the same run without the file.

    python conformance/workshop/benchmarks/gate_speed.py [--percent 87] [--repeat 3] [--save]

A port with a deliberate bug is written into a temporary directory: the
reference model, except that ``apply_patch.apply`` answers exit code 99 for
about ``--percent`` of its requests (chosen by a hash of the args, so the
same cases every run).  ``--write-expected-failures`` lists its failures
(about 1,000 of the op's 1,215 cases at 87 %), then three runs of
``pytest --impl=buggyport --op=apply_patch.apply`` are timed, each the best
of ``--repeat``:

- the gate: with ``--expected-failures`` (exit 0, every failure an xfail);
- no gate: the same run without the file (exit 1, every failure reported);
- the reference: the same cases with no bug (exit 0).

Printed: each wall time, and the gate's against each peer (issue #36's
target: the gate at most 1.1x no gate).  Property checks are off; the
figures are the plugin's reporting, not the cases.  ``--save`` keeps the
printout in ``output/gate_speed.txt`` (docs/speed.md quotes it).  No
assertion: figures only.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_output import add_save_option, saved

PORT = '''\
"""The reference model with a deliberate bug in apply_patch.apply (gate_speed.py)."""

import json
import zlib

from codex_reference.adapter import handle as reference

PERCENT = {percent}


def handle(request):
    response = reference(request)
    if request.get("op") == "apply_patch.apply" and "result" in response:
        key = json.dumps(request.get("args"), sort_keys=True).encode()
        if zlib.crc32(key) % 100 < PERCENT:
            return {{"result": {{**response["result"], "exit_code": 99}}}}
    return response
'''

ARGS = (
    "-q",
    "-p",
    "no:cacheprovider",
    "-p",
    "no:xdist",
    "--op=apply_patch.apply",
    "--conformance-examples=0",
)


def pytest_run(directory: Path, impl: str, *extra: str) -> tuple[float, int, str]:
    """Wall time, exit status and pytest's last line of one run in ``directory``."""
    command = [sys.executable, "-m", "pytest", *ARGS, f"--impl={impl}", *extra]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=directory, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    lines = done.stdout.strip().splitlines()
    return elapsed, done.returncode, lines[-1] if lines else f"no output: {done.stderr.strip()[-200:]}"


def best(directory: Path, impl: str, extra: tuple[str, ...], repeat: int) -> tuple[float, int, str]:
    runs = [pytest_run(directory, impl, *extra) for _ in range(repeat)]
    return min(elapsed for elapsed, _, _ in runs), runs[-1][1], runs[-1][2]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--percent", type=int, default=87, help="share of apply_patch.apply cases the bug breaks"
    )
    parser.add_argument("--repeat", type=int, default=3)
    add_save_option(parser)
    options = parser.parse_args()
    if not 0 < options.percent <= 100 or options.repeat < 1:
        parser.error("--percent must be 1-100 and --repeat at least 1")
    with saved(__file__, options.save):
        measure(options.percent, options.repeat)
    return 0


def measure(percent: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        (directory / "buggyport.py").write_text(PORT.format(percent=percent), encoding="utf-8")
        listing = directory / "expected-failures.toml"
        pytest_run(directory, "buggyport", f"--write-expected-failures={listing}")
        entries = len(re.findall(r"^\[\[expected-failure\]\]", listing.read_text(encoding="utf-8"), re.M))
        print(f"port: the reference with exit code 99 on {percent}% of apply_patch.apply requests")
        print(f"expected-failures file: {entries} entries; best of {repeat}")
        runs = {
            "gate (--expected-failures)": best(
                directory, "buggyport", (f"--expected-failures={listing}",), repeat
            ),
            "no gate (the same run, no file)": best(directory, "buggyport", (), repeat),
            "reference (no bug)": best(directory, "reference", (), repeat),
        }
    for name, (elapsed, status, last) in runs.items():
        print(f"{name:34} {elapsed:6.2f}s  exit {status}  {last}")
    gate = runs["gate (--expected-failures)"][0]
    print(
        f"gate / no gate:   {gate / runs['no gate (the same run, no file)'][0]:.2f}x (target: at most 1.1x)"
    )
    print(f"gate / reference: {gate / runs['reference (no bug)'][0]:.2f}x")


if __name__ == "__main__":
    raise SystemExit(main())
