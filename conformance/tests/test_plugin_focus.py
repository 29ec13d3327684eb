"""A port's own focused runs: the plugin acts only when an implementation is named AND
conformance items are selected, so node ids, -k and -m behave as in any plugin."""

from __future__ import annotations

import pytest
from conftest import DEMO_FIXTURES

PYPROJECT = '[tool.pytest.ini_options]\nconformance_impl = "fake_adapters:wrong_bytes"\n'
OWN_TESTS = "def test_a():\n    pass\n\n\ndef test_b():\n    pass\n"


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    """A port's project: conformance_impl in its pyproject.toml (failing cases), and its own tests."""
    pytester.makefile(".toml", pyproject=PYPROJECT)
    pytester.makepyfile(test_own=OWN_TESTS)
    return pytester


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    # xdist's workers are processes of their own: the whole run is one, as in test_plugin_xdist.py.
    runner = pytester.runpytest_subprocess if "-n" in args else pytester.runpytest
    return runner("-p", "no:cacheprovider", f"--fixtures-dir={DEMO_FIXTURES}", *args)


def assert_own_tests_alone(result: pytest.RunResult, passed: int) -> None:
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()[-2000:]
    result.assert_outcomes(passed=passed)
    result.stdout.no_fnmatch_line("*= codex-conformance =*")  # the summary section
    result.stdout.no_fnmatch_line("*conformance:*")


@pytest.mark.parametrize(
    ("args", "passed"),
    [
        (["test_own.py::test_a"], 1),
        (["test_own.py"], 2),
        (["-k", "test_a"], 1),
        (["-m", "not conformance"], 2),
        (["-m", "not conformance", "--strict-markers"], 2),
        (["-k", "test_a", "-n", "2"], 1),
    ],
    ids=["node-id", "file", "k", "m", "m-strict-markers", "k-xdist"],
)
def test_a_focused_run_runs_the_users_tests_alone(
    project: pytest.Pytester, args: list[str], passed: int, child_env: None
) -> None:
    assert_own_tests_alone(run(project, *args), passed)


@pytest.mark.parametrize("args", [[], ["."]], ids=["bare", "dot"])
def test_a_run_of_the_whole_project_runs_the_suite_too(project: pytest.Pytester, args: list[str]) -> None:
    result = run(project, *args)
    result.assert_outcomes(passed=2, failed=6, skipped=2)
    result.stdout.fnmatch_lines(["*conformance: 0 passed, 6 failed*"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_k_selecting_some_cases_still_reports_them(project: pytest.Pytester) -> None:
    result = run(project, "-k", "upper-text")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*conformance: 0 passed, 1 failed*"])


def test_the_marker_is_registered_without_an_implementation(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_own=OWN_TESTS)
    result = run(pytester, "--strict-markers", "-m", "conformance or not conformance")
    result.assert_outcomes(passed=2)
    markers = run(pytester, "--markers")
    markers.stdout.fnmatch_lines(["@pytest.mark.conformance: a codex-conformance case*"])


def test_a_focused_run_does_not_even_start_the_implementation(pytester: pytest.Pytester) -> None:
    pytester.makefile(".toml", pyproject='[tool.pytest.ini_options]\nconformance_impl = "no_such_module"\n')
    pytester.makepyfile(test_own=OWN_TESTS)
    assert_own_tests_alone(run(pytester, "test_own.py::test_a"), 1)
    unfocused = run(pytester)
    assert unfocused.ret == pytest.ExitCode.USAGE_ERROR
    unfocused.stderr.fnmatch_lines(["ERROR: --impl 'no_such_module': *"])


def test_a_named_test_file_still_gets_the_connection_fixture(project: pytest.Pytester) -> None:
    project.makepyfile(
        test_property="""
        def test_echo_answers(conformance_connection):
            response = conformance_connection.request("demo.echo", {"value": "a"})
            assert response.result == {"value": "a!"}  # wrong_bytes, the ini file's implementation
        """
    )
    assert_own_tests_alone(run(project, "test_property.py"), 1)
