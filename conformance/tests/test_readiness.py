"""The readiness verdict: READY, READY WITH LIMITATIONS (listed), NOT READY (the mandatory clauses
failing or untested listed), from judged results and the clause tiers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DEMO_FIXTURES

from codex_conformance import paths
from codex_conformance.cli import main
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


def test_a_run_shows_its_verdicts_on_the_terminal(pytester: pytest.Pytester) -> None:
    # The demo clauses have no tier: each counts as mandatory, never as less; echo-key-order differs
    # only in key order (it passes at the behaviour level), so its DEMO-ECHO-1 costs an advisory failure.
    result = pytester.runpytest(
        "-p", "no:cacheprovider", f"--fixtures-dir={DEMO_FIXTURES}", "--impl=fake_adapters:wrong_bytes"
    )
    result.stdout.fnmatch_lines(
        [
            "readiness 0.25.0: NOT READY: DEMO-ERROR-1 fails (1, mandatory); "
            "DEMO-TEXT-1 fails (1, mandatory); DEMO-ECHO-1 fails (1, advisory)",
            "readiness 0.94.0: READY",
        ]
    )


def test_certify_writes_the_verdicts_in_the_json_and_the_markdown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], child_env: None
) -> None:
    report = tmp_path / "report.json"
    args = [
        "certify",
        "fake_adapters:wrong_bytes",
        "--fixtures-dir",
        str(DEMO_FIXTURES),
        "--report",
        str(report),
    ]
    assert main([*args, "--quiet"]) == 1
    assert "| 0.25.0 | **NOT READY** | DEMO-ERROR-1 fails (1, mandatory);" in capsys.readouterr().out
    written = json.loads(report.read_text(encoding="utf-8"))
    verdicts = {verdict["edition"]: verdict["verdict"] for verdict in written["readiness"]}
    assert verdicts["0.25.0"] == "NOT READY"
    assert "## Readiness" in report.with_suffix(".md").read_text(encoding="utf-8")
