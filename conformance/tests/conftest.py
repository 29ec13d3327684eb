"""Shared helpers for the kit's own tests (the frame is tested on synthetic ``demo`` fixtures)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from codex_conformance.cli import main

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


def broken_fixtures(tmp_path: Path, old: str, new: str) -> str:
    """The demo fixtures with ``old`` replaced by ``new`` in misc.json; the --fixtures-dir option."""
    fixtures = tmp_path / "fixtures"
    shutil.copytree(DEMO_FIXTURES, fixtures)
    path = fixtures / "demo" / "misc.json"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    return f"--fixtures-dir={fixtures}"


# The args of a demo case: replacing its "shell" gives the bad JSON texts both front ends must refuse.
STAMP_ARGS = '"args": {"name": "shell"}'


def expected_failures_file(path: Path, *entries: dict[str, Any]) -> Path:
    """An expected-failures file at ``path`` holding ``entries`` (each key a TOML key, each value JSON)."""
    lines = []
    for entry in entries:
        lines.append("[[expected-failure]]")
        lines += [f"{key} = {json.dumps(value)}" for key, value in entry.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def help_text(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *command: str) -> str:
    """What ``codex-conformance COMMAND --help`` prints, 100 columns wide whatever the terminal."""
    monkeypatch.setenv("COLUMNS", "100")  # argparse wraps to the terminal's width
    with pytest.raises(SystemExit) as exited:
        main([*command, "--help"])
    assert exited.value.code == 0
    return capsys.readouterr().out
