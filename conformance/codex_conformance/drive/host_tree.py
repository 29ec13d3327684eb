"""A directory described as data, written for a release to look at: files, directories, links, FIFOs.

One entry per path, relative to the directory it is written into:

- ``{"path": "a.txt", "content": "text"}`` or ``{"path": ..., "content_base64": "..."}``: a file;
- ``{"path": "d", "dir": true}``: a directory (parents of other entries exist without one);
- ``{"path": "l", "link": "target"}``: a symbolic link, its target written as given;
- ``{"path": "p", "fifo": true}``: a named pipe (neither file, directory nor link).

Any entry may carry ``"mode"`` (permission bits, an integer) and ``"mtime"``
(seconds since the epoch).  Without one, the entry at index ``i`` is given
``DEFAULT_MTIME + i``: every file has its own modification time, later
entries newer, so an order by modification time (grep_files) is fixed by
the description.  The timestamps of directories made only as parents are
not set.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from codex_conformance.drive.errors import FileTreeError
from codex_conformance.drive.file_tree import safe_relative

DEFAULT_MTIME = 1_700_000_000
_KINDS = ("content", "content_base64", "dir", "link", "fifo")
_KEYS = frozenset({"path", "mode", "mtime", *_KINDS})


def _kind(index: int, entry: Mapping[str, Any]) -> str:
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise FileTreeError(f"tree[{index}]: unknown keys {', '.join(unknown)}")
    kinds = [kind for kind in _KINDS if kind in entry]
    if len(kinds) != 1:
        raise FileTreeError(f"tree[{index}] needs exactly one of {', '.join(_KINDS)}")
    return kinds[0]


def _content(index: int, kind: str, value: Any) -> bytes:
    if not isinstance(value, str):
        raise FileTreeError(f"tree[{index}].{kind} must be a string")
    if kind == "content":
        return value.encode("utf-8", errors="surrogateescape")
    try:
        return base64.b64decode(value, validate=True)
    except ValueError as exc:
        raise FileTreeError(f"tree[{index}].content_base64: invalid base64: {exc}") from exc


def _integer(index: int, entry: Mapping[str, Any], key: str, default: int | None) -> int | None:
    value = entry.get(key, default)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        raise FileTreeError(f"tree[{index}].{key} must be a non-negative integer")
    return value


def check_tree(tree: Any) -> list[dict[str, Any]]:
    """The tree as a list of entries, or FileTreeError naming what is wrong with it."""
    if not isinstance(tree, list) or not all(isinstance(entry, dict) for entry in tree):
        raise FileTreeError("`tree` must be an array of entry objects")
    seen: set[str] = set()
    for index, entry in enumerate(tree):
        path = entry.get("path")
        if not isinstance(path, str):
            raise FileTreeError(f"tree[{index}].path must be a string")
        relative = safe_relative(path).as_posix()
        if relative in seen:
            raise FileTreeError(f"tree[{index}]: {path!r} is described twice")
        seen.add(relative)
        kind = _kind(index, entry)
        if kind in ("content", "content_base64"):
            _content(index, kind, entry[kind])
        elif kind == "link" and not isinstance(entry["link"], str):
            raise FileTreeError(f"tree[{index}].link must be a string")
        elif kind in ("dir", "fifo") and entry[kind] is not True:
            raise FileTreeError(f"tree[{index}].{kind} must be true")
        _integer(index, entry, "mode", None)
        _integer(index, entry, "mtime", None)
    return list(tree)


def write_host_tree(root: Path, tree: Sequence[Mapping[str, Any]]) -> None:
    """Write ``tree`` (checked with ``check_tree``) under ``root``; nothing is written outside it."""
    modes: list[tuple[Path, int]] = []
    for index, entry in enumerate(tree):
        target = root / safe_relative(str(entry["path"]))
        kind = _kind(index, entry)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if kind == "dir":
                target.mkdir(exist_ok=True)
            elif kind == "link":
                os.symlink(str(entry["link"]), target)
            elif kind == "fifo":
                os.mkfifo(target)
            else:
                target.write_bytes(_content(index, kind, entry[kind]))
            mtime = _integer(index, entry, "mtime", DEFAULT_MTIME + index)
            assert mtime is not None
            os.utime(target, (mtime, mtime), follow_symlinks=False)
        except OSError as exc:  # e.g. "a" a file and "a/b" named too
            raise FileTreeError(
                f"tree[{index}] ({entry['path']!r}) cannot be written: {exc.strerror or exc}"
            ) from exc
        mode = _integer(index, entry, "mode", None)
        if mode is not None and kind != "link":
            modes.append((target, mode))
    # Last, so that a directory made unwritable does not stop its own entries being written.
    for target, mode in reversed(modes):
        os.chmod(target, mode)


__all__ = ["DEFAULT_MTIME", "check_tree", "write_host_tree"]
