"""Volatile values given back: an implementation given the release's wall time (the case's args)
must print the text the release printed; one that measures its own is held to the form alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fake_adapters
import pytest
from demo_cases import demo_case
from test_report_renderings import demo_report

from codex_conformance.cases import Case, FixtureFile
from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY, invalid_patterns
from codex_conformance.connection import InProcessConnection
from codex_conformance.observed import as_given, without_observed
from codex_conformance.report import MEASURES_VOLATILE_LINE, render_markdown
from codex_conformance.runner import run_cases
from codex_workshop.capture.fixture_writer import diff_against_committed, render_fixture
from codex_workshop.drive.volatile import exec_output

OBSERVED = '{"output":"hi\\n","metadata":{"exit_code":0,"duration_seconds":0.3}}'


def measured_case(expected_output: Any) -> Case:
    return demo_case(
        "measured", {"duration_seconds": 0.3}, {"output": expected_output}, compare="json-pattern"
    )


def printing(output: str, *, measures: bool = False) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def adapter(request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "hello":
            hello = fake_adapters.hello_result()
            return {"result": {**hello, "measures_volatile": True} if measures else hello}
        return {"result": {"output": output}}

    return adapter


def status(case: Case, adapter: Callable[[dict[str, Any]], dict[str, Any]]) -> tuple[str, str]:
    [outcome] = run_cases(InProcessConnection(adapter), [case])
    return outcome.status.value, outcome.reason


def test_the_capture_keeps_the_observed_text_beside_its_form() -> None:
    expected, args = exec_output(OBSERVED)
    assert args == {"duration_seconds": 0.3}
    assert list(expected) == [PATTERN_KEY, OBSERVED_KEY]
    assert expected[OBSERVED_KEY] == OBSERVED
    assert invalid_patterns(expected) == []


def test_a_port_given_the_duration_prints_it_exactly() -> None:
    expected, _ = exec_output(OBSERVED)
    case = measured_case(expected)
    assert status(case, printing(OBSERVED)) == ("pass", "")
    # Of the right form, but not the duration the args gave: the hole this closes.
    other = OBSERVED.replace("0.3}", "0.0}")
    verdict, reason = status(case, printing(other))
    assert verdict == "fail"
    assert reason.startswith("$.output: expected ") and reason.endswith('0.0}}"'), reason


def test_an_implementation_that_measures_is_held_to_the_form() -> None:
    expected, _ = exec_output(OBSERVED)
    case = measured_case(expected)
    assert status(case, printing(OBSERVED.replace("0.3}", "12.5}"), measures=True))[0] == "pass"
    assert status(case, printing(OBSERVED.replace("0.3}", "12.50}"), measures=True))[0] == "fail"


def test_a_pattern_without_observed_text_stays_a_pattern_for_everyone() -> None:
    case = measured_case({PATTERN_KEY: r"fco_[0-9a-f]{4}"})
    assert status(case, printing("fco_beef"))[0] == "pass"


def test_an_observed_text_its_pattern_does_not_match_is_a_fixture_error() -> None:
    case = measured_case({PATTERN_KEY: "[0-9]+", OBSERVED_KEY: "abc"})
    verdict, reason = status(case, printing("abc"))
    assert verdict == "error"
    assert "$observed at $.output does not match its $pattern" in reason


def test_as_given_and_without_observed_touch_only_patterns_with_observed_text() -> None:
    value = {"a": [{PATTERN_KEY: "x+", OBSERVED_KEY: "xx"}, {PATTERN_KEY: "y"}], "b": 1}
    assert as_given(value) == {"a": ["xx", {PATTERN_KEY: "y"}], "b": 1}
    assert without_observed(value) == {"a": [{PATTERN_KEY: "x+"}, {PATTERN_KEY: "y"}], "b": 1}
    assert without_observed(without_observed(value)) == without_observed(value) != value


@pytest.mark.parametrize("seconds", ["0.3", "7.1"])
def test_a_recapture_check_ignores_what_the_run_measured(tmp_path: Path, seconds: str) -> None:
    committed, _ = exec_output(OBSERVED)
    path = tmp_path / "captured-0.25.0.json"
    path.write_text(
        render_fixture(FixtureFile(area="demo", cases=[measured_case(committed)])), encoding="utf-8"
    )
    fresh, _ = exec_output(OBSERVED.replace("0.3}", f"{seconds}}}"))
    assert diff_against_committed(path, [measured_case(fresh)]) == []
    changed, _ = exec_output(OBSERVED.replace("hi", "ho"))
    assert diff_against_committed(path, [measured_case(changed)]) != []
    assert (
        json.loads(path.read_text(encoding="utf-8"))["cases"][0]["expected"]["result"]["output"][OBSERVED_KEY]
        == OBSERVED
    )


@pytest.mark.parametrize("adapter", ["correct", "measuring"])
def test_the_report_says_when_the_implementation_measures(tmp_path: Path, adapter: str) -> None:
    report = demo_report(tmp_path, f"fake_adapters:{adapter}")
    assert report.measures_volatile is (adapter == "measuring")
    assert (MEASURES_VOLATILE_LINE in render_markdown(report)) is (adapter == "measuring")
