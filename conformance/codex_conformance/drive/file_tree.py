"""Neutral JSON for a directory's files, and writing it back.

A file's content is a JSON string when it is valid UTF-8, and
``{"base64": "..."}`` otherwise, so that invalid UTF-8 and binary content
survive the trip through the adapter protocol unchanged.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path, PurePosixPath
from typing import Any

from codex_conformance.drive.errors import FileTreeError

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


def write_tree(root: Path, files: dict[str, Any]) -> None:
    for name, content in files.items():
        target = root / safe_relative(name)
        data = decode_content(name, content)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
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
