"""What the site wrote into its output directory, so that a later build removes its own stale pages
and nothing else.

Each build records the files it wrote, by name and sha256 of their bytes, in
``MANIFEST`` inside the directory.  The next build into the same directory
removes a file only when all of these hold: the previous build's record names
it, this build does not write it, it is a plain file name inside the
directory (no separator, no ``..``), it is a regular file and not a symbolic
link, and its bytes still have the digest recorded.  A file the user put
there, or a page of ours the user has since edited, is never removed; a
missing or unreadable record removes nothing.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Final

MANIFEST: Final = ".codex-conformance-site.json"


def digest(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _plain_name(name: str) -> bool:
    return bool(name) and "/" not in name and "\\" not in name and name not in {".", ".."}


def previous_files(out: Path) -> dict[str, str]:
    """The files the previous build wrote into ``out`` (name -> digest); none without a readable record."""
    try:
        raw = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    files = raw.get("files") if isinstance(raw, dict) else None
    if not isinstance(files, dict):
        return {}
    return {name: value for name, value in files.items() if isinstance(value, str) and _plain_name(name)}


def remove_stale(out: Path, previous: dict[str, str], written: dict[str, bytes]) -> list[Path]:
    """Remove the previous build's files this one did not write, each only if still as written."""
    removed = []
    for name, recorded in sorted(previous.items()):
        path = out / name
        if name in written or name == MANIFEST or path.is_symlink() or not path.is_file():
            continue
        try:
            if digest(path.read_bytes()) != recorded:
                continue  # changed since we wrote it: no longer only ours
            path.unlink()
        except OSError:
            continue  # a page we cannot remove stays, as it would without the record
        removed.append(path)
    return removed


def record(out: Path, written: dict[str, bytes]) -> None:
    body = {
        "written_by": "codex-conformance site: the files of the last build, removed by the next one "
        "when it no longer writes them and they are unchanged",
        "files": {name: digest(data) for name, data in sorted(written.items())},
    }
    (out / MANIFEST).write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")


__all__ = ["MANIFEST", "digest", "previous_files", "record", "remove_stale"]
