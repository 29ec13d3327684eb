"""Bring a pinned @openai/codex release onto this machine, once per user.

The release's real binary ships inside its npm package, so `npm pack` (the
ordinary client, whatever registry it is configured for) fetches the tarball
and we unpack it into a per-user cache.  Nothing is downloaded any other way.

The tarball must have the digest its edition pins (``Edition.tarball_sha512``,
npm's ``dist.integrity``): one that does not is refused and never unpacked.
The unpacked copy records the digest it came from, and a copy without it,
or with another, is fetched again rather than used.

Processes that need the same release at once (CI's lanes, pytest-xdist
workers) fetch it one at a time: a lock file beside the copy is held while
a process checks for the copy and, when missing, fetches it; the others find
it there when they get the lock.  Without it a second fetch would remove the
copy the first was already running.

A release that the timeline drives (spec/timeline.md) is kept lean: its
edition's ``cache_keeps`` names the one platform directory (linux x86_64)
whose files are unpacked; the rest of the tarball (other platforms, 100-400
MB a release) is never written, and the tarball itself is removed after.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from codex_conformance.editions import Edition, get_edition
from codex_workshop.drive.errors import ReleaseUnavailableError

# Beside the unpacked package: the digest of the tarball it was unpacked from.
_VERIFIED = ".codex-conformance-tarball-sha512"


def cache_root() -> Path:
    explicit = os.environ.get("CODEX_CONFORMANCE_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "codex-conformance" / "releases"


def tarball_digest(path: Path) -> str:
    """The npm ``dist.integrity`` form of a file's digest: ``sha512-<base64>``."""
    digest = hashlib.sha512()
    with path.open("rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return "sha512-" + base64.b64encode(digest.digest()).decode("ascii")


def _verified(unpacked: Path, edition: Edition) -> bool:
    try:
        return (unpacked / _VERIFIED).read_text(encoding="ascii").strip() == edition.tarball_sha512
    except (OSError, UnicodeDecodeError):
        return False


def fetch_release(edition: Edition) -> Path:
    """The release's unpacked package directory, fetching it unless a verified copy is there."""
    unpacked = cache_root() / edition.version
    binary = unpacked / edition.binary_path
    if binary.is_file() and _verified(unpacked, edition):
        return unpacked
    unpacked.parent.mkdir(parents=True, exist_ok=True)
    with open(unpacked.parent / f"{edition.version}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not (binary.is_file() and _verified(unpacked, edition)):
            _fetch(edition, unpacked)
    return unpacked


def release_binary(version: str) -> Path:
    """The path of the release's codex executable, fetching it on first use."""
    edition = get_edition(version)
    binary = fetch_release(edition) / edition.binary_path
    if not binary.is_file():
        raise ReleaseUnavailableError(
            f"release {version}: the package {edition.package_spec} has no {edition.binary_path}"
        )
    return binary


def release_helper_dir(version: str) -> Path | None:
    """The release's directory of helper programs (ripgrep), which its npm launcher puts first on
    PATH, fetching the release on first use; None where the edition names none."""
    helper = get_edition(version).helper_path_dir
    if helper is None:
        return None
    release_binary(version)
    return cache_root() / version / helper


def check_tarball(edition: Edition, tarball: Path) -> None:
    """Refuse a tarball whose digest is not the one ``edition`` pins."""
    found = tarball_digest(tarball)
    if found != edition.tarball_sha512:
        raise ReleaseUnavailableError(
            f"release {edition.version}: the tarball of {edition.package_spec} has digest {found}, "
            f"but the edition pins {edition.tarball_sha512}; it is not used"
        )


def _pack(edition: Edition, npm: str, scratch: str) -> Path:
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
        raise ReleaseUnavailableError(f"npm pack {edition.package_spec} produced {len(tarballs)} tarballs")
    return tarballs[0]


def _kept_members(archive: tarfile.TarFile, edition: Edition) -> list[tarfile.TarInfo] | None:
    """The members to unpack: all (None), or those of the edition's one platform directory and the
    package's manifest, where it keeps only that platform."""
    keeps = edition.cache_keeps
    if keeps is None:
        return None
    return [
        member
        for member in archive.getmembers()
        if f"/{keeps}/" in member.name
        or member.name.endswith(f"-{keeps}")
        or member.name == "package/package.json"
    ]


def _fetch(edition: Edition, destination: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise ReleaseUnavailableError(
            f"release {edition.version}: `npm` is not on PATH; it is needed once to fetch "
            f"{edition.package_spec} (or set CODEX_CONFORMANCE_CACHE to a directory the kit filled)"
        )
    destination.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=destination.parent) as scratch:
        tarball = _pack(edition, npm, scratch)
        check_tarball(edition, tarball)
        staging = Path(scratch) / "unpacked"
        with tarfile.open(tarball) as archive:
            # The "data" filter refuses absolute paths, links out of the tree and devices.
            archive.extractall(staging, members=_kept_members(archive, edition), filter="data")
        binary = staging / edition.binary_path
        if binary.is_file():
            binary.chmod(0o755)
        (staging / _VERIFIED).write_text(edition.tarball_sha512 + "\n", encoding="ascii")
        if destination.exists():
            shutil.rmtree(destination)
        staging.rename(destination)
