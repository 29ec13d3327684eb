"""The kit never reports green after its own crash: every item run is an outcome in the report.

The crashing adapters are tiny in-process handlers (``--impl=test_kit_crash_outcomes:deep_result``):
a reply nested 100,000 deep, an integer of 5,000 digits.  Where the transport
already refuses such a reply, a stand-in connection hands it to the runner
anyway, so the runner's own defences are tested whatever the transport does.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fake_adapters
import jsonschema  # type: ignore[import-untyped]  # no stubs in the project's lint extra
import pytest
from conftest import DEMO_FIXTURES

from codex_conformance import runner, schemas
from codex_conformance.cases import load_cases
from codex_conformance.cli import main
from codex_conformance.connection import Connection, InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.protocol import Response, ResultResponse
from codex_conformance.report import InconsistentReport, check_consistency
from codex_conformance.runner import run_case, run_cases
from codex_conformance.session import ConformanceSession, SessionOptions

CASES = load_cases(DEMO_FIXTURES)
ECHO_IDS = ["demo/0.25.0/echo-key-order", "demo/0.169.0/echo-unicode"]
STAMP_ID = "demo/0.169.0/stamp-call-id"
DEMO_ITEMS = 8  # cases in the demo fixtures


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def deep_result(request: dict[str, Any]) -> dict[str, Any]:
    """Answers demo.echo with a result nested 100,000 deep."""
    if request["op"] == "demo.echo":
        return {"result": {"value": nested(100_000)}}
    return fake_adapters.correct(request)


def huge_int(request: dict[str, Any]) -> dict[str, Any]:
    """Answers demo.echo with an integer of 5,000 digits."""
    if request["op"] == "demo.echo":
        return {"result": {"value": 10**4999}}
    return fake_adapters.correct(request)


class StandInConnection(Connection):
    """Hands the runner whatever ``reply`` makes of a request, past any transport check."""

    def __init__(self, reply: Callable[[str, dict[str, Any]], Response]) -> None:
        super().__init__()
        self.reply = reply
        self.closed = 0

    def _send(self, op: str, args: dict[str, Any]) -> Response:
        return self.reply(op, args)

    def describe(self) -> str:
        return "stand-in"

    def close(self) -> None:
        self.closed += 1


def echo_case() -> Any:
    return next(case for case in CASES if case.id == ECHO_IDS[0])


def hello() -> Any:
    return InProcessConnection(fake_adapters.correct).hello()


def fixtures_with_bad_pattern(tmp_path: Path) -> Path:
    """The demo fixtures, with the stamp case's $pattern made invalid."""
    fixtures = tmp_path / "fixtures"
    shutil.copytree(DEMO_FIXTURES, fixtures)
    for path in (fixtures / "demo").glob("*.json"):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace('"call_[0-9a-f]{8}"', '"call_("'), encoding="utf-8")
    return fixtures


def by_id(outcomes: Any) -> dict[str, Any]:
    return {outcome.id: outcome for outcome in outcomes}


# --- one case: run_case never raises -------------------------------------------------------


@pytest.mark.parametrize("adapter", [deep_result, huge_int])
def test_a_reply_the_kit_cannot_hold_is_an_error_for_that_case_only(adapter: Any) -> None:
    outcomes = run_cases(InProcessConnection(adapter), CASES)
    assert len(outcomes) == len(CASES)
    assert [outcome.id for outcome in outcomes if outcome.status is Status.ERROR] == ECHO_IDS


def test_a_result_too_deep_to_compare_is_an_error_naming_its_depth() -> None:
    connection = StandInConnection(lambda op, args: ResultResponse(result={"value": nested(100_000)}))
    outcome = run_case(connection, hello(), echo_case())
    assert outcome.status is Status.ERROR
    assert outcome.kit_error
    assert outcome.reason == (
        "harness error: NestingTooDeep: the result is nested 100001 levels deep; "
        "the kit compares at most 200 levels"
    )


