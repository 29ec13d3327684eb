"""The certified-implementations table (docs/reports.md) quotes the committed reports, level by level.

Each row names its report (docs/reports/<name>.md, beside its JSON) and its
op; every ``EDITION: PASSED / JUDGED`` in the behaviour and bytes columns
must be that report's count for the op and edition, so rerunning a
``tox -e cert-<name>`` without updating the table fails here.  The table is
written by ``codex-conformance site --tables`` (test_certified_tables.py);
this test reads the reports' own totals, a check of that writer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COUNT = re.compile(r"(\d+\.\d+\.\d+): (\d+) / (\d+) \((\d+) %\)")


def table_rows() -> list[list[str]]:
    page = (REPO / "docs" / "reports.md").read_text(encoding="utf-8")
    section = page.split("## Certified implementations", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| name")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


ROWS = table_rows()


def test_the_table_has_rows() -> None:
    assert len(ROWS) >= 8


@pytest.mark.parametrize("row", ROWS, ids=[f"{row[0]}-{row[2]}" for row in ROWS])
def test_each_rate_is_the_reports(row: list[str]) -> None:
    name, _version, op, _matched, behaviour, byte_level, _verdicts, links = row
    report_name = re.search(r"(?:docs/)?reports/([^)#]+)\.md", links)
    assert report_name is not None, f"no report link in {links!r}"
    report = json.loads(
        (REPO / "docs" / "reports" / f"{report_name.group(1)}.json").read_text(encoding="utf-8")
    )
    counts = {(cell["op"], cell["edition"]): cell for cell in report["level_totals"]}
    for level, text in (("behaviour", behaviour), ("bytes", byte_level)):
        quoted = COUNT.findall(text)
        assert quoted, f"{name} {op}: no counts in the {level} column: {text!r}"
        for edition, passed, judged, percent in quoted:
            cell = counts[(op.strip("`"), edition)]
            assert (int(passed), int(judged)) == (cell[f"{level}_passed"], cell["cases_judged"]), (
                level,
                edition,
            )
            assert int(percent) == round(100 * int(passed) / int(judged))
