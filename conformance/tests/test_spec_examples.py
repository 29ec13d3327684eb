"""Spec pages: clause ids are well formed and unique, cited cases exist and
the example blocks equal the captured cases (rendered by spec_examples.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from spec_examples import CLAUSE_RE, clauses, examples, render

from codex_conformance.areas import property_sets
from codex_conformance.cases import load_cases
from codex_conformance.lint import EXPLORED_CLAUSES, GATEWAY_CLAUSES, PROPERTY_CLAUSES
from codex_conformance.paths import fixtures_dir, spec_dir

PAGES = sorted(path for path in spec_dir().glob("*.md") if path.name != "errata.md")
CASES = {case.id: case for case in load_cases(fixtures_dir())}


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_clause_ids_unique(page: Path) -> None:
    ids = clauses(page.read_text(encoding="utf-8"))
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_examples_match_cases(page: Path) -> None:
    for case_id, block in examples(page.read_text(encoding="utf-8")):
        assert case_id in CASES, f"{page.name} cites unknown case {case_id}"
        assert block is not None, f"{page.name}: Example {case_id} has no json block"
        shown = json.loads(block)
        case = CASES[case_id]
        assert json.dumps(shown["args"]) == json.dumps(case.args), case_id
        assert json.dumps(shown["expected"]) == json.dumps(case.expected.model_dump()), case_id
        assert block == render(case).split("\n", 1)[1].rsplit("\n", 1)[0], f"{case_id}: re-render the block"


def test_an_example_holding_a_line_separator_is_one_block() -> None:
    # U+2028 is a line boundary to str.splitlines, not to Markdown: an example
    # whose JSON holds it raw must still read as one block.
    page = 'Example: x/0.94.0/y\n\n```json\n{"args": "a\u2028b"}\n```\n'
    assert examples(page) == [("x/0.94.0/y", '{"args": "a\u2028b"}')]


# Their clauses are shown by property checks (lint.PROPERTY_CLAUSES), or wait
# for the cases `explore --write` writes (lint.EXPLORED_CLAUSES), or are judged by
# gateway runs (lint.GATEWAY_CLAUSES), not by examples.
CASE_PAGES = [
    page for page in PAGES if page.name not in (PROPERTY_CLAUSES, EXPLORED_CLAUSES, GATEWAY_CLAUSES)
]


@pytest.mark.parametrize("page", CASE_PAGES, ids=[page.name for page in CASE_PAGES])
def test_every_clause_has_an_example_and_cases(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    sections = text.split("\n### ")[1:]
    for section in sections:
        if not CLAUSE_RE.match("### " + section.split("\n", 1)[0]):
            continue  # a heading that declares no clause
        clause = section.split("`")[1]
        cited = [case_id for case_id, _ in examples("\n" + section)]
        assert cited, f"{clause} has no example"
        assert any(clause in CASES[case_id].clauses for case_id in cited) or any(
            clause in case.clauses for case in CASES.values()
        ), f"no case is tagged {clause}"


def test_case_clauses_are_declared() -> None:
    declared = {clause for page in PAGES for clause in clauses(page.read_text(encoding="utf-8"))}
    areas = {page.stem for page in PAGES}
    used = {clause for case in CASES.values() if case.area in areas for clause in case.clauses}
    assert used <= declared, f"clauses used by cases but not declared: {sorted(used - declared)}"


def test_property_clauses_are_declared() -> None:
    declared = {clause for page in PAGES for clause in clauses(page.read_text(encoding="utf-8"))}
    used = {clause for group in property_sets() for prop in group.properties() for clause in prop.clauses}
    assert used <= declared, f"clauses of property checks not declared: {sorted(used - declared)}"
    assert "PROP-DIFF-1" in used
