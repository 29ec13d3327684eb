"""One whole pytest session of the kit, timed as a user starts it: in an empty directory.

Shared by the benchmarks that set a session against what it runs
(session_overhead.py, transport_overhead.py): both must time the same
command, or their ratios would not compare.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Session:
    wall: float  # seconds, start to exit
    cpu: float  # user + system seconds of the pytest process: what the load average does not stretch
    printed: str


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_session(impl: str, fixtures_dir: Path | None, *extra: str) -> tuple[float, str]:
    """Wall time of ``pytest --impl=IMPL`` (property checks off) and what it printed."""
    session = measured_session(impl, fixtures_dir, *extra)
    return session.wall, session.printed


def measured_session(impl: str, fixtures_dir: Path | None, *extra: str) -> Session:
    """Wall and CPU time of ``pytest --impl=IMPL`` (property checks off), and what it printed.

    Property checks are off: the differential runs only against a
    non-reference implementation, so with them on two sessions would not run
    the same cases."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        *extra,
        "--conformance-examples=0",
        f"--conformance-impl={impl}",
    ]
    if fixtures_dir is not None:
        command.append(f"--conformance-fixtures-dir={fixtures_dir.resolve()}")
    with tempfile.TemporaryDirectory() as empty:
        cpu_before = _children_cpu()
        started = time.perf_counter()
        done = subprocess.run(command, cwd=empty, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - started
        cpu = _children_cpu() - cpu_before
    printed = done.stdout if done.returncode in (0, 1) else f"(exit {done.returncode})\n{done.stdout}"
    return Session(elapsed, cpu, printed)
