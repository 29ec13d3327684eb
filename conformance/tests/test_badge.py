"""``codex-conformance badge REPORT.json``: the verdict as shields.io endpoint JSON and SVG.

The badges are snapshots of the kit's own renderings (``pytest
--snapshot-update`` after a deliberate change; the SVGs open in a browser).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from conftest import DEMO_FIXTURES, help_text
from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.image import SVGImageSnapshotExtension

from codex_conformance.badge import Badge, badge_for, load_report
from codex_conformance.badge_svg import width
from codex_conformance.cli import main

NEW, OLD = "0.169.0", "0.25.0"


def cell(op: str, edition: str, **counts: int) -> dict[str, Any]:
    return {"op": op, "edition": edition, **counts}


def report(
    cells: list[dict[str, Any]], *, ok: bool, editions: tuple[str, ...] = (OLD, NEW), **extra: Any
) -> dict[str, Any]:
    """A report as certify writes it; the badge reads only the verdict and the counts."""
    summary: dict[str, int] = {}
    for counts in cells:
        for key, value in counts.items():
            if isinstance(value, int):
                summary[key] = summary.get(key, 0) + value
    return {
        "report_format": 1,
        "impl": "cmd:./port",
        "implementation": {
            "name": "port",
            "version": "1.0",
            "language": "rust",
            "homepage": "https://x.invalid",
        },
        "declared_editions": list(editions),
        "declared_ops": sorted({counts["op"] for counts in cells}),
        "editions": list(editions),
        "started_at": "2026-01-01T00:00:00Z",
        "finished_at": "2026-01-01T00:00:01Z",
        "ok": ok,
        "summary": summary,
        "totals": cells,
        "outcomes": [],
        **extra,
    }


REPORTS: dict[str, dict[str, Any]] = {
    "pass": report([cell("mcp.tools_to_responses", NEW, passed=1970)], ok=True, editions=(NEW,)),
    "fail": report(
        [cell("apply_patch.apply", OLD, passed=300, failed=61), cell("apply_patch.apply", NEW, passed=362)],
        ok=False,
    ),
    "expected-failures": report(
        [
            cell("chat.request", OLD, passed=20, expected_failures=6),
            cell("chat.request", NEW, not_applicable=9),
        ],
        ok=True,
    ),
    # Every item not applicable: the adapter declared a misspelled op. Never green.
    "nothing-tested": report([cell("mcp.tools_to_respones", OLD, not_applicable=77)], ok=True),
    "nothing-at-all": report([], ok=True, editions=()),
    # Certified at the behaviour level (spec/levels.md): the badge says so.
    "behaviour": report(
        [cell("apply_patch.apply", NEW, passed=360, expected_failures=2)],
        ok=True,
        editions=(NEW,),
        level="behaviour",
    ),
}


def write_report(tmp_path: Path, name: str, body: dict[str, Any] | None = None) -> Path:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(REPORTS[name] if body is None else body), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_badge_json(name: str, tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    out = tmp_path / "badge.json"
    assert main(["badge", str(write_report(tmp_path, name)), f"--json={out}"]) == 0
    assert out.read_text(encoding="utf-8") == snapshot


@pytest.mark.parametrize("name", ["pass", "fail", "nothing-tested"])
def test_badge_svg(name: str, tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    out = tmp_path / "badge.svg"
    assert main(["badge", str(write_report(tmp_path, name)), f"--svg={out}"]) == 0
    assert out.read_text(encoding="utf-8") == snapshot.use_extension(SVGImageSnapshotExtension)


@pytest.mark.parametrize(
    ("name", "message", "color"),
    [
        ("pass", f"{NEW}: 1970/1970", "brightgreen"),
        ("fail", f"{OLD}, {NEW}: 662/723", "red"),
        ("expected-failures", f"{OLD}: 20/26", "yellow"),
        ("nothing-tested", f"{OLD}, {NEW}: nothing tested", "red"),
        ("nothing-at-all", "nothing tested", "red"),
        ("behaviour", f"{NEW}: 360/362 behaviour", "yellow"),
    ],
)
def test_the_verdict(name: str, message: str, color: str, tmp_path: Path) -> None:
    badge = badge_for(load_report(write_report(tmp_path, name)))
    assert (badge.message, badge.color) == (message, color)


def test_a_report_that_says_ok_over_unexpected_failures_is_red(tmp_path: Path) -> None:
    body = report([cell("mcp.tools_to_responses", NEW, passed=9, errors=1)], ok=True)
    assert badge_for(load_report(write_report(tmp_path, "inconsistent", body))).color == "red"


def test_stdout_without_outputs_and_the_label(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["badge", str(write_report(tmp_path, "pass")), "--label=my port"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == {
        "schemaVersion": 1,
        "label": "my port",
        "message": f"{NEW}: 1970/1970",
        "color": "brightgreen",
    }
    assert err == f"my port: {NEW}: 1970/1970 (brightgreen)\n"


def test_a_report_certify_wrote(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    main(
        ["certify", "fake_adapters:correct", f"--fixtures-dir={DEMO_FIXTURES}", f"--report={path}", "--quiet"]
    )
    badge = badge_for(load_report(path))
    assert badge.color == "brightgreen"
    assert badge.message.endswith(": 6/6")


def test_the_svg_escapes_text_and_fits_it(tmp_path: Path) -> None:
    svg = tmp_path / "badge.svg"
    assert main(["badge", str(write_report(tmp_path, "pass")), f"--svg={svg}", "--label=<a&b>"]) == 0
    text = svg.read_text(encoding="utf-8")
    assert "&lt;a&amp;b&gt;" in text and "<a&b>" not in text
    root = ElementTree.fromstring(text)  # well-formed, and nothing in it to fetch
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert not [
        element
        for element in root.iter()
        if {"href", "src"} & {name.split("}")[-1] for name in element.attrib}
    ]
    # Laid out by anybadge: a longer message makes a wider badge, and the SVG says how wide.
    short, long = Badge("conformance", "1970/1970", "red"), Badge("conformance", "nothing tested", "red")
    assert width(short) < width(long)
    assert root.attrib["width"] == str(width(Badge("<a&b>", f"{NEW}: 1970/1970", "brightgreen")))


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("codex-conformance: error: report ")
    assert err.count("\n") == 1
    return err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read it: No such file or directory"),
        (b"\xff\xfe", "not UTF-8"),
        (b'{"report_format": 1,', "not valid JSON"),
        (b"[1, 2]", "not a conformance report (no report_format)"),
        (
            b'{"report_format": 2, "whatever": true}',
            "report format 2; codex-conformance 0.1.0 reads report format 1",
        ),
        (
            b'{"report_format": 1, "impl": "x"}',
            "not a valid report: implementation: Field required (and 9 more)",
        ),
    ],
    ids=["missing", "not-utf8", "not-json", "not-an-object", "other-format", "invalid"],
)
def test_a_report_the_badge_cannot_read(
    content: bytes | None, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "report.json"
    if content is not None:
        path.write_bytes(content)
    svg = tmp_path / "badge.svg"
    assert main(["badge", str(path), f"--svg={svg}"]) == 2
    assert message in one_line_error(capsys)
    assert not svg.exists()


def test_an_unreadable_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["badge", str(tmp_path)]) == 2  # a directory: the OS refuses to read it
    assert f"report {tmp_path}: cannot read it: Is a directory" in one_line_error(capsys)


def test_an_output_directory_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "missing" / "badge.json"
    assert main(["badge", str(write_report(tmp_path, "pass")), f"--json={out}"]) == 2
    assert f"directory {tmp_path / 'missing'} does not exist" in capsys.readouterr().err


def test_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    assert help_text(monkeypatch, capsys, "badge") == snapshot
