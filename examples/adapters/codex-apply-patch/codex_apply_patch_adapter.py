"""Adapter protocol v1 for ``codex-apply-patch`` (Python bindings over a Rust fork of Codex's apply-patch).

The package offers ``codex_apply_patch.apply_patch(patch)``, the fork's command
(``apply_patch`` of ``codex-rs/apply-patch``) as a library call on the real file system,
relative to the process's current directory, and ``apply_patch_in_memory(patch, files)``
on a ``{path: str}`` map.  This adapter uses ``apply_patch``: it is the one that matches
the release's command (it returns the command's stdout), and it handles files that are
not UTF-8.

Per request:

- ``files`` are written into a fresh temporary sandbox; ``cwd`` is mapped to a directory
  four levels deep in it (so that ``..`` stays inside), the logical ``cwd`` in the patch
  is replaced by the real one, and the real one by the logical one in what comes back
  (what the kit does for the real releases); the process's current directory is that
  directory during the call and restored afterwards.
- A patch that names a path (in any ``*** Add File:`` / ``*** Delete File:`` /
  ``*** Update File:`` / ``*** Move to:`` line) that would resolve outside the sandbox is
  answered ``unsupported`` and never run.  A NUL in the patch is ``invalid-args``.

Mapping to the release's command (``apply_patch.apply``):

- the call returns a string: ``exit_code`` 0, ``stdout`` that string, ``stderr`` empty;
- the call raises ``RuntimeError(message)`` (the bindings' error): ``exit_code`` 1,
  ``stdout`` empty, ``stderr`` the message as it is (it already ends with a newline);
- a Rust panic (``pyo3_runtime.PanicException``) is answered as the error kind ``panic``.

Nothing is rewritten: where the bindings return ``""`` without raising (they do for
errors raised while applying, see the findings), the adapter reports what the library
said, exit code 0 and empty output.  Both editions are declared so that the report shows
which one the fork follows.
"""

from __future__ import annotations

import os
import tempfile
import threading
from importlib.metadata import version
from pathlib import Path, PurePosixPath
from typing import Any

import codex_apply_patch

from codex_conformance.port import FileTreeError, make_handle, read_tree, write_tree

OP = "apply_patch.apply"
EDITIONS = ["0.25.0", "0.169.0"]
_SANDBOX_DEPTH = 4
_HEADERS = ("*** Add File:", "*** Delete File:", "*** Update File:", "*** Move to:")
_CHDIR_LOCK = threading.Lock()
IMPLEMENTATION = {
    "name": "codex-apply-patch (apply_patch)",
    "version": version("codex-apply-patch"),
    "language": "rust",
    "homepage": "https://github.com/openai/codex-apply-patch",
}


def _apply(args: dict[str, Any]) -> dict[str, Any]:
    patch = args.get("patch")
    if not isinstance(patch, str) or "\x00" in patch:
        return {"error": {"kind": "invalid-args", "message": "patch must be a string without NUL"}}
    cwd = PurePosixPath(args.get("cwd", "/workspace"))
    if not cwd.is_absolute() or ".." in cwd.parts or len(cwd.parts) < 2:
        return {"error": {"kind": "invalid-args", "message": f"cwd must be absolute, below /: {cwd}"}}
    with tempfile.TemporaryDirectory(prefix="codex-apply-patch-adapter-") as scratch:
        root = Path(scratch).resolve()
        parent = root.joinpath(*[f"up{level}" for level in range(_SANDBOX_DEPTH - 1)])
        real_cwd = parent / cwd.name
        real_cwd.mkdir(parents=True)
        try:
            write_tree(real_cwd, args.get("files", {}))
        except FileTreeError as exc:
            return {"error": {"kind": "invalid-args", "message": str(exc)}}
        real_patch = patch.replace(str(cwd), str(real_cwd))
        outside = _path_outside(real_patch, root, real_cwd)
        if outside is not None:
            return {"unsupported": f"the patch names {outside!r}, outside the adapter sandbox; not run"}
        try:
            exit_code, stdout, stderr = _call(real_patch, real_cwd)
        except BaseException as exc:
            if type(exc).__name__ != "PanicException":
                raise
            return {"error": {"kind": "panic", "message": f"the Rust code panicked: {exc}"}}

        def logical(text: str) -> str:
            return text.replace(str(real_cwd), str(cwd)).replace(str(parent), str(cwd.parent))

        return {
            "result": {
                "exit_code": exit_code,
                "stdout": logical(stdout),
                "stderr": logical(stderr),
                "files": read_tree(root, real_cwd),
            }
        }


handle = make_handle(IMPLEMENTATION, EDITIONS, {OP: _apply})


def _call(patch: str, directory: Path) -> tuple[int, str, str]:
    with _CHDIR_LOCK:
        previous = os.getcwd()
        os.chdir(directory)
        try:
            try:
                stdout = codex_apply_patch.apply_patch(patch)
            except RuntimeError as exc:
                return 1, "", str(exc)
            return 0, stdout, ""
        finally:
            os.chdir(previous)


def _path_outside(patch: str, root: Path, real_cwd: Path) -> str | None:
    """A path named on a header line that would resolve outside ``root``, if any (conservative)."""
    for line in patch.split("\n"):
        for header in _HEADERS:
            at = line.find(header)
            if at < 0:
                continue
            named = line[at + len(header) :].strip()
            resolved = os.path.normpath(os.path.join(real_cwd, named))
            # POSIX lets normpath keep a leading "//"; Linux, where the port runs, reads it as "/".
            resolved = "/" + resolved.lstrip("/") if resolved.startswith("//") else resolved
            if resolved != str(root) and not resolved.startswith(str(root) + os.sep):
                return named
    return None
