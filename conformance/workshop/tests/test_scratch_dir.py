"""drive/scratch.py: a release's scratch directory is removed even while a stopped release still writes."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from codex_workshop.drive import scratch


def test_the_directory_and_its_files_are_gone_after_use() -> None:
    with scratch.scratch_dir(prefix="codex-conformance-test-") as path:
        (Path(path) / "sub").mkdir()
        (Path(path) / "sub" / "file").write_text("x", encoding="utf-8")
    assert not Path(path).exists()


def test_a_removal_that_fails_while_the_release_exits_is_tried_again(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_rmtree = shutil.rmtree
    failures = [OSError(39, "Directory not empty"), OSError(39, "Directory not empty")]

    def racing_rmtree(path: str, *args: Any, **kwargs: Any) -> None:
        if failures and not kwargs.get("ignore_errors"):
            raise failures.pop()
        real_rmtree(path, *args, **kwargs)

    monkeypatch.setattr(shutil, "rmtree", racing_rmtree)
    monkeypatch.setattr(scratch, "_PAUSE_SECONDS", 0.0)
    with scratch.scratch_dir(prefix="codex-conformance-test-") as path:
        (Path(path) / "late").write_text("written as the release stopped", encoding="utf-8")
    assert not failures
    assert not Path(path).exists()
    assert capsys.readouterr().err == ""


def test_a_directory_that_cannot_be_removed_is_named_never_raised(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def stuck_rmtree(path: str, *args: Any, **kwargs: Any) -> None:
        if not kwargs.get("ignore_errors"):
            raise OSError(39, "Directory not empty")

    monkeypatch.setattr(shutil, "rmtree", stuck_rmtree)
    monkeypatch.setattr(scratch, "_PAUSE_SECONDS", 0.0)
    scratch.remove_tree(str(tmp_path))
    assert f"could not remove the scratch directory {tmp_path}" in capsys.readouterr().err
