"""How expected failures are reported and matched: cheaply, whatever the file's size.

A gate's speed is measured by ``conformance/workshop/benchmarks/gate_speed.py``;
these tests pin the two things it rests on, without timing anything: an
expected failure's report is the kit's short description (no traceback to
render), and exact entries are found by id in file order among globs.
"""

from __future__ import annotations

import pytest
from conftest import DEMO_FIXTURES, expected_failures_file

from codex_conformance.expected_failures import ExpectedFailure, ExpectedFailures
from codex_conformance.outcome import Outcome, Status


def test_an_expected_failure_is_reported_by_the_xfail_mark_without_a_traceback(
    pytester: pytest.Pytester,
) -> None:
    path = expected_failures_file(
        pytester.path / "expected.toml", {"case": "demo/0.25.0/upper-text", "reason": "known"}
    )
    recorded = pytester.inline_run(
        "-p",
        "no:cacheprovider",
        f"--fixtures-dir={DEMO_FIXTURES}",
        "--impl=fake_adapters:wrong_bytes",
        f"--expected-failures={path}",
        "-k",
        "upper-text",
    )
    reports = [
        report
        for report in recorded.getreports("pytest_runtest_logreport")
        if report.when == "call" and report.nodeid == "demo/0.25.0/upper-text"
    ]
    assert len(reports) == 1
    report = reports[0]
    assert report.skipped
    assert report.wasxfail.startswith("known [fail: ")
    # The kit's own words, as for a failure: rendering a traceback here (what
    # pytest.xfail() gets) re-reads and parses source files for every entry.
    assert report.longreprtext.startswith("FAIL demo/0.25.0/upper-text: ")
    assert "Traceback" not in report.longreprtext
    assert "pytest_run.py" not in report.longreprtext


def failing(case_id: str) -> Outcome:
    return Outcome(
        id=case_id, op="demo.echo", edition="0.25.0", status=Status.FAIL, clauses=[], reason="differs"
    )


def entry(case: str, reason: str) -> ExpectedFailure:
    return ExpectedFailure(case=case, reason=reason)


def test_the_first_entry_in_the_file_gives_the_reason_whether_exact_or_glob() -> None:
    glob_first = ExpectedFailures([entry("demo/*", "glob"), entry("demo/0.25.0/a", "exact")])
    exact_first = ExpectedFailures([entry("demo/0.25.0/a", "exact"), entry("demo/*", "glob")])
    assert glob_first.apply(failing("demo/0.25.0/a")).expected_failure == "glob"
    assert exact_first.apply(failing("demo/0.25.0/a")).expected_failure == "exact"
    assert exact_first.apply(failing("demo/0.25.0/b")).expected_failure == "glob"
    assert (
        ExpectedFailures([entry("demo/0.25.0/a", "exact")]).apply(failing("demo/0.25.0/ab")).expected_failure
        is None
    )


def test_a_case_id_with_glob_characters_is_matched_as_a_glob_as_before() -> None:
    # "[ab]" is a character class to fnmatch: the entry is a glob, not an exact id.
    entries = ExpectedFailures([entry("demo/0.25.0/[ab]", "class")])
    assert entries.apply(failing("demo/0.25.0/a")).expected_failure == "class"
    assert entries.apply(failing("demo/0.25.0/[ab]")).expected_failure is None


def test_exact_entries_are_stale_when_unknown_or_passing_and_kept_when_failing() -> None:
    entries = ExpectedFailures(
        [entry("demo/0.25.0/gone", "x"), entry("demo/0.25.0/fixed", "y"), entry("demo/0.25.0/broken", "z")]
    )
    fixed = Outcome(id="demo/0.25.0/fixed", op="demo.echo", edition="0.25.0", status=Status.PASS, clauses=[])
    problems = entries.problems(
        ["demo/0.25.0/fixed", "demo/0.25.0/broken"], [fixed, failing("demo/0.25.0/broken")]
    )
    assert problems == [
        "expected-failure 'demo/0.25.0/gone' matches no case in the fixtures (stale entry)",
        "expected-failure 'demo/0.25.0/fixed' is an unexpected pass: 1 matched case(s) passed "
        "(demo/0.25.0/fixed); remove the entry",
    ]
