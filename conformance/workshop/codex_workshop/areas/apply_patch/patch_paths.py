"""The paths a patch's headers name, and whether each stays inside a run's tree.

Used where a release runs without an OS barrier (drive/sandbox.py): then an
input that names a path outside the run's tree is refused before the
release sees it.  Headers are matched leniently (any spacing and case, a
trailing CR), so a header the release might still read as one is never let
through unchecked.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

from codex_workshop.drive.errors import FileTreeError

_HEADER = re.compile(
    r"^\s*\*\s*\*\s*\*\s*(add\s*file|delete\s*file|update\s*file|move\s*to)\s*:(.*)$",
    re.IGNORECASE,
)


def header_paths(patch: str) -> list[str]:
    """The path of every Add/Delete/Update File and Move to header, stripped."""
    found: list[str] = []
    for line in re.split(r"\r\n|\r|\n", patch):
        match = _HEADER.match(line)
        if match:
            found.append(match.group(2).strip())
    return found


def _resolved(path: str, cwd: PurePosixPath) -> tuple[str, ...] | None:
    """The parts of ``path`` resolved against ``cwd`` lexically; None if it climbs above /."""
    pure = PurePosixPath(path)
    start: tuple[str, ...] = () if pure.is_absolute() else cwd.parts[1:]
    parts = list(start)
    for part in pure.parts[1:] if pure.is_absolute() else pure.parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part != ".":
            parts.append(part)
    return tuple(parts)


def check_header_paths(patch: str, cwd: PurePosixPath) -> None:
    """Refuse a patch with a header naming an absolute path outside ``cwd``, or a path
    whose ``..`` segments climb above the tree's root (``/`` of the run)."""
    inside = cwd.parts[1:]
    for path in header_paths(patch):
        if not path:
            continue  # the release refuses an empty path itself
        resolved = _resolved(path, cwd)
        if resolved is None:
            raise FileTreeError(f"patch path {path!r} climbs above the sandbox with '..'")
        if path.startswith("/") and resolved[: len(inside)] != inside:
            raise FileTreeError(f"patch path {path!r} is an absolute path outside cwd {str(cwd)!r}")
