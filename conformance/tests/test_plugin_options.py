"""One pytester test per plugin option, run in a directory with no conftest and no test file."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]  # no stubs in the project's lint extra
import pytest
from conftest import DEMO_FIXTURES, STAMP_ARGS, broken_fixtures

from codex_conformance import schemas
from codex_conformance.plugin import ALIASES

FIXTURES = f"--fixtures-dir={DEMO_FIXTURES}"


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("-p", "no:cacheprovider", FIXTURES, *args)


def test_without_impl_the_plugin_does_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_mine="def test_mine(): pass")
    result = run(pytester)
    result.assert_outcomes(passed=1)
    result.stdout.no_fnmatch_line("*conformance:*")


# A run: its options, its outcomes, lines it prints (in order), and its exit status.
RUNS = {
    "impl-runs-the-suite-with-case-ids": (
        ["--impl=fake_adapters:correct", "-v"],
        {"passed": 6, "skipped": 2},
        [
            "*collected 8 items",
            "demo/0.25.0/echo-key-order PASSED*",
            "demo/0.169.0/maybe-declined SKIPPED (not applicable*",
            "*conformance: 6 passed, 0 failed, 0 unsupported, 2 not applicable, 0 errors*",
        ],
        pytest.ExitCode.OK,
    ),
    "a-failure-shows-the-diff-and-clauses": (
        ["--impl=fake_adapters:wrong_bytes"],
        {"failed": 6, "skipped": 2},
        [
            "FAIL demo/0.169.0/echo-unicode: $.value: expected *",
            "clauses: DEMO-ECHO-1, DEMO-ECHO-2",
            "--- expected",
            "+++ actual",
        ],
        pytest.ExitCode.TESTS_FAILED,
    ),
    "a-harness-error-is-a-failure-marked-error": (
        ["--impl=fake_adapters:raises"],
        {"failed": 6, "skipped": 2},
        [
            "ERROR (harness): adapter raised on op 'demo.echo': RuntimeError*",
            "*conformance: 0 passed, 0 failed, 0 unsupported, 2 not applicable, 6 errors*",
        ],
        pytest.ExitCode.TESTS_FAILED,
    ),
    "edition-selects-cases": (
        ["--impl=fake_adapters:correct", "--edition=0.25.0"],
        {"passed": 3, "skipped": 1},
        ["editions: 0.25.0"],
        pytest.ExitCode.OK,
    ),
    "an-edition-the-impl-does-not-declare-is-not-applicable": (
        ["--impl=fake_adapters:only_0_169_0", "--edition=0.25.0"],
        {"skipped": 4},
        [
            "FAILED (nothing tested): all 4 items run were not applicable (*); the implementation "
            "declares ops demo.echo, demo.upper, demo.reject, demo.stamp, demo.bag and editions 0.169.0; "
            "editions run: 0.25.0",
            "*conformance: 0 passed, 0 failed, 0 unsupported, 4 not applicable, 0 errors*",
        ],
        pytest.ExitCode.NO_TESTS_COLLECTED,
    ),
    "a-declared-op-with-no-case-in-the-editions-run-is-named": (
        ["--impl=fake_adapters:only_0_169_0"],
        {"passed": 3, "skipped": 1},
        [
            "WARNING: declared op 'demo.upper' matched no case in the editions run",
            "WARNING: declared op 'demo.reject' matched no case in the editions run",
        ],
        pytest.ExitCode.OK,
    ),
}


@pytest.mark.parametrize(("options", "outcomes", "lines", "status"), RUNS.values(), ids=RUNS.keys())
def test_a_run_reports_its_outcomes_without_a_traceback(
    pytester: pytest.Pytester,
    options: list[str],
    outcomes: dict[str, int],
    lines: list[str],
    status: pytest.ExitCode,
) -> None:
    result = run(pytester, *options)
    result.assert_outcomes(**outcomes)
    result.stdout.fnmatch_lines(lines)
    # What went wrong is said in the kit's words, never as the plugin's own traceback.
    result.stdout.no_fnmatch_line("*pytest_run.py*")
    result.stdout.no_fnmatch_line("*Traceback*")
    assert result.ret == status


def test_impl_runs_alongside_the_users_own_tests(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_mine="def test_mine(): pass")
    result = run(pytester, "--impl=fake_adapters:correct")
    result.assert_outcomes(passed=7, skipped=2)


def test_impl_that_cannot_be_loaded_is_one_usage_error(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=no_such_module_xyz")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --impl 'no_such_module_xyz': no module named 'no_such_module_xyz'"])
    result.stderr.no_fnmatch_line("*Traceback*")


def test_a_run_that_tests_nothing_fails_naming_what_was_declared(pytester: pytest.Pytester) -> None:
    (pytester.path / "out").mkdir()
    result = run(pytester, "--impl=fake_adapters:no_ops", "--conformance-report=out/report.json")
    result.assert_outcomes(skipped=8)
    result.stdout.fnmatch_lines(
        [
            "FAILED (nothing tested): all 8 items run were not applicable (their ops: demo.bag, demo.echo, "
            "demo.future, demo.maybe, demo.reject, demo.stamp, demo.upper); the implementation declares "
            "ops (none) and editions 0.25.0, 0.94.0, 0.169.0; editions run: 0.25.0, 0.94.0, 0.169.0",
        ]
    )
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    report = json.loads((pytester.path / "out" / "report.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, schemas.schema("report.schema.json"))
    assert report["ok"] is False
    assert report["nothing_tested"].startswith("all 8 items run were not applicable")
    assert "- result: **NOT OK**" in (pytester.path / "out" / "report.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("adapter", "message"),
    [
        (
            "misspelled_op",
            "hello declares op 'demo.ecko' that the kit does not know (did you mean 'demo.echo'?); "
            "known ops: apply_patch.apply, *, demo.bag, demo.echo, *",
        ),
        (
            "short_edition",
            "hello declares edition '0.25' that the kit does not know (did you mean '0.25.0'?); "
            "known editions: 0.25.0, 0.94.0, 0.169.0, 0.171.0",
        ),
    ],
)
def test_a_declared_op_or_edition_the_kit_does_not_know_is_a_usage_error(
    pytester: pytest.Pytester, adapter: str, message: str
) -> None:
    result = run(pytester, f"--impl=fake_adapters:{adapter}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: --impl 'fake_adapters:{adapter}': {message}"])
    result.stdout.no_fnmatch_line("*passed*")


def test_unknown_edition_is_a_usage_error_listing_the_known_ones(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", "--edition=9.9.9")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: unknown edition '9.9.9'; known editions: 0.25.0, 0.94.0, 0.169.0, 0.171.0"]
    )


def test_conformance_report_is_written_and_matches_the_schema(pytester: pytest.Pytester) -> None:
    (pytester.path / "out").mkdir()
    result = run(pytester, "--impl=fake_adapters:wrong_bytes", "--conformance-report=out/report.json")
    assert result.ret == 1
    report = json.loads((pytester.path / "out" / "report.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, schemas.schema("report.schema.json"))
    assert report["summary"] == {
        "passed": 0,
        "failed": 6,
        "unsupported": 0,
        "expected_failures": 0,
        "not_applicable": 2,
        "errors": 0,
    }
    markdown = (pytester.path / "out" / "report.md").read_text(encoding="utf-8")
    assert "### `DEMO-ECHO-2` (1 failing)" in markdown


def write_expected_failures(pytester: pytest.Pytester, body: str) -> str:
    path = pytester.path / "expected.toml"
    path.write_text(body, encoding="utf-8")
    return f"--expected-failures={path}"


def test_expected_failures_become_xfail(pytester: pytest.Pytester) -> None:
    option = write_expected_failures(
        pytester,
        '[[expected-failure]]\ncase = "demo/*"\nreason = "known to be wrong"\n',
    )
    result = run(pytester, "--impl=fake_adapters:wrong_bytes", option, "-rx")
    result.assert_outcomes(xfailed=6, skipped=2)
    result.stdout.fnmatch_lines(["XFAIL demo/0.25.0/upper-text - known to be wrong*"])
    assert result.ret == 0


@pytest.mark.parametrize(
    ("case", "reason", "complaint", "counted"),
    [
        ("demo/0.25.0/typo", "x", "matches no case in the fixtures", "1 stale entry"),
        ("demo/0.25.0/upper-text", "was broken", "is an unexpected pass", "1 unexpected pass"),
    ],
    ids=["stale", "unexpected-pass"],
)
def test_an_entry_a_correct_run_does_not_need_fails_the_run(
    pytester: pytest.Pytester, case: str, reason: str, complaint: str, counted: str
) -> None:
    entry = f'[[expected-failure]]\ncase = "{case}"\nreason = "{reason}"\n'
    option = write_expected_failures(pytester, entry)
    result = run(pytester, "--impl=fake_adapters:correct", option)
    result.assert_outcomes(passed=6, skipped=2)
    result.stdout.fnmatch_lines([f"*expected-failure '{case}' {complaint}*"])
    # pytest's own last line says why the run fails, not only "6 passed".
    result.stdout.fnmatch_lines([f"=* 6 passed, 2 skipped, {counted} in *"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_several_unexpected_passes_are_counted_in_the_last_line(pytester: pytest.Pytester) -> None:
    entries = "".join(
        f'[[expected-failure]]\ncase = "demo/0.25.0/{name}"\nreason = "was broken"\n'
        for name in ("upper-text", "reject-empty", "gone")
    )
    result = run(pytester, "--impl=fake_adapters:correct", write_expected_failures(pytester, entries), "-q")
    result.stdout.fnmatch_lines(["6 passed, 2 skipped, 2 unexpected passes, 1 stale entry in *"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_malformed_expected_failures_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    option = write_expected_failures(pytester, '[[expected-failure]]\ncase = "demo/*"\n')
    result = run(pytester, "--impl=fake_adapters:correct", option)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["ERROR: expected-failures file *: expected-failure.0.reason: Field required*"]
    )


def test_k_selects_by_case_id(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", "-k", "demo/0.25.0 and not reject")
    result.assert_outcomes(passed=2, skipped=1)


def test_k_selects_by_op(pytester: pytest.Pytester) -> None:
    # Case ids name the area, not the op: the op is one of each item's keywords.
    result = run(pytester, "--impl=fake_adapters:correct", "-k", "demo.upper or demo.bag", "-v")
    result.assert_outcomes(passed=2)
    result.stdout.fnmatch_lines(["demo/0.25.0/upper-text PASSED*", "demo/0.169.0/bag-any-order PASSED*"])


def test_op_and_area_select_cases(pytester: pytest.Pytester) -> None:
    result = run(
        pytester, "--impl=fake_adapters:correct", "--op=demo.echo", "--op=demo.reject", "--area=demo"
    )
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(["*collected 3 items"])


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("--op=demo.ech", "--op 'demo.ech': no such op; known ops: apply_patch.apply, *, demo.bag, *"),
        ("--area=dmo", "--area 'dmo': no such area; known areas: apply_patch, approvals, chat, demo, *"),
    ],
)
def test_an_unknown_op_or_area_is_a_usage_error(pytester: pytest.Pytester, option: str, message: str) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", option)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: {message}"])


def test_collect_only_lists_case_ids(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", "--collect-only", "-q")
    result.stdout.fnmatch_lines(["demo/0.25.0/echo-key-order", "demo/0.25.0/future-op", "8 tests collected*"])


def test_x_stops_at_the_first_failure(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:wrong_bytes", "-x")
    result.assert_outcomes(failed=1)


def test_unsupported_to_a_declared_op_fails_the_run_counted_apart(pytester: pytest.Pytester) -> None:
    (pytester.path / "out").mkdir()
    result = run(
        pytester,
        "--impl=fake_adapters:declining",
        "--conformance-report=out/report.json",
        "--junitxml=junit.xml",
    )
    result.assert_outcomes(passed=6, failed=1, skipped=1)
    result.stdout.fnmatch_lines(
        [
            "UNSUPPORTED demo/0.169.0/maybe-declined: implementation answered unsupported to a declared op: "
            "feature 'exotic' is not implemented",
            "clauses: DEMO-MAYBE-1",
            "*conformance: 6 passed, 0 failed, 1 unsupported, 1 not applicable, 0 errors*",
        ]
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    report = json.loads((pytester.path / "out" / "report.json").read_text(encoding="utf-8"))
    jsonschema.validate(report, schemas.schema("report.schema.json"))
    summary = report["summary"]
    assert (report["ok"], summary["unsupported"], summary["not_applicable"]) == (False, 1, 1)
    markdown = (pytester.path / "out" / "report.md").read_text(encoding="utf-8")
    assert "## Unsupported answers to declared ops (1)" in markdown
    assert "- `demo/0.169.0/maybe-declined`: DEMO-MAYBE-1" in markdown
    junit = (pytester.path / "junit.xml").read_text(encoding="utf-8")
    assert '<property name="conformance_unsupported" value="1" />' in junit
    assert 'message="UNSUPPORTED demo/0.169.0/maybe-declined' in junit


def test_an_expected_unsupported_answer_is_an_xfail(pytester: pytest.Pytester) -> None:
    option = write_expected_failures(
        pytester, '[[expected-failure]]\ncase = "demo/0.169.0/maybe-declined"\nreason = "not ported yet"\n'
    )
    result = run(pytester, "--impl=fake_adapters:declining", option, "-rx")
    result.assert_outcomes(passed=6, xfailed=1, skipped=1)
    result.stdout.fnmatch_lines(
        ["*conformance: 6 passed, 0 failed, 0 unsupported, 1 not applicable, 0 errors, 1 expected failures*"]
    )
    result.stdout.fnmatch_lines(["XFAIL demo/0.169.0/maybe-declined - not ported yet [unsupported: *"])
    assert result.ret == 0


def test_not_applicable_is_counted_separately(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", "--edition=0.25.0")
    result.assert_outcomes(passed=3, skipped=1)
    result.stdout.fnmatch_lines(
        ["*conformance: 3 passed, 0 failed, 0 unsupported, 1 not applicable, 0 errors*"]
    )


def test_conformance_timeout_applies_to_cmd_impls(pytester: pytest.Pytester, child_env: None) -> None:
    import sys

    from conftest import TESTS_DIR

    command = f"cmd:{sys.executable} {TESTS_DIR / 'misbehaving_server.py'} hang"
    result = run(pytester, f"--impl={command}", "--conformance-timeout=0.5", "-k", "upper or echo")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["ERROR (harness): no response within 0.5 s*"])


def test_a_copy_of_the_last_reply_fails_the_run_after_its_test_passed(
    pytester: pytest.Pytester, child_env: None
) -> None:
    import sys

    from conftest import TESTS_DIR

    command = f"cmd:{sys.executable} {TESTS_DIR / 'misbehaving_server.py'} double-500ms"
    result = run(pytester, f"--impl={command}", "-k", "upper")
    result.assert_outcomes(passed=1)  # the copy came after the case's test had ended ...
    assert result.ret == pytest.ExitCode.TESTS_FAILED  # ... and fails the run, attributed to that case
    result.stdout.fnmatch_lines(
        [
            "ERROR (after its test ended) demo/0.25.0/upper-text: after its reply to request 2 *",
            "*conformance: 0 passed, 0 failed, 0 unsupported, 0 not applicable, 1 errors*",
        ]
    )


def test_conformance_timeout_applies_to_in_process_impls(pytester: pytest.Pytester) -> None:
    result = run(
        pytester, "--impl=fake_adapters:slow_upper", "--conformance-timeout=0.5", "-k", "upper or echo"
    )
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["ERROR (harness): hung: no answer within 0.5 s*"])


def test_a_case_run_twice_is_shown_in_the_summary(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:rerunning", "-k", "upper")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["demo/0.25.0/upper-text (pass): ran twice: stalled: *"])


def test_strict_runs_makes_a_case_run_twice_an_error(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:rerunning", "--strict-runs", "-k", "upper")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["ERROR (harness): ran twice: stalled: * (an error with --strict-runs; it would have been: pass)"]
    )


def test_fixtures_dir_that_does_not_exist_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--impl=fake_adapters:correct", "--fixtures-dir=nowhere")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: fixtures directory nowhere does not exist"])


def test_conformance_connection_fixture_reaches_the_impl(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_property="""
        def test_echo_round_trips(conformance_connection):
            response = conformance_connection.request("demo.echo", {"value": [1, 2.0]})
            assert response.result == {"value": [1, 2.0]}
        """
    )
    result = run(pytester, "--impl=fake_adapters:correct", "test_property.py", "-k", "round_trips")
    result.assert_outcomes(passed=1)


# --- bad inputs: one line, exit 4 (pytest's usage error), nothing run ------------------------


def assert_one_usage_error(result: pytest.RunResult, message: str) -> None:
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    lines = [line for line in result.stderr.lines if line.strip()]
    assert lines == [f"ERROR: {message}"] or (len(lines) == 1 and lines[0].startswith(f"ERROR: {message}"))
    result.stdout.no_fnmatch_line("*INTERNALERROR*")
    result.stdout.no_fnmatch_line("*passed*")


def assert_misc_broken_is_one_usage_error(
    pytester: pytest.Pytester, tmp_path: Path, old: str, new: str, message: str
) -> None:
    """A run on the demo fixtures with ``old`` made ``new`` in misc.json: one usage error naming the file."""
    fixtures = broken_fixtures(tmp_path, old, new)
    result = pytester.runpytest("-p", "no:cacheprovider", "--impl=fake_adapters:correct", fixtures)
    assert_one_usage_error(result, f"{tmp_path}/fixtures/demo/misc.json: {message}")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            STAMP_ARGS.replace('"shell"', "[" * 100_000 + "]" * 100_000),
            "not readable JSON: nested too deep to parse",
        ),
        (
            STAMP_ARGS.replace('"shell"', "9" * 5000),
            "not readable JSON: Exceeds the limit (4300 digits) for integer string conversion: "
            "value has 5000 digits",
        ),
        (
            STAMP_ARGS.replace('"shell"', "[" * 150 + "]" * 150),
            "case 0 (demo/0.169.0/stamp-call-id) is nested 152 levels deep; "
            "a case may nest at most 100 levels",
        ),
        (STAMP_ARGS.replace('"shell"', "NaN"), "not readable JSON: NaN is not JSON"),
    ],
)
def test_a_case_file_the_kit_cannot_read_is_one_usage_error(
    pytester: pytest.Pytester, tmp_path: Path, args: str, message: str
) -> None:
    assert_misc_broken_is_one_usage_error(pytester, tmp_path, STAMP_ARGS, args, message)


def test_a_schema_invalid_case_names_the_file_case_field_and_problem(
    pytester: pytest.Pytester, tmp_path: Path
) -> None:
    assert_misc_broken_is_one_usage_error(
        pytester,
        tmp_path,
        '"clauses": ["DEMO-BAG-1"]',
        '"clauses": []',
        "not a valid fixture file: case 1 (demo/0.169.0/bag-any-order): "
        "clauses: List should have at least 1 item after validation, not 0 "
        "(run 'codex-conformance fixtures lint')",
    )


def test_a_schema_invalid_case_file_names_the_first_few_errors(
    pytester: pytest.Pytester, tmp_path: Path
) -> None:
    assert_misc_broken_is_one_usage_error(
        pytester,
        tmp_path,
        '"edition": "0.169.0"',
        '"edition": 169',
        "not a valid fixture file: "
        "case 0 (demo/0.169.0/stamp-call-id): edition: Input should be a valid string; "
        "case 1 (demo/0.169.0/bag-any-order): edition: Input should be a valid string; "
        "case 2 (demo/0.169.0/maybe-declined): edition: Input should be a valid string (run",
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("a = " + "[" * 100_000 + "]" * 100_000 + "\n", "not valid TOML: nested too deep to read"),
        ("a = " + "{b = " * 100_000 + "1" + "}" * 100_000 + "\n", "not valid TOML: nested too deep to read"),
        ("a = " + "9" * 5000 + "\n", "not valid TOML: Exceeds the limit (4300 digits)"),
    ],
)
def test_an_expected_failures_file_the_kit_cannot_read_is_one_usage_error(
    pytester: pytest.Pytester, body: str, message: str
) -> None:
    option = write_expected_failures(pytester, body)
    result = run(pytester, "--impl=fake_adapters:correct", option)
    assert_one_usage_error(result, f"expected-failures file {pytester.path / 'expected.toml'}: {message}")


@pytest.mark.parametrize("timeout", ["nan", "inf", "0", "-1", "1e300"])
def test_a_timeout_the_transport_cannot_use_is_one_usage_error(
    pytester: pytest.Pytester, timeout: str
) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", f"--conformance-timeout={timeout}")
    assert_one_usage_error(
        result,
        "--conformance-timeout must be a number of seconds above 0 and at most 86400, "
        f"got {float(timeout):g}",
    )


def test_negative_examples_is_one_usage_error(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", "--conformance-examples=-1")
    assert_one_usage_error(result, "--conformance-examples must be 0 or more, got -1")


def test_a_report_path_that_is_a_directory_fails_before_the_run(pytester: pytest.Pytester) -> None:
    (pytester.path / "out").mkdir()
    result = run(pytester, "--impl=fake_adapters:correct", "--conformance-report=out")
    assert_one_usage_error(result, "--conformance-report out: is a directory")


def test_a_report_whose_folders_do_not_exist_creates_them(pytester: pytest.Pytester) -> None:
    # As --junitxml does: a CI job names reports/conformance.json in a fresh checkout.
    result = run(pytester, "--impl=fake_adapters:correct", "--conformance-report=missing/deeper/report.json")
    assert result.ret == pytest.ExitCode.OK
    assert json.loads((pytester.path / "missing/deeper/report.json").read_text(encoding="utf-8"))["ok"]
    assert (pytester.path / "missing/deeper/report.md").is_file()


def test_a_report_under_a_file_fails_before_the_run(pytester: pytest.Pytester) -> None:
    (pytester.path / "taken").write_text("", encoding="utf-8")
    result = run(pytester, "--impl=fake_adapters:correct", "--conformance-report=taken/sub/report.json")
    assert_one_usage_error(result, "--conformance-report taken/sub/report.json: taken is not a directory")


def test_a_report_named_md_would_be_overwritten_by_its_summary(pytester: pytest.Pytester) -> None:
    result = run(pytester, "--impl=fake_adapters:correct", "--conformance-report=report.md")
    assert_one_usage_error(
        result, "--conformance-report report.md: the Markdown summary goes beside the report"
    )


def test_a_fixtures_dir_that_is_a_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    (pytester.path / "cases.json").write_text("{}", encoding="utf-8")
    result = pytester.runpytest(
        "-p", "no:cacheprovider", "--impl=fake_adapters:correct", "--fixtures-dir=cases.json"
    )
    assert_one_usage_error(result, "fixtures directory cases.json is not a directory")


# --- every option under the --conformance- prefix, its old name an alias ------------------------

# Each alias with a value it is given, and the dest both spellings fill.
ALIAS_VALUES = {
    "--impl": ("conformance_impl", "fake_adapters:correct", "fake_adapters:correct"),
    "--edition": ("conformance_editions", "0.25.0", ["0.25.0"]),
    "--op": ("conformance_ops", "demo.echo", ["demo.echo"]),
    "--area": ("conformance_areas", "demo", ["demo"]),
    "--expected-failures": ("conformance_expected_failures", "x.toml", Path("x.toml")),
    "--write-expected-failures": ("conformance_write_expected_failures", "w.toml", Path("w.toml")),
    "--prune-expected-failures": ("conformance_prune_expected_failures", None, True),
    "--strict-runs": ("conformance_strict_runs", None, True),
    "--fixtures-dir": ("conformance_fixtures_dir", "cases", Path("cases")),
}


def test_every_alias_has_a_value_here() -> None:
    assert set(ALIAS_VALUES) == set(ALIASES.values())


@pytest.mark.parametrize("alias", sorted(ALIAS_VALUES))
def test_the_old_name_and_the_prefixed_name_set_the_same_option(
    pytester: pytest.Pytester, alias: str
) -> None:
    dest, value, parsed = ALIAS_VALUES[alias]
    [flag] = [flag for flag, old in ALIASES.items() if old == alias]
    for spelling in (flag, alias):
        config = pytester.parseconfig(spelling if value is None else f"{spelling}={value}")
        assert getattr(config.option, dest) == parsed, spelling


def test_help_names_each_option_by_its_prefixed_name_first(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "--help")
    # pytest lists an option's names in the order given: the prefixed one, then the alias.
    result.stdout.fnmatch_lines_random([f"*{flag}*, {alias}*" for flag, alias in ALIASES.items()])
