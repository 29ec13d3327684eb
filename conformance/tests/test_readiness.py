"""The readiness verdict: READY, READY WITH LIMITATIONS (listed), NOT READY (the mandatory clauses
failing or untested listed), from judged results and the clause tiers."""

from __future__ import annotations

from codex_conformance import paths
from codex_conformance.readiness import Judged, Verdict, judged_case, readiness
from codex_conformance.tiers import Tier, load_tiers

TIERS = load_tiers(paths.spec_dir())
EDITION = "0.25.0"


def _case(name: str, *clauses: str, passed: bool) -> Judged:
    return judged_case(TIERS, name, EDITION, clauses, passed)


def test_every_clause_passing_and_tested_is_ready() -> None:
    verdict = readiness(EDITION, [_case("a", "AP-ADD-1", passed=True)], {"AP-ADD-1"})
    assert verdict.verdict is Verdict.READY
    assert verdict.reasons() == []
    assert verdict.line() == "0.25.0: READY"


def test_only_advisory_and_capability_failures_are_limitations() -> None:
    judged = [
        _case("a", "AP-ADD-1", passed=True),
        _case("b", "AP-ERROR-1", passed=False),
        _case("c", "TOOLS-AP-1", passed=False),
    ]
    verdict = readiness(EDITION, judged, {"AP-ADD-1"})
    assert verdict.verdict is Verdict.LIMITED
    assert verdict.reasons() == ["TOOLS-AP-1 fails (1, capability)", "AP-ERROR-1 fails (1, advisory)"]


def test_a_failing_mandatory_clause_is_not_ready() -> None:
    # The case cites an advisory clause too: both fail, the mandatory one decides.
    verdict = readiness(EDITION, [_case("a", "AP-ADD-1", "AP-OUTPUT-1", passed=False)], {"AP-ADD-1"})
    assert verdict.verdict is Verdict.NOT_READY
    assert [(f.clause, f.tier) for f in verdict.failing] == [
        ("AP-ADD-1", Tier.MANDATORY),
        ("AP-OUTPUT-1", Tier.ADVISORY),
    ]


def test_an_untested_mandatory_clause_counts_against_ready() -> None:
    verdict = readiness(EDITION, [_case("a", "AP-ADD-1", passed=True)], {"AP-ADD-1", "AP-MOVE-1"})
    assert verdict.verdict is Verdict.NOT_READY
    assert verdict.untested == ["AP-MOVE-1"]
    assert verdict.reasons() == ["not tested (1 mandatory): AP-MOVE-1"]


def test_informational_failures_never_change_the_verdict() -> None:
    verdict = readiness(EDITION, [_case("a", "ITEMS-ORDER-1", passed=False)], set())
    assert verdict.verdict is Verdict.READY
    assert verdict.by_tier(Tier.INFORMATIONAL)[0].clause == "ITEMS-ORDER-1"


def test_other_editions_results_are_left_out() -> None:
    other = judged_case(TIERS, "a", "0.94.0", ["AP-ADD-1"], False)
    assert readiness(EDITION, [other], set()).verdict is Verdict.READY


def test_a_mandatory_clause_failing_only_in_a_feature_scenario_is_a_limitation() -> None:
    scenario = "freeform-apply-patch"
    failing = (("GATEWAY-CALL-1", TIERS.of_scenario_failure("GATEWAY-CALL-1", scenario)),)
    judged = [Judged(scenario, EDITION, ("GATEWAY-CALL-1",), False, failing)]
    verdict = readiness(EDITION, judged, {"GATEWAY-CALL-1"})
    assert verdict.verdict is Verdict.LIMITED
    assert verdict.reasons() == ["GATEWAY-CALL-1 fails (1, capability)"]
