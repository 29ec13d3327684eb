"""Rewrite committed goldens so their invisible characters are ``\\uXXXX`` escapes, values unchanged.

``python -m codex_workshop.capture.escape_goldens [DIR ...]`` (default: the
checkout's ``fixtures/``) rewrites every ``*.json`` under each directory
that holds a raw invisible character (codex_conformance.invisible_json),
each file only after proving that it parses to the very same value, and
leaves the others untouched, byte for byte.  Run again it finds nothing to
do, and a file is only read unless it needs the rewrite, so it is cheap to
re-run after merging branches that added captures written before the
fixture writer escaped them.  Only the representation changes: no golden
value is edited, so no capture is needed.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from codex_conformance.invisible_json import NotValueIdentical, escape_invisible, raw_invisible
from codex_conformance.paths import fixtures_dir
from codex_workshop.capture.fixture_writer import write_fixture_text


@dataclass(frozen=True)
class Rewritten:
    path: Path
    characters: list[str]  # the distinct characters escaped


class Refused(Exception):
    """A file that cannot be rewritten value-identically (not JSON, or not the same value)."""


def escape_file(path: Path) -> Rewritten | None:
    """Rewrite ``path`` if it holds raw invisible characters; what was escaped, or None."""
    text = path.read_text(encoding="utf-8")
    characters = raw_invisible(text)
    if not characters:
        return None
    try:
        escape_invisible(text)  # the proof, before anything is written
    except NotValueIdentical as exc:
        raise Refused(f"{path}: {exc}; left as it is") from None
    except ValueError as exc:
        raise Refused(f"{path}: not JSON ({exc}); left as it is") from None
    write_fixture_text(path, text)  # which escapes the same way, through a temporary file
    return Rewritten(path, characters)


def escape_tree(root: Path) -> list[Rewritten]:
    """Every JSON file under ``root`` rewritten as needed, in path order."""
    done = []
    for path in sorted(root.rglob("*.json")):
        if path.is_file() and not path.is_symlink():
            rewritten = escape_file(path)
            if rewritten is not None:
                done.append(rewritten)
    return done


def links_under(root: Path) -> list[Path]:
    """The ``*.json`` links under ``root``: never rewritten (that would write through to wherever
    they point, maybe outside the tree), and named in the output so none is passed over unseen."""
    return [path for path in sorted(root.rglob("*.json")) if path.is_symlink()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m codex_workshop.capture.escape_goldens",
        description="write the invisible characters of the goldens as \\uXXXX escapes (values unchanged)",
    )
    parser.add_argument("dirs", nargs="*", type=Path, help="default: the checkout's fixtures/")
    args = parser.parse_args(argv)
    roots: list[Path] = args.dirs or [fixtures_dir()]
    for root in roots:
        if not root.is_dir():
            print(f"escape_goldens: error: {root} is not a directory", file=sys.stderr)
            return 2
    total = 0
    for root in roots:
        try:
            rewritten = escape_tree(root)
        except (Refused, OSError, UnicodeDecodeError) as exc:
            print(f"escape_goldens: error: {exc}", file=sys.stderr)
            return 1
        for link in links_under(root):
            print(f"{link}: left alone: a link, not a file (escape its target where it lives)")
        for entry in rewritten:
            names = ", ".join(f"U+{ord(character):04X}" for character in entry.characters)
            print(f"{entry.path}: escaped {names} (parsed value identical)")
        total += len(rewritten)
    print(f"{total} file(s) rewritten; every other JSON file already had no raw invisible character")
    return 0


if __name__ == "__main__":
    sys.exit(main())
