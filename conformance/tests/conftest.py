"""Shared helpers for the kit's own tests (the frame is tested on synthetic ``demo`` fixtures)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TESTS_DIR = Path(__file__).resolve().parent
DEMO_FIXTURES = TESTS_DIR / "data" / "fixtures"
DEMO_SPEC = TESTS_DIR / "data" / "spec"


@pytest.fixture
def child_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let child processes (``serve``, the misbehaving server) import ``fake_adapters``."""
    paths = [str(TESTS_DIR), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))


def serve_command(adapter: str) -> list[str]:
    return [sys.executable, "-m", "codex_conformance", "serve", f"fake_adapters:{adapter}"]
