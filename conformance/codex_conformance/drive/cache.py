"""Bring a pinned @openai/codex release onto this machine, once per user.

The release's real binary ships inside its npm package, so `npm pack` (the
ordinary client, whatever registry it is configured for) fetches the tarball
and we unpack it into a per-user cache.  Nothing is downloaded any other way.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from codex_conformance.drive.errors import ReleaseUnavailableError
from codex_conformance.editions import Edition, get_edition


def cache_root() -> Path:
    explicit = os.environ.get("CODEX_CONFORMANCE_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "codex-conformance" / "releases"


def release_binary(version: str) -> Path:
    """The path of the release's codex executable, fetching it on first use."""
    edition = get_edition(version)
    unpacked = cache_root() / version
    binary = unpacked / edition.binary_path
    if binary.is_file():
        return binary
    _fetch(edition, unpacked)
    if not binary.is_file():
        raise ReleaseUnavailableError(
            f"release {version}: the package {edition.package_spec} has no {edition.binary_path}"
        )
    return binary


def _fetch(edition: Edition, destination: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise ReleaseUnavailableError(
            f"release {edition.version}: `npm` is not on PATH; it is needed once to fetch "
            f"{edition.package_spec} (or set CODEX_CONFORMANCE_CACHE to a directory that has it unpacked)"
        )
    destination.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=destination.parent) as scratch:
        try:
            completed = subprocess.run(
                [npm, "pack", edition.package_spec, "--pack-destination", scratch, "--silent"],
                capture_output=True,
                text=True,
                timeout=900,
                stdin=subprocess.DEVNULL,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise ReleaseUnavailableError(f"npm pack {edition.package_spec} timed out") from exc
        if completed.returncode != 0:
            raise ReleaseUnavailableError(
                f"npm pack {edition.package_spec} failed (exit {completed.returncode}): "
                f"{completed.stderr.strip()[-800:]}"
            )
        tarballs = list(Path(scratch).glob("*.tgz"))
        if len(tarballs) != 1:
            raise ReleaseUnavailableError(
                f"npm pack {edition.package_spec} produced {len(tarballs)} tarballs"
            )
        staging = Path(scratch) / "unpacked"
        with tarfile.open(tarballs[0]) as archive:
            # The "data" filter refuses absolute paths, links out of the tree and devices.
            archive.extractall(staging, filter="data")
        binary = staging / edition.binary_path
        if binary.is_file():
            binary.chmod(0o755)
        if destination.exists():
            shutil.rmtree(destination)
        staging.rename(destination)
