"""Each page's "What Codex accepts" section cites cases that exist.

The section is written for gateway authors, a sentence a rule, each with the
cases that show it (issue #33): a case named there that the area does not
hold is a rule shown by nothing.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir, spec_dir

SECTION = re.compile(r"^## What Codex accepts.*?(?=^## |\Z)", re.MULTILINE | re.DOTALL)
FENCE = re.compile(r"```.*?```", re.DOTALL)
# A case slug in backticks: lowercase words joined by dashes; model names look alike.
SLUG = re.compile(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`")
MODEL = re.compile(r"gpt-|o\d-")


def cited_slugs(page_text: str) -> set[str] | None:
    """The case slugs the page's section cites, or None when the page has no such section."""
    section = SECTION.search(page_text)
    if section is None:
        return None
    prose = FENCE.sub("", section.group(0))
    return {slug for slug in SLUG.findall(prose) if not MODEL.match(slug)}


@cache
def _slugs_by_area() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for case in load_cases(fixtures_dir()):
        area, *_, slug = case.id.split("/")
        found.setdefault(area, set()).add(slug)
    return {area: frozenset(slugs) for area, slugs in found.items()}


PAGES = sorted(
    page for page in spec_dir().glob("*.md") if cited_slugs(page.read_text(encoding="utf-8")) is not None
)


def test_the_wire_areas_have_the_section() -> None:
    assert {page.stem for page in PAGES} >= {"chat", "dispatch", "http", "items", "sse", "transport"}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_every_case_the_section_cites_exists(page: Path) -> None:
    cited = cited_slugs(page.read_text(encoding="utf-8"))
    assert cited, f"{page.name}: the section cites no case"
    missing = sorted(cited - _slugs_by_area().get(page.stem, frozenset()))
    assert missing == [], f"{page.name} cites cases its area does not hold: {missing}"


def test_a_cited_case_that_does_not_exist_is_found() -> None:
    page = "# x\n\n## What Codex accepts from a gateway\n\nSend it (X-1: `no-such-case`, `gpt-5`).\n"
    assert cited_slugs(page) == {"no-such-case"}
    assert "no-such-case" not in _slugs_by_area()["items"]
