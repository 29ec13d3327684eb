"""The certified tables of docs/reports.md and docs/gateways.md are what ``codex-conformance site
--tables`` writes from the committed reports: a re-certified report whose table was not rewritten
fails here, and so does a count typed into the table by hand.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from codex_conformance import paths
from codex_conformance.cli import main
from codex_conformance.errors import UsageError
from codex_conformance.site.data import SiteData
from codex_conformance.site.sources import COMMITTED_REPORTS
from codex_conformance.site.tables import (
    GATEWAYS_TABLE,
    PORTS_TABLE,
    docs_data,
    replace_table,
    stale_pages,
    write_tables,
)

DOCS = COMMITTED_REPORTS.parent

pytestmark = pytest.mark.skipif(not COMMITTED_REPORTS.is_dir(), reason="no docs/reports: not a checkout")


@pytest.fixture(scope="module")
def data() -> SiteData:
    return docs_data(DOCS, None, paths.spec_dir())


def _copy_docs(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    shutil.copytree(DOCS / "reports", docs / "reports")
    for name in ("certified.toml", PORTS_TABLE.page, GATEWAYS_TABLE.page):
        shutil.copy(DOCS / name, docs / name)
    return docs


def test_the_committed_tables_are_what_the_reports_say(data: SiteData) -> None:
    assert stale_pages(DOCS, data) == [], (
        "a certified table differs from the committed reports: run `codex-conformance site --tables` "
        "and commit docs/reports.md and docs/gateways.md"
    )


def test_a_count_typed_by_hand_is_found_and_rewritten(data: SiteData, tmp_path: Path) -> None:
    docs = _copy_docs(tmp_path)
    page = docs / GATEWAYS_TABLE.page
    text = page.read_text(encoding="utf-8")
    assert "0 / 9 (8 but HEADERS-1)" in text
    page.write_text(text.replace("0 / 9 (8 but HEADERS-1)", "9 / 9", 1), encoding="utf-8")
    assert stale_pages(docs, data) == [page]
    assert write_tables(docs, data) == [page]
    assert page.read_text(encoding="utf-8") == text
    assert stale_pages(docs, data) == []


def test_only_the_text_between_the_markers_is_rewritten() -> None:
    text = f"before\n{PORTS_TABLE.begin}\n| old |\n{PORTS_TABLE.end}\nafter\n"
    assert replace_table(text, PORTS_TABLE, ["| new |"], "page") == (
        f"before\n{PORTS_TABLE.begin}\n| new |\n{PORTS_TABLE.end}\nafter\n"
    )
    with pytest.raises(UsageError, match="exactly one of each marker"):
        replace_table("no markers\n", PORTS_TABLE, ["| new |"], "page")


def test_the_gateway_table_tells_ds4codex_from_open_responses_server(data: SiteData) -> None:
    text = (DOCS / GATEWAYS_TABLE.page).read_text(encoding="utf-8")
    rows = {line.split(" | ", 1)[0].strip("| "): line for line in text.splitlines() if line.startswith("| ")}
    assert "0 / 9 (8 but HEADERS-1)<br>READY WITH LIMITATIONS" in rows["ds4codex"]
    assert "0 / 9 (0 but HEADERS-1)<br>NOT READY" in rows["open-responses-server"]


def test_a_words_file_naming_a_missing_report_is_one_line(data: SiteData, tmp_path: Path) -> None:
    docs = _copy_docs(tmp_path)
    words = docs / "certified.toml"
    row = '[[port]]\nreport = "nobody"\nname = "x"\nop = "apply_patch.apply"\nmatched = "-"\n'
    row += 'findings = "x.md"\n'
    words.write_text(words.read_text(encoding="utf-8") + "\n" + row, encoding="utf-8")
    with pytest.raises(UsageError, match="report 'nobody' is not among"):
        stale_pages(docs, data)
    words.write_text("[[port]]\nreport = 1\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"certified\.toml: port\.0\.report"):
        stale_pages(docs, data)


def test_site_needs_out_or_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["site"]) == 2
    assert "--out DIR" in capsys.readouterr().err
