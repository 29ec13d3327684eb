"""`codex-conformance capture`: a capture that fails is one line and exit 3, and writes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from codex_conformance.areas import Area, discover
from codex_conformance.capture import cli
from codex_conformance.cases import Case
from codex_conformance.drive.errors import CaptureError


def _failing_capture(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    raise CaptureError("the release sent something the harness cannot read")
    yield  # pragma: no cover  (a generator, as capture functions are)


def test_a_failed_capture_is_one_line_exit_3_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    area: Area = discover()["sse"]
    monkeypatch.setattr(Area, "capture_cases", lambda self: _failing_capture)
    (tmp_path / "sse").mkdir()

    status = cli.main(["capture", "sse", "--edition", area.editions[0], "--fixtures-dir", str(tmp_path)])

    assert status == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"error: sse {area.editions[0]}: the release sent something the harness cannot read; nothing written"
    ]
    assert list((tmp_path / "sse").iterdir()) == []
