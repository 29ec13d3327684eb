"""Run a release's own patch applier: the codex executable started as ``apply_patch``.

Every run gets a throwaway directory that stands for the whole filesystem
(``/``): the case's files are written below its logical ``cwd`` there
(``/workspace`` unless the case says otherwise), and afterwards every
regular file in it is reported, keyed relative to ``cwd`` (``../x`` for a
file beside it).

With the OS barrier (drive/sandbox.py) the throwaway directory *is* the
release's root: it runs in its real logical ``cwd``, so neither the patch
nor its output is rewritten, and absolute paths and any number of ``..``
land inside the directory.  Without it, the release runs in the directory's
copy of ``cwd``: a patch whose headers name an absolute path outside ``cwd``
or climb above the directory is refused, and the logical ``cwd`` is
replaced by the real one in the patch and back in what the release prints.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path, PurePosixPath
from typing import Any

from codex_conformance.file_tree import read_tree, write_tree
from codex_workshop.areas.apply_patch.patch_paths import check_header_paths
from codex_workshop.drive import sandbox
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import ApplyPatchRunError, FileTreeError
from codex_workshop.drive.scratch import scratch_dir
from codex_workshop.drive.stall import run_wait

_TIMEOUT_SECONDS = 60
_NAME = "apply_patch"  # the name the release dispatches on
_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/"}


def _check_cwd(cwd: str) -> PurePosixPath:
    pure = PurePosixPath(cwd)
    if not pure.is_absolute() or ".." in pure.parts or len(pure.parts) < 2 or "\x00" in cwd:
        raise FileTreeError(f"cwd must be an absolute path below /, without '..': {cwd!r}")
    return pure


def _run(argv: list[str], version: str, **options: Any) -> subprocess.CompletedProcess[bytes]:
    wait = run_wait(_TIMEOUT_SECONDS)  # the per-case timeout's share, when an adapter call has one
    try:
        return subprocess.run(
            argv,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=wait,
            check=False,
            **options,
        )
    except subprocess.TimeoutExpired as exc:
        raise ApplyPatchRunError(f"apply_patch of release {version} did not finish in {wait:g} s") from exc
    except ValueError as exc:  # an argument with a NUL byte cannot be passed to a process
        raise ApplyPatchRunError(f"the patch cannot be passed as a process argument: {exc}") from exc


def run_apply_patch(
    version: str, patch: str, files: dict[str, Any], cwd: str = "/workspace"
) -> dict[str, Any]:
    logical_cwd = _check_cwd(cwd)
    barrier = sandbox.barrier_available()
    if not barrier:
        sandbox.warn_without_barrier()
        check_header_paths(patch, logical_cwd)
    with scratch_dir(prefix="codex-conformance-ap-") as scratch:
        root = Path(scratch) / "root"
        real_cwd = root / logical_cwd.relative_to("/")
        real_cwd.mkdir(parents=True)
        write_tree(real_cwd, files)  # every key must stay inside cwd
        binary = release_binary(version)
        if barrier:
            argv = sandbox.isolated_root(root, binary, _NAME, [patch], cwd=logical_cwd, env=_ENV)
            completed = _run(argv, version)
            sandbox.forget_mount_point(root, _NAME)
            stdout, stderr = (
                text.decode("utf-8", errors="replace") for text in (completed.stdout, completed.stderr)
            )
        else:
            completed = _run(
                [_NAME, patch.replace(str(logical_cwd), str(real_cwd))],
                version,
                executable=str(binary),
                cwd=real_cwd,
                env={**_ENV, "PATH": os.environ.get("PATH", _ENV["PATH"]), "HOME": str(root)},
            )

            def logical(text: bytes) -> str:
                decoded = text.decode("utf-8", errors="replace").replace(str(real_cwd), str(logical_cwd))
                return decoded.replace(str(root) + "/", "/").replace(str(root), "/")

            stdout, stderr = logical(completed.stdout), logical(completed.stderr)
        return {
            "exit_code": completed.returncode,
            "stdout": stdout,
            "stderr": stderr,
            "files": read_tree(root, real_cwd),
        }
