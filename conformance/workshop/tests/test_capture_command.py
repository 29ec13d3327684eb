"""`codex-conformance capture`: a capture that fails is one line and exit 3, and writes nothing."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from codex_conformance.areas import Area, discover
from codex_conformance.cases import Case
from codex_workshop.areas import AreaParts
from codex_workshop.capture import cli, side_by_side
from codex_workshop.drive.errors import CaptureError


def _failing_capture(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    raise CaptureError("the release sent something the harness cannot read")
    yield  # pragma: no cover  (a generator, as capture functions are)


def test_a_failed_capture_is_one_line_exit_3_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    area: Area = discover()["sse"]
    monkeypatch.setattr(AreaParts, "capture_cases", lambda self: _failing_capture)
    (tmp_path / "sse").mkdir()

    status = cli.main(["capture", "sse", "--edition", area.editions[0], "--fixtures-dir", str(tmp_path)])

    assert status == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"error: sse {area.editions[0]}: the release sent something the harness cannot read; nothing written"
    ]
    assert list((tmp_path / "sse").iterdir()) == []


@pytest.mark.parametrize(
    "argv",
    [["capture", "--all", "--jobs", "0"], ["capture", "sse", "--jobs", "2"]],
    ids=["no-jobs", "jobs-without-all"],
)
def test_jobs_is_a_count_for_all_only(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    assert "--jobs" in capsys.readouterr().err


def test_all_with_jobs_runs_each_area_in_a_child_with_the_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: list[tuple[list[tuple[str, list[str]]], int]] = []

    def record(commands: list[tuple[str, list[str]]], jobs: int) -> int:
        seen.append((commands, jobs))
        return 1

    monkeypatch.setattr(cli, "run_side_by_side", record)
    argv = ["capture", "--all", "--check", "--edition", "0.25.0", "--jobs", "3"]
    argv += ["--fixtures-dir", str(tmp_path)]
    assert cli.main(argv) == 1
    [(commands, jobs)] = seen
    assert jobs == 3
    assert [name for name, _ in commands] == list(discover())
    for name, command in commands:
        assert command[-5:] == ["capture", name, "--check", "--edition=0.25.0", f"--fixtures-dir={tmp_path}"]


def _child(name: str, status: int, out: str, err: str) -> tuple[str, list[str]]:
    code = f"import sys; print({out!r}); print({err!r}, file=sys.stderr); sys.exit({status})"
    return name, [sys.executable, "-c", code]


def test_side_by_side_prints_each_output_whole_and_returns_the_worst_status(
    capsys: pytest.CaptureFixture[str],
) -> None:
    commands = [_child("a", 0, "diff a", "captured a"), _child("b", 1, "diff b", "captured b")]
    assert side_by_side.run_side_by_side(commands, jobs=2) == 1
    out, err = capsys.readouterr()
    assert sorted(out.splitlines()) == ["diff a", "diff b"]
    assert "captured a" in err and "captured b" in err
    assert re.search(r"^\[\d/2\] b: exit 1 after \d+ s$", err, re.M)


def test_a_child_that_dies_is_a_failed_capture(capsys: pytest.CaptureFixture[str]) -> None:
    killed = ("x", [sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGKILL)"])
    assert side_by_side.run_side_by_side([killed, _child("y", 0, "", "")], jobs=1) == 3
    assert "error: capture of x ended with status -9" in capsys.readouterr().err