def test_a_deep_result_where_an_error_was_expected_is_an_error_naming_its_depth() -> None:
    # The runner shows an unexpected result in full: it must not try on a value this deep.
    reject = next(case for case in CASES if case.id == "demo/0.25.0/reject-empty")
    connection = StandInConnection(lambda op, args: ResultResponse(result={"value": nested(100_000)}))
    outcome = run_case(connection, hello(), reject)
    assert outcome.reason.startswith("harness error: NestingTooDeep: the result is nested 100001 levels deep")


def test_an_exception_of_the_transport_is_an_error_and_resets_the_connection() -> None:
    def unparsable(op: str, args: dict[str, Any]) -> Response:
        # What json.loads raises on a 5,000-digit integer in a reply line.
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    connection = StandInConnection(unparsable)
    outcome = run_case(connection, hello(), echo_case())
    assert (outcome.status, outcome.kit_error) == (Status.ERROR, True)
    assert outcome.reason == (
        "harness error: ValueError: Exceeds the limit (4300 digits) for integer string conversion"
    )
    assert connection.closed == 1  # the next case starts on a fresh transport


def test_a_bug_in_the_comparison_is_an_error_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_compare(*args: Any) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(runner, "compare", broken_compare)
    outcome = run_case(InProcessConnection(fake_adapters.correct), hello(), echo_case())
    assert (outcome.status, outcome.kit_error) == (Status.ERROR, True)
    assert outcome.reason == (
        "harness error: RecursionError: maximum recursion depth exceeded "
        "(a value nested too deep for the kit)"
    )


def test_an_invalid_pattern_is_a_fixture_error_and_the_adapter_is_not_asked(tmp_path: Path) -> None:
    cases = load_cases(fixtures_with_bad_pattern(tmp_path))
    asked: list[str] = []

    def recording(request: dict[str, Any]) -> dict[str, Any]:
        asked.append(request["op"])
        return fake_adapters.correct(request)

    outcome = by_id(run_cases(InProcessConnection(recording), cases))[STAMP_ID]
    assert (outcome.status, outcome.kit_error) == (Status.ERROR, True)
    assert outcome.reason.startswith(
        "fixture error: invalid $pattern 'call_(' at $.call_id: missing ), unterminated subpattern"
    )
    assert "demo.stamp" not in asked


# --- the session and its report ----------------------------------------------------------


def run_session(tmp_path: Path, **options: Any) -> tuple[ConformanceSession, Any]:
    options.setdefault("fixtures_dir", DEMO_FIXTURES)
    session = ConformanceSession(SessionOptions(report=tmp_path / "report.json", **options))
    session.start()
    try:
        for item in session.items:
            session.run(item)
        report = session.report()
        session.write_report(report)
    finally:
        session.close()
    return session, report


def assert_listed_and_counted(report_path: Path, error_ids: list[str]) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(report_path.read_text(encoding="utf-8"))
    jsonschema.validate(raw, schemas.schema("report.schema.json"))
    assert raw["ok"] is False
    statuses = {outcome["id"]: outcome["status"] for outcome in raw["outcomes"]}
    assert len(statuses) == DEMO_ITEMS
    assert [case_id for case_id, status in statuses.items() if status == "error"] == error_ids
    assert sum(raw["summary"].values()) == len(raw["outcomes"])
    assert raw["summary"]["errors"] == len(error_ids)
    markdown = report_path.with_suffix(".md").read_text(encoding="utf-8")
    assert "**NOT OK**" in markdown
    assert all(f"- `{case_id}`: " in markdown for case_id in error_ids)
    return raw


@pytest.mark.parametrize("adapter", ["deep_result", "huge_int"])
def test_the_report_lists_the_crashed_cases_and_is_not_ok(tmp_path: Path, adapter: str) -> None:
    session, report = run_session(tmp_path, impl=f"test_kit_crash_outcomes:{adapter}", examples=0)
    assert session.items_run == DEMO_ITEMS
    assert report.summary.total == DEMO_ITEMS
    assert_listed_and_counted(tmp_path / "report.json", ECHO_IDS)


