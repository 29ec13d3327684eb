"""The certified-gateways table (docs/gateways.md) quotes the committed gateway reports, release by release.

Each row links its report (docs/reports/<name>.md, its JSON beside it); every
``PASSED / APPLICABLE`` cell under a release's column must be that report's
count of passing scenarios out of those applicable to the release, followed,
where some fail, by ``(N but HEADERS-1)``: how many pass every clause but
GATEWAY-HEADERS-1.  So rerunning a ``tox -e gateway-<name>`` without updating
the table fails here.  The table is written by ``codex-conformance site --tables``
(test_certified_tables.py); this test reads the reports' own summaries, a check of that writer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COUNT = re.compile(
    r"^(\d+) / (\d+)(?: \((\d+) but HEADERS-1\))?<br>(READY|READY WITH LIMITATIONS|NOT READY)$"
)


def _table() -> tuple[list[str], list[list[str]]]:
    page = (REPO / "docs" / "gateways.md").read_text(encoding="utf-8")
    section = page.split("### Certified gateways", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]
    return cells[0], [row for row in cells[1:] if not row[0].startswith("---")]


HEADER, ROWS = _table()


def test_the_table_has_rows() -> None:
    assert ROWS, "the certified-gateways table has no rows"


@pytest.mark.parametrize("row", ROWS, ids=[f"{row[0]}-{row[2]}" for row in ROWS])
def test_each_count_is_the_reports(row: list[str]) -> None:
    links = row[-1]
    name = re.search(r"(?:docs/)?reports/([^)#]+)\.md", links)
    assert name is not None, f"no report link in {links!r}"
    report = json.loads((REPO / "docs" / "reports" / f"{name.group(1)}.json").read_text(encoding="utf-8"))
    quoted = 0
    for column, cell in zip(HEADER, row, strict=True):
        count = COUNT.match(cell)
        if count is None:
            continue
        summary = report["summary"][column]
        assert (int(count.group(1)), int(count.group(2))) == (summary["passed"], summary["applicable"]), (
            column
        )
        apart = count.group(3)
        if summary["passed"] < summary["applicable"]:
            assert apart is not None, f"{column}: a failing cell quotes the count but HEADERS-1"
            assert int(apart) == summary["passed_apart_from_headers"], column
        else:
            assert apart is None, f"{column}: every scenario passes, nothing to quote apart"
        quoted += 1
    assert quoted == len(report["editions"]), (
        f"the row quotes {quoted} releases, the report has {report['editions']}"
    )
