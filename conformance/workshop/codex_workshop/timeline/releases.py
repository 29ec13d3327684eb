"""The stable releases of @openai/codex the timeline drives, and where each is fetched from.

The registry is asked through ``npm`` (its ordinary client) for the list of
versions and for each release's ``dist.integrity``; both are recorded in
``fixtures/timeline/releases.json``, so a later fetch of the same release is
checked against the digest the timeline's data was made from.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from codex_conformance.editions import (
    EDITIONS,
    Edition,
    driven_like,
    get_edition,
    register_release,
    release_edition,
    version_key,
)

PACKAGE = "@openai/codex"
# A release whose linux x86_64 binary ships in a package of its own has this version suffix.
PLATFORM_SUFFIX = "-linux-x64"
RELEASES_FILE = "releases.json"
# The registry's answer to ``npm view @openai/codex versions --json`` when the releases were last recorded.
REGISTRY_FILE = "registry-versions.json"
# Why a stable release the driving table covers cannot be run: the registry's list shows no linux build.
NO_LINUX_BUILD = "the package has no linux x86_64 binary: its platform package was never published"


class RegistryError(RuntimeError):
    """npm could not answer a question about the package."""


@dataclass(frozen=True)
class Release:
    version: str
    package_spec: str
    integrity: str
    # Why the harness cannot run this release (its package has no linux x86_64 binary); None: it can.
    unavailable: str | None = None


def _npm(*args: str) -> str:
    npm = shutil.which("npm")
    if npm is None:
        raise RegistryError("`npm` is not on PATH; it is needed to ask the registry about releases")
    try:
        completed = subprocess.run(
            [npm, *args], capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise RegistryError(f"npm {' '.join(args)} timed out") from exc
    if completed.returncode != 0:
        raise RegistryError(f"npm {' '.join(args)} failed: {completed.stderr.strip()[-400:]}")
    return completed.stdout


def published_versions() -> list[str]:
    """Every version of the package the registry lists (prereleases and platform packages too)."""
    found = json.loads(_npm("view", PACKAGE, "versions", "--json"))
    if not isinstance(found, list) or not all(isinstance(version, str) for version in found):
        raise RegistryError(f"npm view {PACKAGE} versions gave no list of versions")
    return found


def drivable_stable(versions: list[str]) -> list[str]:
    """The stable releases among ``versions`` that a range of the driving table covers, oldest first."""
    stable = [version for version in versions if "-" not in version]
    return sorted((v for v in stable if driven_like(v) is not None), key=version_key)


def package_spec(version: str, versions: list[str]) -> str:
    """The package carrying the release's linux x86_64 binary: its platform package where one exists."""
    if f"{version}{PLATFORM_SUFFIX}" in versions:
        return f"{PACKAGE}@{version}{PLATFORM_SUFFIX}"
    return f"{PACKAGE}@{version}"


def first_platform_release(versions: list[str]) -> str | None:
    """The oldest stable release whose linux x86_64 binary ships in a platform package of its own."""
    platform = [v.removesuffix(PLATFORM_SUFFIX) for v in versions if v.endswith(PLATFORM_SUFFIX)]
    stable = [v for v in platform if "-" not in v]
    return min(stable, key=version_key) if stable else None


def linux_package(version: str, versions: list[str]) -> str | None:
    """The package carrying stable release ``version``'s linux x86_64 binary, as the registry's list
    of ``versions`` shows it; None where the release has no linux build: it was never published,
    or it came after the releases began shipping platform packages and has none of its own (the
    release's own package then holds only the launcher)."""
    if version not in versions or "-" in version:
        return None
    if f"{version}{PLATFORM_SUFFIX}" in versions:
        return f"{PACKAGE}@{version}{PLATFORM_SUFFIX}"
    first = first_platform_release(versions)
    if first is not None and version_key(version) > version_key(first):
        return None
    return f"{PACKAGE}@{version}"


def with_linux_build(versions: list[str]) -> list[str]:
    """The stable releases among ``versions`` the timeline runs: a range of the driving table
    covers them and they have a linux x86_64 build, oldest first."""
    return [version for version in drivable_stable(versions) if linux_package(version, versions)]


def without_linux_build(versions: list[str]) -> list[str]:
    """The stable releases a range covers that have no linux x86_64 build (recorded as unavailable)."""
    return [version for version in drivable_stable(versions) if linux_package(version, versions) is None]


def save_registry_answer(directory: Path, versions: list[str]) -> None:
    """Keep the registry's list of versions beside the releases recorded from it (a test holds the
    recorded releases to it)."""
    data = {
        "package": PACKAGE,
        "command": f"npm view {PACKAGE} versions --json",
        "asked": datetime.now(UTC).strftime("%Y-%m-%d"),
        "versions": versions,
    }
    directory.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    (directory / REGISTRY_FILE).write_text(text, encoding="utf-8")


def load_registry_answer(directory: Path) -> list[str]:
    data = json.loads((directory / REGISTRY_FILE).read_text(encoding="utf-8"))
    versions: list[str] = data["versions"]
    return versions


def registry_integrity(spec: str) -> str:
    integrity = _npm("view", spec, "dist.integrity").strip()
    if not integrity.startswith("sha512-"):
        raise RegistryError(f"npm view {spec} dist.integrity gave {integrity!r}, not a sha512 digest")
    return integrity


def recorded_now(version: str, published: list[str]) -> Release:
    """Release ``version`` as the registry has it now: the package carrying it and that package's
    digest; one without a linux x86_64 build is recorded as unavailable."""
    spec = package_spec(version, published)
    unavailable = NO_LINUX_BUILD if linux_package(version, published) is None else None
    return Release(version, spec, registry_integrity(spec), unavailable)


def load_releases(directory: Path) -> dict[str, Release]:
    path = directory / RELEASES_FILE
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        version: Release(version, entry["package_spec"], entry["integrity"], entry.get("unavailable"))
        for version, entry in data["releases"].items()
    }


def save_releases(directory: Path, releases: dict[str, Release]) -> None:
    ordered = sorted(releases.values(), key=lambda release: version_key(release.version))
    data = {
        "package": PACKAGE,
        "releases": {
            release.version: {
                "package_spec": release.package_spec,
                "integrity": release.integrity,
                **({"unavailable": release.unavailable} if release.unavailable else {}),
            }
            for release in ordered
        },
    }
    directory.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    (directory / RELEASES_FILE).write_text(text, encoding="utf-8")


def edition_of(release: Release) -> Edition:
    """How to drive the release, made known to get_edition (an edition keeps its own table)."""
    if release.version in EDITIONS:
        return get_edition(release.version)
    edition = release_edition(release.version, release.package_spec, release.integrity)
    register_release(edition)
    return edition


def drivable(releases: dict[str, Release]) -> list[str]:
    """The recorded releases the harness can run, oldest first."""
    return sorted((v for v, r in releases.items() if r.unavailable is None), key=version_key)
