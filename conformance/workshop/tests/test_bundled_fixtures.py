"""The fixtures that ship with the kit: lint-clean, and every golden traceable to a release or test."""

from __future__ import annotations

import json

from codex_conformance.areas import discover
from codex_conformance.cases import CapturedProvenance, UpstreamTestProvenance, load_cases
from codex_conformance.lint import lint
from codex_conformance.paths import fixtures_dir, spec_dir
from codex_workshop.areas.scenarios import EXPLORED_FILE

CASES = load_cases(fixtures_dir())


def test_bundled_fixtures_and_spec_lint_clean() -> None:
    problems = lint(fixtures_dir(), spec_dir())
    assert problems == [], "\n".join(str(problem) for problem in problems)


def test_every_golden_is_captured_or_from_an_upstream_test() -> None:
    for case in CASES:
        assert isinstance(case.provenance, CapturedProvenance | UpstreamTestProvenance), case.id


def test_captured_cases_name_their_release_and_a_command_that_recreates_them() -> None:
    for case in CASES:
        if isinstance(case.provenance, CapturedProvenance):
            assert case.provenance.release == case.edition, case.id
            area, edition, slug = case.id.split("/")
            expected_command = f"codex-conformance capture {area} --edition {edition} --only {slug}"
            assert case.provenance.command == expected_command


def test_every_captured_case_comes_from_a_scenario_that_still_exists() -> None:
    # A captured case whose scenario was deleted could no longer be re-created
    # by its command, so its provenance would be a lie.
    slugs_by_area: dict[str, set[str]] = {}
    for case in CASES:
        if isinstance(case.provenance, CapturedProvenance):
            area, _, slug = case.id.split("/")
            if area not in slugs_by_area:
                # An area may keep one scenario file per op (_scenarios.json, _build_scenarios.json),
                # and the explorer's findings beside them (_explored.json).
                folder = fixtures_dir() / area
                files = [*folder.glob("_*scenarios.json"), folder / EXPLORED_FILE]
                slugs_by_area[area] = {
                    scenario["slug"]
                    for scenario_file in files
                    if scenario_file.is_file()
                    for scenario in json.loads(scenario_file.read_text(encoding="utf-8"))
                }
            assert slug in slugs_by_area[area], case.id


def test_each_edition_has_at_least_40_captured_cases_per_area() -> None:
    for area in ("mcp", "schema"):
        for edition in discover()[area].editions:
            count = sum(
                1
                for case in CASES
                if case.area == area
                and case.edition == edition
                and isinstance(case.provenance, CapturedProvenance)
            )
            assert count >= 40, f"{area} {edition}: {count} captured cases"
