"""Run a release's own patch applier: the codex executable started as ``apply_patch``.

Every run gets a fresh sandbox.  The op's ``cwd`` (an absolute path that
the release may print) is mapped to a directory a few levels deep inside a
temporary tree, so that patches with ``..`` segments land inside the tree
too; afterwards every file under the tree is reported relative to the
mapped cwd (``../x`` for files beside it).  The real sandbox path is
replaced by ``cwd`` in the patch given to the release and in what it
prints, so the output reads as if the release had run in ``cwd``.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from codex_conformance.drive.cache import release_binary
from codex_conformance.drive.errors import ApplyPatchRunError, FileTreeError
from codex_conformance.drive.file_tree import read_tree, write_tree

# How many directory levels above the mapped cwd still belong to the sandbox:
# a patch may climb this many `..` before it would leave it.
_SANDBOX_DEPTH = 4
_TIMEOUT_SECONDS = 60


def _check_cwd(cwd: str) -> PurePosixPath:
    pure = PurePosixPath(cwd)
    if not pure.is_absolute() or ".." in pure.parts or len(pure.parts) < 2:
        raise FileTreeError(f"cwd must be an absolute path below /, without '..': {cwd!r}")
    return pure


def run_apply_patch(
    version: str, patch: str, files: dict[str, Any], cwd: str = "/workspace"
) -> dict[str, Any]:
    logical_cwd = _check_cwd(cwd)
    binary = release_binary(version)
    with tempfile.TemporaryDirectory(prefix="codex-conformance-ap-") as scratch:
        # scratch/s1/s2/s3/<cwd basename>: `..` up to _SANDBOX_DEPTH levels stays inside scratch.
        sandbox = Path(scratch)
        parent = sandbox.joinpath(*[f"up{level}" for level in range(_SANDBOX_DEPTH - 1)])
        real_cwd = parent / logical_cwd.name
        real_cwd.mkdir(parents=True)
        write_tree(real_cwd, files)
        real_patch = patch.replace(str(logical_cwd), str(real_cwd))
        try:
            completed = subprocess.run(
                ["apply_patch", real_patch],
                executable=str(binary),
                cwd=real_cwd,
                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "HOME": scratch},
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=_TIMEOUT_SECONDS,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise ApplyPatchRunError(
                f"apply_patch of release {version} did not finish in {_TIMEOUT_SECONDS} s"
            ) from exc
        except ValueError as exc:  # an argument with a NUL byte cannot be passed to a process
            raise ApplyPatchRunError(f"the patch cannot be passed as a process argument: {exc}") from exc

        def logical(text: bytes) -> str:
            # cwd first (it is inside parent); then parent, joined so that a
            # parent of "/" does not turn "<parent>/x" into "//x".
            decoded = text.decode("utf-8", errors="replace").replace(str(real_cwd), str(logical_cwd))
            logical_parent = str(logical_cwd.parent)
            decoded = decoded.replace(str(parent) + "/", logical_parent.rstrip("/") + "/")
            return decoded.replace(str(parent), logical_parent)

        return {
            "exit_code": completed.returncode,
            "stdout": logical(completed.stdout),
            "stderr": logical(completed.stderr),
            "files": read_tree(sandbox, real_cwd),
        }
