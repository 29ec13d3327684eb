"""`codex-conformance edition add VERSION`: a stable Codex release as an edition of the kit.

Finds the release (a stable version with a linux x86_64 build) and the
nearest edition, fetches it, writes its tables (the kit's and the
reference's editions.py, each derived from the nearest edition's; CI reads
its lanes from them), captures every area captured from the nearest
edition, and prints, per area and spec clause, which expected values
changed against the nearest edition: none, the edition is ready; some, each
clause is a rule the reference must model for it (the cases named show it).
What it prints is also a port author's changelog from one edition to the
next.  Run again, it keeps the tables already written and captures again.

Exit status: 0 every area ready; 1 expected values changed; 2 usage error
(no such release); 3 the release cannot be run (no linux build, a failed
fetch or capture).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from codex_workshop.checkout import fixtures_dir, repository_root
from codex_workshop.commands import add_command
from codex_workshop.drive.errors import ReleaseUnavailableError
from codex_workshop.edition.add import EditionAddError, add_edition, release_steps
from codex_workshop.edition.derive import DerivationError
from codex_workshop.timeline.releases import RegistryError


def register(subparsers: Any) -> None:
    parser = add_command(subparsers, "edition", "add a stable Codex release as an edition", __doc__)
    actions = parser.add_subparsers(dest="edition_action", required=True)
    add = actions.add_parser(
        "add",
        help="derive the release's tables, capture it, report what changed",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add.add_argument(
        "version", metavar="VERSION", help="a stable @openai/codex release, e.g. MAJOR.MINOR.PATCH"
    )
    add.add_argument("--area", action="append", metavar="AREA", help="only these areas (default: every one)")
    add.add_argument("--jobs", type=int, default=2, metavar="N", help="areas captured at once (default 2)")
    add.add_argument("--fixtures-dir", type=Path, default=None)
    add.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        print("error: --jobs takes a count of 1 or more", file=sys.stderr)
        return 2
    fixtures: Path = args.fixtures_dir or fixtures_dir()
    steps = release_steps(repository_root(), fixtures, args.jobs)
    try:
        return add_edition(args.version, steps, fixtures, only_areas=args.area).status
    except EditionAddError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.status
    except DerivationError as exc:
        print(f"error: cannot derive the tables: {exc}", file=sys.stderr)
        return 2
    except (ReleaseUnavailableError, RegistryError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3
