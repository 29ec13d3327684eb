"""Every failing case shows its input: args, fixture file and id, and a command that runs it alone.

In pytest's failure text (so in JUnit's too), in report.md and in
report.json, for both front ends; the command selects exactly that case even
where another case's id begins with its id.
"""

from __future__ import annotations

import json
import shlex
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import DEMO_FIXTURES

from codex_conformance.case_input import ARGS_SHOWN, rerun_command, shown_args
from codex_conformance.cli import main
from codex_conformance.report import _code


def fixtures_with_a_prefix_id(tmp_path: Path) -> Path:
    """The demo fixtures plus ``demo/0.25.0/upper``, whose id begins ``demo/0.25.0/upper-text``'s."""
    fixtures = tmp_path / "fixtures"
    shutil.copytree(DEMO_FIXTURES, fixtures)
    path = fixtures / "demo" / "echo.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    upper_text = next(case for case in raw["cases"] if case["id"] == "demo/0.25.0/upper-text")
    raw["cases"].append({**upper_text, "id": "demo/0.25.0/upper"})
    path.write_text(json.dumps(raw), encoding="utf-8")
    return fixtures


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-p", "no:cacheprovider", "--conformance-examples=0", *args)


def test_a_pytest_failure_shows_args_fixture_and_a_rerun_command_that_selects_it_alone(
    pytester: pytest.Pytester,
) -> None:
    fixtures = fixtures_with_a_prefix_id(pytester.path)
    result = run(pytester, f"--fixtures-dir={fixtures}", "--impl=fake_adapters:wrong_bytes")
    result.stdout.fnmatch_lines(
        [
            "FAIL demo/0.25.0/upper-text: *",
            "clauses: *",
            'args: {"text": *}',
            "fixture: demo/echo.json (case demo/0.25.0/upper-text)",
            # "[[]" is fnmatch's "[".
            "re-run: pytest --conformance-impl=fake_adapters:wrong_bytes *-k '[[]demo/0.25.0/upper-text]'",
        ]
    )
    rerun = next(
        line for line in result.outlines if line.startswith("re-run: pytest ") and "upper-text" in line
    )
    command = shlex.split(rerun.removeprefix("re-run: "))
    assert command[0] == "pytest"
    alone = run(pytester, *command[1:])
    alone.assert_outcomes(failed=1)
    prefix = run(
        pytester,
        f"--fixtures-dir={fixtures}",
        "--impl=fake_adapters:wrong_bytes",
        "-k",
        "[demo/0.25.0/upper]",
    )
    prefix.assert_outcomes(failed=1)  # a bare "-k demo/0.25.0/upper" selects both
    both = run(
        pytester, f"--fixtures-dir={fixtures}", "--impl=fake_adapters:wrong_bytes", "-k", "demo/0.25.0/upper"
    )
    both.assert_outcomes(failed=2)


def test_a_passing_case_shows_no_input(pytester: pytest.Pytester, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    run(
        pytester,
        f"--fixtures-dir={DEMO_FIXTURES}",
        "--impl=fake_adapters:wrong_echo",
        f"--conformance-report={report}",
    )
    outcomes = {
        outcome["id"]: outcome for outcome in json.loads(report.read_text(encoding="utf-8"))["outcomes"]
    }
    failing = outcomes["demo/0.169.0/echo-unicode"]
    assert failing["status"] == "fail"
    assert failing["args"] == '{"value": "héllo — 😀"}'
    assert failing["fixture"] == "demo/echo.json"
    assert failing["rerun"].endswith("-k '[demo/0.169.0/echo-unicode]'")
    passing = outcomes["demo/0.25.0/upper-text"]
    assert passing["status"] == "pass"
    assert (passing["args"], passing["fixture"], passing["rerun"]) == ("", "", "")


def test_certify_reports_show_the_input_and_a_certify_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fixtures = fixtures_with_a_prefix_id(tmp_path)
    report = tmp_path / "report.json"
    main(
        [
            "certify",
            "fake_adapters:wrong_bytes",
            f"--fixtures-dir={fixtures}",
            "--quiet",
            "--examples=0",
            "--report",
            str(report),
        ]
    )
    markdown = report.with_suffix(".md").read_text(encoding="utf-8")
    assert "  - fixture: `demo/echo.json`" in markdown
    assert '  - args: `{"text": ' in markdown
    outcomes = {
        outcome["id"]: outcome for outcome in json.loads(report.read_text(encoding="utf-8"))["outcomes"]
    }
    rerun = outcomes["demo/0.25.0/upper"]["rerun"]
    impl = "codex-conformance certify fake_adapters:wrong_bytes"
    assert rerun == f"{impl} --fixtures-dir {fixtures} -k '[demo/0.25.0/upper]'"
    capsys.readouterr()
    alone = tmp_path / "alone.json"
    main([*shlex.split(rerun)[1:], "--quiet", "--examples=0", "--report", str(alone)])
    ran = [outcome["id"] for outcome in json.loads(alone.read_text(encoding="utf-8"))["outcomes"]]
    assert ran == ["demo/0.25.0/upper"]


def test_junit_failures_carry_the_input(pytester: pytest.Pytester) -> None:
    run(
        pytester,
        f"--fixtures-dir={DEMO_FIXTURES}",
        "--impl=fake_adapters:wrong_bytes",
        "--junitxml=junit.xml",
    )
    root = ET.parse(pytester.path / "junit.xml").getroot()
    failures = {case.attrib["name"]: case.find("failure") for case in root.iter("testcase")}
    failure = failures["demo.0.25.0.upper-text"]
    assert failure is not None
    assert "fixture: demo/echo.json (case demo/0.25.0/upper-text)" in (failure.text or "")
    assert "re-run: pytest " in (failure.text or "")


def test_long_args_are_cut_with_a_marker() -> None:
    short = {"argv": ["git", "branch", "-d", "feature"]}
    assert shown_args(short) == '{"argv": ["git", "branch", "-d", "feature"]}'
    long = {"patch": "x" * 5_000}
    shown = shown_args(long)
    assert shown.startswith('{"patch": "xxx')
    assert shown.endswith(
        f"... [args cut: {ARGS_SHOWN:,} of 5,013 characters shown; the whole case is in its fixture file]"
    )
    assert len(shown) < ARGS_SHOWN + 120


def test_markdown_code_spans_hold_any_backticks() -> None:
    assert _code("plain") == "`plain`"
    assert _code("a `b` c") == "``a `b` c``"
    assert _code("`x``") == "``` `x`` ```"


def test_the_rerun_command_quotes_the_impl_and_keeps_the_level_and_fixtures() -> None:
    assert (
        rerun_command("pytest", "cmd:node adapter.js", "mcp/0.25.0/a", level="behaviour")
        == "pytest '--conformance-impl=cmd:node adapter.js' --conformance-level=behaviour -k '[mcp/0.25.0/a]'"
    )
    assert (
        rerun_command("certify", "cmd:node adapter.js", "mcp/0.25.0/a", fixtures_dir=Path("my fixtures"))
        == "codex-conformance certify 'cmd:node adapter.js' --fixtures-dir 'my fixtures' -k '[mcp/0.25.0/a]'"
    )
    assert shlex.split(rerun_command("pytest", "reference", "mcp/0.25.0/a"))[-2:] == ["-k", "[mcp/0.25.0/a]"]
