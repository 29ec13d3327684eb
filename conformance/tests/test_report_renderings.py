"""Snapshots of the kit's own renderings: the Markdown report and ``certify --help``.

Built from a run on the synthetic demo fixtures, with the run's clock fixed,
so the snapshot changes only when the rendering does.  After a deliberate
change: ``pytest conformance/tests/test_report_renderings.py --snapshot-update``,
and read the diff of ``__snapshots__/test_report_renderings.ambr`` before
committing it.  (Codex goldens are never snapshots: only releases write them.)
"""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import DEMO_FIXTURES, help_text
from syrupy.assertion import SnapshotAssertion

from codex_conformance.cli import main
from codex_conformance.report import Report, render_markdown

CLOCK = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def demo_report(tmp_path: Path, adapter: str, *options: str) -> Report:
    path = tmp_path / "report.json"
    # The fixtures named relatively, so that failures' re-run commands hold no path of this machine.
    tests_dir = DEMO_FIXTURES.parents[1]
    with contextlib.chdir(tests_dir):
        main(
            [
                "certify",
                adapter,
                f"--fixtures-dir={DEMO_FIXTURES.relative_to(tests_dir)}",
                "--quiet",
                "--examples=0",
                "--report",
                str(path),
                *options,
            ]
        )
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["started_at"] = raw["finished_at"] = CLOCK.isoformat()
    return Report.model_validate(raw)


@pytest.mark.parametrize("level", ["behaviour", "bytes"])
def test_markdown_report_of_a_partly_wrong_port(
    tmp_path: Path, level: str, snapshot: SnapshotAssertion, capsys: pytest.CaptureFixture[str]
) -> None:
    report = demo_report(tmp_path, "fake_adapters:wrong_echo", "--level", level)
    capsys.readouterr()
    assert render_markdown(report) == snapshot


def test_markdown_report_of_a_port_that_ran_a_case_twice(
    tmp_path: Path, snapshot: SnapshotAssertion, capsys: pytest.CaptureFixture[str]
) -> None:
    report = demo_report(tmp_path, "fake_adapters:rerunning")
    capsys.readouterr()
    assert render_markdown(report) == snapshot


def test_certify_help(
    snapshot: SnapshotAssertion, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert help_text(monkeypatch, capsys, "certify") == snapshot
