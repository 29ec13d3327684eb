"""`capture --all --jobs N`: areas captured side by side, each in a process of its own.

A release run mostly waits (the release starting, the mock server, a tool's
time-out: a serial recapture keeps a core under 5 % busy), so N areas at once
take about 1/N of the time.  Each area runs as ``codex-conformance capture
AREA ...`` in a child process, so areas share nothing; its output is kept and
printed whole when it ends, so the lines of two areas never interleave.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass

# capture's exit statuses (cli.py); anything else from a child is a failed capture.
_KNOWN_STATUSES = (0, 1, 2, 3)
_CAPTURE_FAILED = 3


@dataclass(frozen=True)
class AreaRun:
    name: str
    status: int
    stdout: str
    stderr: str
    seconds: float


def area_command(area: str, options: Sequence[str]) -> list[str]:
    """The command that captures one area with the options given to ``capture --all``."""
    return [sys.executable, "-m", "codex_conformance", "capture", area, *options]


def _run(name: str, command: Sequence[str]) -> AreaRun:
    started = time.monotonic()
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    status, stderr = completed.returncode, completed.stderr
    if status not in _KNOWN_STATUSES:
        stderr += f"error: capture of {name} ended with status {status}\n"
        status = _CAPTURE_FAILED
    return AreaRun(name, status, completed.stdout, stderr, time.monotonic() - started)


def run_side_by_side(commands: Sequence[tuple[str, Sequence[str]]], jobs: int) -> int:
    """Run each (name, command) with at most ``jobs`` at once; print each one's output whole as it
    ends, with a progress line; the worst exit status."""
    worst = 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        pending = [pool.submit(_run, name, command) for name, command in commands]
        for done, future in enumerate(as_completed(pending), start=1):
            run = future.result()
            sys.stdout.write(run.stdout)
            sys.stderr.write(run.stderr)
            print(
                f"[{done}/{len(commands)}] {run.name}: exit {run.status} after {run.seconds:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            worst = max(worst, run.status)
    return worst
