"""spec/errata.md: every entry has a well-formed, unique id and a Cases line,
and every case id the page cites (anywhere in it) is a case in fixtures/."""

from __future__ import annotations

import re

import pytest

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir, spec_dir

ERRATA = spec_dir() / "errata.md"
ENTRY_RE = re.compile(r"^## (E-[A-Z]+-[0-9]+): ", re.MULTILINE)
# A cited case: `area/edition/name` in backticks, the form fixture case ids take.
CASE_RE = re.compile(r"`([a-z_]+/[0-9]+\.[0-9]+\.[0-9]+/[^`\s]+)`")


def cited_case_ids(text: str) -> list[str]:
    return CASE_RE.findall(text)


def unknown_case_ids(text: str, known: set[str]) -> list[str]:
    return [case_id for case_id in cited_case_ids(text) if case_id not in known]


def entries(text: str) -> dict[str, str]:
    """Each entry's id and body (up to the next entry)."""
    found = list(ENTRY_RE.finditer(text))
    ends = [match.start() for match in found[1:]] + [len(text)]
    return {match.group(1): text[match.start() : end] for match, end in zip(found, ends, strict=True)}


@pytest.fixture(scope="module")
def known_ids() -> set[str]:
    return {case.id for case in load_cases(fixtures_dir())}


def test_errata_cite_only_existing_cases(known_ids: set[str]) -> None:
    text = ERRATA.read_text(encoding="utf-8")
    assert cited_case_ids(text), "errata.md cites no case at all: the pattern no longer matches"
    assert unknown_case_ids(text, known_ids) == []


def test_errata_entries_have_unique_ids_and_a_cases_line() -> None:
    text = ERRATA.read_text(encoding="utf-8")
    headings = re.findall(r"^## (.*)$", text, re.MULTILINE)
    ids = ENTRY_RE.findall(text)
    assert len(ids) == len(headings), "an entry heading is not `## E-<AREA>-<n>: ...`"
    assert len(ids) == len(set(ids)), "duplicate erratum id"
    for entry_id, body in entries(text).items():
        assert "- **Cases**" in body, f"{entry_id} has no Cases line"


def test_checker_reports_an_unknown_case(known_ids: set[str]) -> None:
    real = sorted(known_ids)[0]
    text = f"- **Cases**: `{real}`, `exec_output/0.94.0/no-such-case`."
    assert unknown_case_ids(text, known_ids) == ["exec_output/0.94.0/no-such-case"]
