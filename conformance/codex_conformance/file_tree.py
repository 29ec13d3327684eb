"""Neutral JSON for a directory's files, and writing it back.

A file's content is a JSON string when it is valid UTF-8, and
``{"base64": "..."}`` otherwise, so that invalid UTF-8 and binary content
survive the trip through the adapter protocol unchanged.

A case's files are somebody's data, written on the host before a release
runs: every write here goes through ``parent_directory``, which walks the
path one directory at a time from an open descriptor of the root and never
follows a symbolic link (``O_NOFOLLOW`` with ``dir_fd``).  A tree whose
entry ``d`` is a link to a host directory cannot make ``d/x`` land in that
directory: the walk stops at ``d`` and the case gets an ``invalid-args``
answer naming the entry.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path, PurePosixPath
from typing import Any

from codex_conformance.input_errors import FileTreeError

FileContent = str | dict[str, str]


def encode_content(data: bytes) -> FileContent:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode("ascii")}


def decode_content(path: str, content: Any) -> bytes:
    if isinstance(content, str):
        return content.encode("utf-8", errors="surrogateescape")
    if isinstance(content, dict) and set(content) == {"base64"} and isinstance(content["base64"], str):
        try:
            return base64.b64decode(content["base64"], validate=True)
        except ValueError as exc:
            raise FileTreeError(f"files[{path!r}]: invalid base64: {exc}") from exc
    raise FileTreeError(f"files[{path!r}]: content must be a string or {{'base64': ...}}")


def safe_relative(path: str) -> PurePosixPath:
    """A relative path that stays inside the directory it is resolved against."""
    pure = PurePosixPath(path)
    if not pure.parts or pure.is_absolute() or ".." in pure.parts or "\x00" in path:
        raise FileTreeError(f"files: {path!r} is not a plain relative path inside cwd")
    return pure


_DIRECTORY = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# O_NONBLOCK: a FIFO already at the path fails (ENXIO) instead of waiting for a reader.
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_EXISTING = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


@contextmanager
def parent_directory(root: Path, relative: PurePosixPath, *, make: bool = True) -> Iterator[int]:
    """A descriptor of the directory that holds ``relative`` (from ``safe_relative``) under
    ``root``, its missing directories made on the way when ``make``; ``OSError`` where the walk
    meets a link or anything but a directory.  Closed on leaving."""
    descriptor = os.open(root, _DIRECTORY)
    try:
        for part in relative.parts[:-1]:
            if make:
                # There already: a directory made before, or a link the open below refuses.
                with suppress(FileExistsError):
                    os.mkdir(part, dir_fd=descriptor)
            child = os.open(part, _DIRECTORY, dir_fd=descriptor)
            os.close(descriptor)
            descriptor = child
        yield descriptor
    finally:
        os.close(descriptor)


def write_file(directory: int, name: str, data: bytes) -> None:
    """Write ``data`` as the file ``name`` in the open ``directory``; never through a link."""
    descriptor = os.open(name, _NEW_FILE, 0o666, dir_fd=directory)
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(data)


def make_directory(directory: int, name: str) -> None:
    """The directory ``name`` in the open ``directory``, made unless one is there (a link is not)."""
    try:
        os.mkdir(name, dir_fd=directory)
    except FileExistsError:
        os.close(os.open(name, _DIRECTORY, dir_fd=directory))


def change_mode(root: Path, relative: PurePosixPath, mode: int) -> None:
    """``chmod`` of the entry (not a link) at ``relative`` under ``root``; no link followed."""
    with parent_directory(root, relative, make=False) as directory:
        descriptor = os.open(relative.name, _EXISTING, dir_fd=directory)
        try:
            os.fchmod(descriptor, mode)
        finally:
            os.close(descriptor)


def write_tree(root: Path, files: dict[str, Any]) -> None:
    """Write a ``files`` map of the protocol (path -> content) under ``root``."""
    write_files(root, {name: decode_content(name, content) for name, content in files.items()})


def write_files(root: Path, files: Mapping[str, bytes]) -> None:
    """Write each relative path's bytes under ``root``; nothing is written outside it."""
    for name, data in files.items():
        relative = safe_relative(name)
        try:
            with parent_directory(root, relative) as directory:
                write_file(directory, relative.name, data)
        except OSError as exc:  # e.g. "a" and "a/b" both named: one is a file, one a directory
            raise FileTreeError(f"files[{name!r}] cannot be written: {exc.strerror or exc}") from exc


def read_tree(top: Path, relative_to: Path) -> dict[str, FileContent]:
    """Every regular file under ``top``, keyed by its POSIX path relative to ``relative_to``."""
    found: dict[str, FileContent] = {}
    for directory, _, names in os.walk(top):
        for name in names:
            path = Path(directory) / name
            if path.is_file() and not path.is_symlink():
                key = Path(os.path.relpath(path, relative_to)).as_posix()
                found[key] = encode_content(path.read_bytes())
    return dict(sorted(found.items()))
