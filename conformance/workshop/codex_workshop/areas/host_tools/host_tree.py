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
from pathlib import Path, PurePosixPath
from typing import Any

from codex_conformance.file_tree import (
    change_mode,
    make_directory,
    parent_directory,
    safe_relative,
    write_file,
)
from codex_workshop.drive.errors import FileTreeError

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
    links: dict[PurePosixPath, int] = {}
    for index, entry in enumerate(tree):
        path = entry.get("path")
        if not isinstance(path, str):
            raise FileTreeError(f"tree[{index}].path must be a string")
        pure = safe_relative(path)
        relative = pure.as_posix()
        if relative in seen:
            raise FileTreeError(f"tree[{index}]: {path!r} is described twice")
        seen.add(relative)
        through = [links[parent] for parent in pure.parents if parent in links]
        if through:
            raise FileTreeError(
                f"tree[{index}]: {path!r} lies below the link tree[{through[0]}]; "
                "no entry is written through a link"
            )
        kind = _kind(index, entry)
        if kind == "link":
            links[pure] = index
        if kind in ("content", "content_base64"):
            _content(index, kind, entry[kind])
        elif kind == "link" and not isinstance(entry["link"], str):
            raise FileTreeError(f"tree[{index}].link must be a string")
        elif kind in ("dir", "fifo") and entry[kind] is not True:
            raise FileTreeError(f"tree[{index}].{kind} must be true")
        _integer(index, entry, "mode", None)
        _integer(index, entry, "mtime", None)
    return list(tree)


def _write_entry(directory: int, name: str, index: int, kind: str, entry: Mapping[str, Any]) -> None:
    if kind == "dir":
        make_directory(directory, name)
    elif kind == "link":
        os.symlink(str(entry["link"]), name, dir_fd=directory)
    elif kind == "fifo":
        os.mkfifo(name, dir_fd=directory)
    else:
        write_file(directory, name, _content(index, kind, entry[kind]))
    mtime = _integer(index, entry, "mtime", DEFAULT_MTIME + index)
    assert mtime is not None
    os.utime(name, (mtime, mtime), dir_fd=directory, follow_symlinks=False)


def write_host_tree(root: Path, tree: Sequence[Mapping[str, Any]]) -> None:
    """Write ``tree`` (checked with ``check_tree``) under ``root``; nothing is written outside it.

    Every entry is made through an open descriptor of its directory, reached
    from ``root`` without following a link (file_tree.parent_directory): a
    link in the tree is made as a link, and a later entry below it is
    refused (FileTreeError), whatever the link points at.
    """
    modes: list[tuple[PurePosixPath, int]] = []
    for index, entry in enumerate(tree):
        relative = safe_relative(str(entry["path"]))
        kind = _kind(index, entry)
        try:
            with parent_directory(root, relative) as directory:
                _write_entry(directory, relative.name, index, kind, entry)
        except OSError as exc:  # e.g. "a" a file and "a/b" named too, or "a" a link
            raise FileTreeError(
                f"tree[{index}] ({entry['path']!r}) cannot be written: {exc.strerror or exc}"
            ) from exc
        mode = _integer(index, entry, "mode", None)
        if mode is not None and kind != "link":
            modes.append((relative, mode))
    # Last, so that a directory made unwritable does not stop its own entries
    # being written; deepest first, so that a directory made untraversable
    # does not stop its own entries' modes being set.
    for relative, mode in sorted(reversed(modes), key=lambda item: len(item[0].parts), reverse=True):
        try:
            change_mode(root, relative, mode)
        except OSError as exc:
            raise FileTreeError(
                f"tree: the mode of {str(relative)!r} cannot be set: {exc.strerror or exc}"
            ) from exc


__all__ = ["DEFAULT_MTIME", "check_tree", "write_host_tree"]
