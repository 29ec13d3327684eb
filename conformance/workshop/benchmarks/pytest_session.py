"""One whole pytest session of the kit, timed as a user starts it: in an empty directory.

Shared by the benchmarks that set a session against what it runs
(session_overhead.py, transport_overhead.py): both must time the same
command, or their ratios would not compare.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed_session(impl: str, fixtures_dir: Path | None, *extra: str) -> tuple[float, str]:
    """Wall time of ``pytest --impl=IMPL`` (property checks off) and what it printed.

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
        f"--impl={impl}",
    ]
    if fixtures_dir is not None:
        command.append(f"--fixtures-dir={fixtures_dir.resolve()}")
    with tempfile.TemporaryDirectory() as empty:
        started = time.perf_counter()
        done = subprocess.run(command, cwd=empty, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - started
    return elapsed, done.stdout if done.returncode in (0, 1) else f"(exit {done.returncode})\n{done.stdout}"
