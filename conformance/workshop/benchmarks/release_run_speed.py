"""How long one `codex exec` run of a release takes, with the closed door and without it.

    python conformance/workshop/benchmarks/release_run_speed.py [VERSION ...] [--repeat N]

Every release run of the kit (captures, ``--impl=release:V``, explorers) is a
`codex exec` against the loopback mock server answering one text reply.
0.94.0 also refreshes its model list from the built-in OpenAI provider
whatever the configuration says, and with no network it retries for about
three seconds before it uses its bundled catalog; the kit points
``OPENAI_BASE_URL`` at a loopback endpoint that answers 404 at once
(``drive/closed_door.py``).  This prints, per release, the median of
``--repeat`` runs with the door (what the kit does) against the same runs
with ``OPENAI_BASE_URL`` unset (the peer), and their ratio.  Figures only,
no assertion; the releases are fetched into the cache first.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.exec_run import run_exec

DEFAULT_VERSIONS = ("0.25.0", "0.94.0", "0.169.0")


def _seconds(binary: Path, env: dict[str, str] | None) -> float:
    started = time.perf_counter()
    run = run_exec(binary, model="gpt-5", servers=[], env=env)
    if run.returncode != 0:
        raise SystemExit(f"{binary}: exec failed (exit {run.returncode}): {run.stderr[-500:]}")
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("versions", nargs="*", default=list(DEFAULT_VERSIONS))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"{'release':<10} {'closed door':>12} {'no door':>10} {'ratio':>7}")
    for version in args.versions:
        binary = release_binary(version)
        # An empty value is no base URL: the release falls back to the real API's.
        door = statistics.median(_seconds(binary, None) for _ in range(args.repeat))
        open_ = statistics.median(_seconds(binary, {"OPENAI_BASE_URL": ""}) for _ in range(args.repeat))
        print(f"{version:<10} {door:>11.2f}s {open_:>9.2f}s {open_ / door:>6.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
