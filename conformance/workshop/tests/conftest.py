"""Helpers for the workshop's tests: the kit's test helpers (``conformance/tests``) are shared.

The workshop's tests use the kit's fake adapters and demo fixtures; the
kit's tests directory is put on the path (for this process and, through
``child_env``, for child processes) so that ``fake_adapters`` and the
others import as they do for the kit's own tests.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

WORKSHOP_TESTS_DIR = Path(__file__).resolve().parent
KIT_TESTS_DIR = WORKSHOP_TESTS_DIR.parents[1] / "tests"
sys.path.insert(0, str(KIT_TESTS_DIR))

DEMO_FIXTURES = KIT_TESTS_DIR / "data" / "fixtures"
DEMO_SPEC = KIT_TESTS_DIR / "data" / "spec"


@pytest.fixture
def child_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let child processes (``serve``, the misbehaving server) import ``fake_adapters``."""
    paths = [str(KIT_TESTS_DIR), str(WORKSHOP_TESTS_DIR)]
    paths += filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))


def serve_command(adapter: str) -> list[str]:
    return [sys.executable, "-m", "codex_conformance", "serve", f"fake_adapters:{adapter}"]
