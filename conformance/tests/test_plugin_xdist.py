"""Under pytest-xdist a run gives the same outcomes, report and exit code as a serial one.

The workers judge the items; the controller alone counts them, checks the
expected-failures file and writes the report (codex_conformance.pytest_xdist).
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from conftest import DEMO_FIXTURES, TESTS_DIR

# A stale entry (no such case), an unexpected pass (upper-text passes) and
# expected failures (the echo cases fail): every way the file can judge a run.
EXPECTED_FAILURES = """\
[[expected-failure]]
case = "demo/0.25.0/typo"
reason = "stale"

[[expected-failure]]
case = "demo/0.25.0/upper-text"
reason = "was broken"

[[expected-failure]]
case = "demo/*/echo-*"
reason = "echo reorders keys"
"""

# What differs between two runs of the same items: clocks.
TIMES = ("started_at", "finished_at")


def run_on_demo_fixtures(pytester: pytest.Pytester, impl: str, *args: str) -> pytest.RunResult:
    """pytest in a child process, certifying `impl` on the demo fixtures in a fixed order, no examples."""
    return pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        f"--fixtures-dir={DEMO_FIXTURES}",
        f"--impl={impl}",
        "--conformance-examples=0",
        *args,
    )


def conformance_run(pytester: pytest.Pytester, out: str, *args: str) -> tuple[pytest.RunResult, Any, str]:
    (pytester.path / out).mkdir()
    result = run_on_demo_fixtures(
        pytester,
        "fake_adapters:wrong_echo",
        f"--expected-failures={pytester.path / 'expected.toml'}",
        f"--conformance-report={out}/report.json",
        *args,
    )
    report = json.loads((pytester.path / out / "report.json").read_text(encoding="utf-8"))
    for key in TIMES:
        report.pop(key)
    for outcome in report["outcomes"]:
        outcome.pop("duration_seconds")
    markdown = (pytester.path / out / "report.md").read_text(encoding="utf-8")
    markdown = "\n".join(line for line in markdown.splitlines() if not line.startswith("- finished:"))
    return result, report, markdown


def summary_lines(result: pytest.RunResult) -> list[str]:
    return [line for line in result.stdout.lines if "expected-failure" in line or "conformance:" in line]


def test_two_workers_report_what_a_serial_run_reports(pytester: pytest.Pytester, child_env: None) -> None:
    (pytester.path / "expected.toml").write_text(EXPECTED_FAILURES, encoding="utf-8")
    serial, serial_report, serial_markdown = conformance_run(pytester, "serial", "-p", "no:xdist")
    parallel, parallel_report, parallel_markdown = conformance_run(pytester, "parallel", "-n", "2")

    assert serial.ret == parallel.ret == pytest.ExitCode.TESTS_FAILED
    assert serial_report["summary"] == {
        "passed": 4,
        "failed": 0,
        "unsupported": 0,
        "expected_failures": 2,
        "not_applicable": 2,
        "errors": 0,
    }
    assert len(serial_report["expected_failure_problems"]) == 2
    assert parallel_report == serial_report
    assert parallel_markdown == serial_markdown
    assert summary_lines(parallel) == summary_lines(serial)
    parallel.assert_outcomes(passed=4, xfailed=2, skipped=2)
    # The workers wrote no report of their own (on the same path, they raced the controller's).
    assert len(parallel_report["outcomes"]) == 8


def test_a_worker_that_dies_on_a_case_leaves_an_error_in_the_report(
    pytester: pytest.Pytester, child_env: None
) -> None:
    # An in-process adapter that exits takes its worker with it: xdist reports the
    # item failed and starts a new worker; the report still counts every item.
    (pytester.path / "out").mkdir()
    result = run_on_demo_fixtures(
        pytester, "fake_adapters:dies_on_upper", "--conformance-report=out/report.json", "-n", "2"
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    report = json.loads((pytester.path / "out" / "report.json").read_text(encoding="utf-8"))
    assert report["ok"] is False
    assert len(report["outcomes"]) == 8
    [error] = [outcome for outcome in report["outcomes"] if outcome["status"] == "error"]
    assert error["id"] == "demo/0.25.0/upper-text"
    assert error["kit_error"] is True
    assert error["reason"].startswith("harness error: WorkerCrashed: worker 'gw")
    assert "crashed while running 'demo/0.25.0/upper-text'" in error["reason"]


def test_a_copy_of_a_workers_last_reply_fails_the_run(pytester: pytest.Pytester, child_env: None) -> None:
    # The copy comes after the worker's last test ended: the worker ends its
    # connection, finds it, and hands the controller the case's new outcome.
    command = f"cmd:{sys.executable} {TESTS_DIR / 'misbehaving_server.py'} double-500ms"
    result = run_on_demo_fixtures(pytester, command, "-k", "upper", "-n", "2")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "ERROR (after its test ended) demo/0.25.0/upper-text: after its reply to request 2 *",
            "*conformance: 0 passed, 0 failed, 0 unsupported, 0 not applicable, 1 errors*",
        ]
    )
