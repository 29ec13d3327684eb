"""Every clause spec/ declares has exactly one tier (spec/tiers.toml), and the file names no other.

Each check is shown failing on a copy of the spec with one deliberate
violation: a clause left untiered, a clause tiered twice, a tier for a clause
no page declares, an unknown tier, a justification of two sentences.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from codex_conformance import paths
from codex_conformance.errors import UsageError
from codex_conformance.lint import declared_clauses
from codex_conformance.tiers import TIERS_FILE, Tier, load_tiers, milder, tier_problems

SPEC = paths.spec_dir()


def _messages(spec_dir: Path) -> list[str]:
    declared, problems = declared_clauses(spec_dir)
    assert problems == []
    return [problem.message for problem in tier_problems(spec_dir, declared)]


def test_every_declared_clause_has_exactly_one_tier() -> None:
    assert _messages(SPEC) == []


def test_the_kit_reads_every_tier_it_declares() -> None:
    tiers = load_tiers(SPEC)
    declared, _ = declared_clauses(SPEC)
    assert set(tiers.clauses) == set(declared)
    assert {entry.tier for entry in tiers.clauses.values()} == set(Tier)
    # The two clauses the gateway table's verdicts turn on.
    assert tiers.of("GATEWAY-HEADERS-1") is Tier.ADVISORY
    assert tiers.of("GATEWAY-CALL-1") is Tier.MANDATORY


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "spec"
    shutil.copytree(SPEC, copy)
    return copy


def _edit(spec_dir: Path, old: str, new: str) -> None:
    path = spec_dir / TIERS_FILE
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_clause_without_a_tier_fails(spec_copy: Path) -> None:
    _edit(spec_copy, '"AP-OUTPUT-1", ', "")
    assert _messages(spec_copy) == ["clause AP-OUTPUT-1 has no tier in tiers.toml"]


def test_a_clause_tiered_twice_fails(spec_copy: Path) -> None:
    _edit(spec_copy, '"SSE-FAIL-2"]', '"SSE-FAIL-2", "SSE-FRAME-1"]')
    assert _messages(spec_copy) == ["clause SSE-FRAME-1 is tiered twice"]


def test_a_tier_for_no_declared_clause_fails(spec_copy: Path) -> None:
    _edit(spec_copy, '"SSE-FAIL-2"]', '"SSE-FAIL-2", "SSE-FAIL-9"]')
    assert _messages(spec_copy) == ["SSE-FAIL-9 has a tier but no clause of spec/ declares it"]


def test_a_new_clause_on_a_page_without_a_tier_fails(spec_copy: Path) -> None:
    page = spec_copy / "sse.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n### `SSE-NEW-1` a new rule\n", encoding="utf-8")
    assert _messages(spec_copy) == ["clause SSE-NEW-1 has no tier in tiers.toml"]


def test_an_unknown_tier_fails(spec_copy: Path) -> None:
    _edit(spec_copy, 'tier = "advisory"', 'tier = "should"')
    messages = _messages(spec_copy)
    assert messages[0] == "tier 'should' is not one of mandatory, capability, advisory, informational"
    with pytest.raises(UsageError, match="group 2: tier 'should'"):
        load_tiers(spec_copy)


def test_a_justification_of_two_sentences_fails(spec_copy: Path) -> None:
    _edit(spec_copy, "the model able to go on.", "the model able to go on. It is fine.")
    assert _messages(spec_copy)[0].startswith("why must be one sentence")


def test_a_malformed_file_is_one_problem_not_a_traceback(spec_copy: Path) -> None:
    (spec_copy / TIERS_FILE).write_text("[[group]\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"tiers\.toml: not a TOML file"):
        load_tiers(spec_copy)


def test_a_feature_scenario_makes_a_failure_cost_what_the_feature_does() -> None:
    tiers = load_tiers(SPEC)
    assert tiers.of_scenario_failure("GATEWAY-CALL-1", "freeform-apply-patch") is Tier.CAPABILITY
    assert tiers.of_scenario_failure("GATEWAY-CALL-1", "text") is Tier.MANDATORY
    assert tiers.of_scenario_failure("GATEWAY-HEADERS-1", "tool-search") is Tier.ADVISORY
    assert milder(Tier.MANDATORY, Tier.INFORMATIONAL) is Tier.INFORMATIONAL
