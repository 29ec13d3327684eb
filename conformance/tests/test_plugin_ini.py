"""The plugin's options from [tool.pytest.ini_options]: a project's defaults, the command line wins."""

from __future__ import annotations

import json

import pytest
from conftest import DEMO_FIXTURES

from codex_conformance import paths, plugin
from codex_conformance.properties import DEFAULT_EXAMPLES
from codex_conformance.session import SessionOptions

PYPROJECT = """\
[tool.pytest.ini_options]
conformance_impl = "fake_adapters:wrong_bytes"
conformance_editions = ["0.25.0"]
conformance_expected_failures = "ci/expected.toml"
conformance_report = "out/report.json"
conformance_timeout = "5"
conformance_examples = "0"
"""

EXPECTED = '[[expected-failure]]\ncase = "demo/0.25.0/*"\nreason = "wrong bytes everywhere"\n'


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makefile(".toml", pyproject=PYPROJECT)
    (pytester.path / "ci").mkdir()
    (pytester.path / "ci" / "expected.toml").write_text(EXPECTED, encoding="utf-8")
    (pytester.path / "out").mkdir()
    return pytester


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-p", "no:cacheprovider", f"--fixtures-dir={DEMO_FIXTURES}", *args)


def test_the_ini_file_sets_impl_editions_expected_failures_report_examples(
    project: pytest.Pytester,
) -> None:
    result = run(project)
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()[-2000:]
    result.assert_outcomes(xfailed=3, skipped=1)
    result.stdout.fnmatch_lines(["implementation: fake *", "property checks: disabled*"])
    report = json.loads((project.path / "out" / "report.json").read_text(encoding="utf-8"))
    assert (report["impl"], report["editions"]) == ("fake_adapters:wrong_bytes", ["0.25.0"])


def test_the_command_line_wins(project: pytest.Pytester) -> None:
    (project.path / "none.toml").write_text("", encoding="utf-8")
    result = run(
        project, "--impl=fake_adapters:correct", "--edition=0.169.0", "--expected-failures=none.toml",
        "--conformance-report=out/cli.json",
    )  # fmt: skip
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()[-2000:]
    report = json.loads((project.path / "out" / "cli.json").read_text(encoding="utf-8"))
    assert (report["impl"], report["editions"]) == ("fake_adapters:correct", ["0.169.0"])
    assert not (project.path / "out" / "report.json").exists()


def test_a_value_that_is_not_a_number_is_one_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makefile(".toml", pyproject='[tool.pytest.ini_options]\nconformance_timeout = "soon"\n')
    result = run(pytester, "--impl=fake_adapters:correct")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: conformance_timeout in the pytest configuration: not a number: 'soon'"]
    )


def test_the_plugins_defaults_are_the_kits() -> None:
    # No timeout: each transport's own default (SessionOptions.timeout None).
    assert {
        "conformance_timeout": SessionOptions(impl="x").timeout,
        "conformance_examples": DEFAULT_EXAMPLES,
    } == plugin._DEFAULTS


def test_the_docs_show_every_key() -> None:
    page = (paths.spec_dir().parent / "docs" / "certify.md").read_text(encoding="utf-8")
    example = page[page.index("[tool.pytest.ini_options]\nconformance_impl") :].split("```")[0]
    assert [line.split(" = ")[0] for line in example.splitlines()[1:] if line] == list(plugin._INI)
