"""spec/tools-catalog.md is generated from the tools.build fixtures; it must be up to date."""

from __future__ import annotations

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir
from codex_workshop import catalog_page


def test_committed_page_equals_generated() -> None:
    rendered = catalog_page.render(load_cases(fixtures_dir()))
    committed = catalog_page.page_path().read_text(encoding="utf-8")
    assert committed == rendered, "run: python -m codex_workshop.catalog_page --write"


def test_every_build_case_has_a_section() -> None:
    page = catalog_page.page_path().read_text(encoding="utf-8")
    build = [case.id for case in load_cases(fixtures_dir()) if case.op == "tools.build"]
    assert build
    for case_id in build:
        assert f"## {case_id}\n" in page


def test_a_changed_golden_changes_the_page() -> None:
    # The check can fail: one changed description yields another page.
    cases = [case for case in load_cases(fixtures_dir()) if case.op == "tools.build"]
    first = cases[0]
    tools = first.expected.model_dump()["result"]["tools"]
    changed = [{**tools[0], "description": "changed"}, *tools[1:]]
    altered = first.model_copy(
        update={"expected": first.expected.model_copy(update={"result": {"tools": changed}})}
    )
    assert catalog_page.render([altered, *cases[1:]]) != catalog_page.render(cases)