def test_an_expected_failures_glob_never_covers_an_error_of_the_kit(tmp_path: Path) -> None:
    expected = tmp_path / "expected.toml"
    expected.write_text('[[expected-failure]]\ncase = "demo/*"\nreason = "all known"\n', encoding="utf-8")
    _, report = run_session(
        tmp_path,
        impl="fake_adapters:correct",
        fixtures_dir=fixtures_with_bad_pattern(tmp_path),
        expected_failures=expected,
        examples=0,
    )
    stamp = by_id(report.outcomes)[STAMP_ID]
    assert (stamp.status, stamp.expected_failure) == (Status.ERROR, None)
    assert not report.ok
    assert_listed_and_counted(tmp_path / "report.json", [STAMP_ID])


def test_a_crash_outside_run_case_is_still_an_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crashing_run_case(*args: Any) -> Any:
        raise ZeroDivisionError("a bug between the session and the runner")

    monkeypatch.setattr("codex_conformance.session.run_case", crashing_run_case)
    _, report = run_session(tmp_path, impl="fake_adapters:correct", examples=0)
    assert [outcome.status for outcome in report.outcomes] == [Status.ERROR] * DEMO_ITEMS
    assert (
        report.outcomes[0].reason
        == "harness error: ZeroDivisionError: a bug between the session and the runner"
    )


def test_the_report_refuses_totals_that_do_not_add_up(tmp_path: Path) -> None:
    session, report = run_session(tmp_path, impl="fake_adapters:correct", examples=0)
    check_consistency(report, DEMO_ITEMS)
    with pytest.raises(InconsistentReport, match="items run 9, outcomes 8, summary 8"):
        check_consistency(report, DEMO_ITEMS + 1)
    dropped = report.model_copy(update={"outcomes": report.outcomes[1:]})
    with pytest.raises(InconsistentReport, match="outcomes 7"):
        check_consistency(dropped, DEMO_ITEMS)
    session.items_run += 1  # an item that ran without an outcome
    with pytest.raises(InconsistentReport):
        session.report()


def test_the_report_refuses_ok_after_an_error(tmp_path: Path) -> None:
    _, report = run_session(tmp_path, impl="test_kit_crash_outcomes:deep_result", examples=0)
    with pytest.raises(InconsistentReport, match="ok=True with 2 unexpected"):
        check_consistency(report.model_copy(update={"ok": True}), DEMO_ITEMS)


# --- certify and pytest --------------------------------------------------------------------


def test_certify_writes_the_report_when_a_case_crashes_the_kit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from codex_conformance.compare import compare as real_compare  # what runner.compare is

    def crashes_on_text(mode: str, expected: Any, actual: Any) -> Any:
        if mode == "text-exact":
            raise RecursionError("maximum recursion depth exceeded while encoding a JSON object")
        return real_compare(mode, expected, actual)

    monkeypatch.setattr(runner, "compare", crashes_on_text)
    report_path = tmp_path / "report.json"
    code = main(
        ["certify", "fake_adapters:correct", f"--fixtures-dir={DEMO_FIXTURES}", f"--report={report_path}"]
    )
    assert code == 1
    assert "Traceback" not in capsys.readouterr().err
    raw = assert_listed_and_counted(report_path, ["demo/0.25.0/upper-text"])
    assert raw["outcomes"][2]["reason"].startswith("harness error: RecursionError: maximum recursion depth")


