"""CI's lanes per edition, read from the kit's edition table when they run: no lane names an edition.

CI (``.ci/run``) certifies the newest edition, the release ports and
gateways move to, against its release and recaptures it case by case; every
older edition runs its fixed sample (sample.py); the scheduled run
(``.ci/scheduled``) runs the older editions in full (docs/ci.md).  Which is
which is ``ci_editions`` of ``EDITIONS``, asked when the scripts run, so an
edition added to the table (``edition add``) moves the previous newest to
the sampled ones with nothing else to write, and tox.ini and the scripts
name no edition.  This module imports the standard library and the kit's
``editions`` (itself standard library only), so the scripts run it with the
machine's ``python3`` before anything is installed::

    eval "$(PYTHONPATH=conformance:conformance/workshop python3 -m codex_workshop.edition.lanes)"

prints ``full_editions="..."`` and ``sampled_editions="..."``;
``... lanes certify [V ...]`` certifies each edition named (default: every
one) against its release (tox's ``release``), ``... lanes recapture [V
...]`` recaptures each and diffs (tox's ``recapture``); one edition after
another, the exit status the worst of theirs (2 for an unknown edition,
before any runs).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterable, Sequence

from codex_conformance.editions import EDITIONS, version_key

# What tox's release and recapture environments run per edition: two cases or areas at once (a
# release run mostly waits, so two take about half the time even on two cores).
WORKERS = 2


def ci_editions(editions: Iterable[str]) -> tuple[list[str], list[str]]:
    """(run in full, sampled), each in release order: the newest edition, and every older one."""
    ordered = sorted(set(editions), key=version_key)
    return ordered[-1:], ordered[:-1]


def shell_lists(editions: Iterable[str]) -> str:
    full, sampled = ci_editions(editions)
    return f'full_editions="{" ".join(full)}"\nsampled_editions="{" ".join(sampled)}"\n'


def certify_command(version: str, workers: int = WORKERS) -> list[str]:
    parallel = [f"-n={workers}"] if workers > 1 else []
    return [sys.executable, "-m", "pytest", f"--impl=release:{version}", "-q", *parallel]


def recapture_command(version: str) -> list[str]:
    capture = [sys.executable, "-m", "codex_conformance", "capture", "--all", "--check"]
    return [*capture, f"--edition={version}", f"--jobs={WORKERS}"]


def _run_each(commands: Sequence[list[str]]) -> int:
    worst = 0
    for command in commands:
        print(f"== {' '.join(command[1:])}", flush=True)
        status = subprocess.run(command, check=False).returncode
        worst = max(worst, status)
    return worst


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(shell_lists(EDITIONS), end="")
        return 0
    action, versions = args[0], args[1:] or list(EDITIONS)
    unknown = [version for version in versions if version not in EDITIONS]
    if action not in {"certify", "recapture"} or unknown:
        what = f"no edition: {', '.join(unknown)}" if unknown else f"no action {action!r}"
        usage = f"lanes [certify|recapture [VERSION ...]] (editions: {', '.join(EDITIONS)})"
        print(f"error: {what}; usage: {usage}", file=sys.stderr)
        return 2
    build = certify_command if action == "certify" else recapture_command
    return _run_each([build(version) for version in versions])


if __name__ == "__main__":
    sys.exit(main())
