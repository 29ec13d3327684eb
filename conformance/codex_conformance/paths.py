"""Where the fixtures and spec live, installed or in a source checkout."""

from __future__ import annotations

from pathlib import Path

from codex_conformance.errors import UsageError

_PACKAGE_DIR = Path(__file__).resolve().parent


def _locate(name: str) -> Path:
    # A wheel carries them as package data; an editable install or a source
    # checkout has them at the repository root, two levels above the package.
    for candidate in (_PACKAGE_DIR / "_data" / name, _PACKAGE_DIR.parent.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"codex-conformance: cannot find the {name}/ directory near {_PACKAGE_DIR}")


def fixtures_dir() -> Path:
    return _locate("fixtures")


def spec_dir() -> Path:
    return _locate("spec")


def require_data_directories(fixtures_dir: Path, spec_dir: Path) -> None:
    """A usage error, before anything is read, when either directory a command was given is missing."""
    for name, directory in (("fixtures", fixtures_dir), ("spec", spec_dir)):
        if not directory.is_dir():
            raise UsageError(f"{name} directory {directory} does not exist")