def test_certify_writes_the_report_on_an_invalid_pattern(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report_path = tmp_path / "report.json"
    fixtures = fixtures_with_bad_pattern(tmp_path)
    code = main(["certify", "fake_adapters:correct", f"--fixtures-dir={fixtures}", f"--report={report_path}"])
    assert code == 1
    assert "fixture error: invalid $pattern 'call_('" in capsys.readouterr().out
    assert_listed_and_counted(report_path, [STAMP_ID])


def test_certify_interrupted_writes_the_report_on_the_items_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_judge = ConformanceSession._judge

    def interrupted_at_the_third(self: ConformanceSession, item: Any) -> Any:
        if self.items_run == 3:
            raise KeyboardInterrupt
        return real_judge(self, item)

    monkeypatch.setattr(ConformanceSession, "_judge", interrupted_at_the_third)
    report_path = tmp_path / "report.json"
    args = ["certify", "fake_adapters:correct", f"--fixtures-dir={DEMO_FIXTURES}", f"--report={report_path}"]
    assert main([*args, "--quiet"]) == 130
    assert "interrupted after 3 items" in capsys.readouterr().err
    raw = json.loads(report_path.read_text(encoding="utf-8"))
    assert [outcome["status"] for outcome in raw["outcomes"]] == ["pass", "pass", "error"]
    assert raw["outcomes"][2]["reason"] == "harness error: KeyboardInterrupt"
    assert (raw["ok"], sum(raw["summary"].values())) == (False, 3)


def test_a_lone_surrogate_in_a_reply_does_not_stop_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report_path = tmp_path / "report.json"
    args = ["certify", "test_kit_crash_outcomes:lone_surrogate", f"--fixtures-dir={DEMO_FIXTURES}"]
    assert main([*args, f"--report={report_path}", "--quiet"]) == 1
    assert "\\ud800" in capsys.readouterr().out
    raw = json.loads(report_path.read_text(encoding="utf-8"))
    # The reason shows the surrogate as an escape (compare.show), as every diff does.
    assert "\\ud800" in by_id_raw(raw)[ECHO_IDS[1]]["reason"]


def lone_surrogate(request: dict[str, Any]) -> dict[str, Any]:
    if request["op"] == "demo.echo" and isinstance(request["args"]["value"], str):
        return {"result": {"value": "\ud800"}}
    return fake_adapters.correct(request)


def by_id_raw(raw: dict[str, Any]) -> dict[str, Any]:
    return {outcome["id"]: outcome for outcome in raw["outcomes"]}


@pytest.mark.parametrize(
    ("impl", "errors"),
    [("test_kit_crash_outcomes:deep_result", ECHO_IDS), ("fake_adapters:correct", [STAMP_ID])],
)
def test_pytest_run_lists_crashed_cases_in_the_report(
    pytester: pytest.Pytester, tmp_path: Path, impl: str, errors: list[str]
) -> None:
    fixtures = fixtures_with_bad_pattern(tmp_path) if impl.startswith("fake") else DEMO_FIXTURES
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        f"--fixtures-dir={fixtures}",
        f"--impl={impl}",
        "--conformance-report=report.json",
    )
    result.assert_outcomes(passed=6 - len(errors), failed=len(errors), skipped=2)
    passed, failed = 6 - len(errors), len(errors)
    result.stdout.fnmatch_lines(
        [f"*conformance: {passed} passed, 0 failed, 0 unsupported, 2 not applicable, {failed} errors*"]
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert_listed_and_counted(pytester.path / "report.json", errors)


def test_reports_keep_bounded_copies_of_huge_replies() -> None:
    from codex_conformance.outcome import Counterexample, Outcome, Status
    from codex_conformance.protocol import REPORT_TEXT_CHARS

    huge = "x" * (5 * REPORT_TEXT_CHARS)
    outcome = Outcome(id="a/b/c", edition="e", op="o", status=Status.FAIL, clauses=[], reason=huge, diff=huge)
    assert len(outcome.reason) < REPORT_TEXT_CHARS + 100 and "truncated" in outcome.reason
    assert len(outcome.diff) < REPORT_TEXT_CHARS + 100
    example = Counterexample(request={"op": "o", "args": {}}, implementation_response={"result": {"x": huge}})
    assert example.implementation_response is not None
    assert set(example.implementation_response) == {"truncated"}
