"""``codex-conformance certify`` / ``serve`` / ``schemas``: exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]  # no stubs in the project's lint extra
import pytest
from conftest import DEMO_FIXTURES, STAMP_ARGS, TESTS_DIR, broken_fixtures, expected_failures_file

from codex_conformance import schemas
from codex_conformance.cli import main

FIXTURES = f"--fixtures-dir={DEMO_FIXTURES}"


def test_certify_a_correct_impl_exits_0_with_markdown_and_progress(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report_path = tmp_path / "report.json"
    assert main(["certify", "fake_adapters:correct", FIXTURES, f"--report={report_path}"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("# Conformance report: fake 0.0.1\n")
    assert "| `demo.echo` | 0.25.0 | 1 | 0 | 0 | 0 | 0 | 0 |" in out
    assert "[8/8] conformance: 6 passed, 0 failed, 0 unsupported, 2 not applicable, 0 errors" in err
    jsonschema.validate(
        json.loads(report_path.read_text(encoding="utf-8")), schemas.schema("report.schema.json")
    )
    assert report_path.with_suffix(".md").read_text(encoding="utf-8") == out


@pytest.mark.parametrize("adapter", ["wrong_bytes", "raises", "malformed"])
def test_certify_exits_1_on_a_fail_or_error(adapter: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", f"fake_adapters:{adapter}", FIXTURES, "--quiet"]) == 1
    assert "**NOT OK**" in capsys.readouterr().out


def test_certify_exits_1_on_an_unsupported_answer_to_a_declared_op(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["certify", "fake_adapters:declining", FIXTURES]) == 1
    out, err = capsys.readouterr()
    assert "**NOT OK** (conformance: 6 passed, 0 failed, 1 unsupported, 1 not applicable, 0 errors)" in out
    assert "| `demo.maybe` | 0.169.0 | 0 | 0 | 1 | 0 | 0 | 0 |" in out
    reason = "implementation answered unsupported to a declared op: feature 'exotic' is not implemented"
    assert f"### {reason} (1)" in out
    assert "[8/8] conformance: 6 passed, 0 failed, 1 unsupported, 1 not applicable, 0 errors" in err


def test_certify_exits_0_when_the_unsupported_answer_is_expected(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    entry = {"case": "demo/0.169.0/maybe-declined", "reason": "later"}
    expected = expected_failures_file(tmp_path / "expected.toml", entry)
    assert main(["certify", "fake_adapters:declining", FIXTURES, f"--expected-failures={expected}"]) == 0
    out = capsys.readouterr().out
    assert "- `demo/0.169.0/maybe-declined` (unsupported): later" in out
    assert "- `demo/0.169.0/maybe-declined` (expected): DEMO-MAYBE-1" in out


def test_certify_exits_0_when_every_failure_is_expected(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    expected = expected_failures_file(tmp_path / "expected.toml", {"case": "demo/*", "reason": "all wrong"})
    assert main(["certify", "fake_adapters:wrong_bytes", FIXTURES, f"--expected-failures={expected}"]) == 0
    assert "## Expected failures (6)" in capsys.readouterr().out


def test_certify_exits_1_on_a_stale_expected_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    entry = {"case": "demo/0.25.0/upper-text", "reason": "old"}
    expected = expected_failures_file(tmp_path / "expected.toml", entry)
    assert (
        main(["certify", "fake_adapters:correct", FIXTURES, "--quiet", f"--expected-failures={expected}"])
        == 1
    )
    assert "is an unexpected pass" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("selection", "cells"),
    [
        (["--op=demo.echo"], ["| `demo.echo` | 0.25.0 | 1 |", "| `demo.echo` | 0.169.0 | 1 |"]),
        (["--area=demo", "--op=demo.bag"], ["| `demo.bag` | 0.169.0 | 1 |"]),
        (["-k", "demo.echo and not unicode"], ["| `demo.echo` | 0.25.0 | 1 |"]),
        (
            ["-k", "0.169.0 and (bag or stamp)"],
            ["| `demo.bag` | 0.169.0 | 1 |", "| `demo.stamp` | 0.169.0 | 1 |"],
        ),
    ],
)
def test_certify_selects_by_op_area_and_keyword(
    selection: list[str], cells: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["certify", "fake_adapters:correct", FIXTURES, "--quiet", *selection]) == 0
    table = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| `")]
    assert [line[: len(cell)] for line, cell in zip(table, cells, strict=False)] == cells
    assert len(table) == len(cells)


def test_certify_exits_3_when_nothing_was_tested(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "fake_adapters:no_ops", FIXTURES, "--quiet"]) == 3
    out, err = capsys.readouterr()
    assert "- nothing tested: all 8 items run were not applicable" in out
    assert err.startswith("codex-conformance: nothing tested: all 8 items run were not applicable")
    assert "the implementation declares ops (none) and editions 0.25.0, 0.94.0, 0.169.0" in err


def test_certify_names_a_declared_op_with_no_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["certify", "fake_adapters:only_0_169_0", FIXTURES, "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert "- declared op `demo.upper` matched no case in the editions run" in out
    assert "warning: declared op 'demo.upper' matched no case in the editions run" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["certify", "fake_adapters:misspelled_op", FIXTURES],
            "hello declares op 'demo.ecko' that the kit does not know (did you mean 'demo.echo'?)",
        ),
        (
            ["certify", "fake_adapters:short_edition", FIXTURES],
            "hello declares edition '0.25' that the kit does not know (did you mean '0.25.0'?); "
            "known editions: 0.25.0, 0.94.0, 0.169.0",
        ),
        (
            ["certify", "no_such_module_xyz"],
            "--impl 'no_such_module_xyz': no module named 'no_such_module_xyz'",
        ),
        (
            ["certify", "cmd:/nonexistent/adapter --flag"],
            "--impl 'cmd:/nonexistent/adapter --flag': hello failed: "
            "cannot start '/nonexistent/adapter --flag'",
        ),
        (
            ["certify", "fake_adapters:correct", "--fixtures-dir=/nowhere"],
            "fixtures directory /nowhere does not exist",
        ),
        (["certify", "fake_adapters:correct", "--edition=1.0.0"], "unknown edition '1.0.0'; known editions:"),
        (["certify", "fake_adapters:correct", FIXTURES, "--op=demo.ech"], "--op 'demo.ech': no such op"),
        (["certify", "fake_adapters:correct", FIXTURES, "--area=dmo"], "--area 'dmo': no such area"),
        (
            ["certify", "fake_adapters:correct", FIXTURES, "-k", "echo and"],
            "-k 'echo and': not a valid expression: expected not OR left parenthesis OR identifier",
        ),
        (["certify", "fake_adapters:correct", "--expected-failures=/nowhere.toml"], "expected-failures file"),
        (
            ["certify", "fake_adapters:future_protocol"],
            "speaks adapter protocol 2; this kit speaks protocol 1",
        ),
        (["serve", "cmd:true"], "serve needs a Python adapter"),
        (["serve", "no_such_module_xyz"], "no module named 'no_such_module_xyz'"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("codex-conformance: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_a_malformed_expected_failures_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = tmp_path / "expected.toml"
    expected.write_text("[[expected-failure]\n", encoding="utf-8")
    assert main(["certify", "fake_adapters:correct", FIXTURES, f"--expected-failures={expected}"]) == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_no_traceback_from_the_installed_command(child_env: None) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "codex_conformance", "certify", "no_such_module_xyz"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == (
        "codex-conformance: error: --impl 'no_such_module_xyz': no module named 'no_such_module_xyz'\n"
    )


def test_serve_speaks_json_lines(child_env: None) -> None:
    requests = [
        {"id": 1, "op": "hello", "args": {}},
        {"id": 2, "op": "demo.echo", "args": {"value": {"b": 1, "a": 2}}},
        {"id": 3, "op": "demo.upper", "args": {}},  # the adapter raises KeyError
    ]
    result = subprocess.run(
        [sys.executable, "-m", "codex_conformance", "serve", "fake_adapters:correct"],
        input="".join(json.dumps(request) + "\n" for request in requests),
        capture_output=True,
        text=True,
        check=True,
        cwd=TESTS_DIR,
    )
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [reply["id"] for reply in replies] == [1, 2, 3]
    assert replies[0]["result"]["protocol"] == 1
    assert result.stdout.splitlines()[1] == '{"id": 2, "result": {"value": {"b": 1, "a": 2}}}'
    assert replies[2]["error"]["kind"] == "internal"
    assert "KeyError" in replies[2]["error"]["message"]


def test_schemas_check_and_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schemas", f"--spec-dir={tmp_path}"]) == 1
    assert main(["schemas", "--write", f"--spec-dir={tmp_path}"]) == 0
    assert main(["schemas", f"--spec-dir={tmp_path}"]) == 0
    assert sorted(path.name for path in (tmp_path / "schemas").iterdir()) == sorted(schemas.generate())


# --- certify: every bad input is one line and exit 2, before any case runs -------------------


def bad_certify_inputs(tmp_path: Path) -> list[tuple[list[str], str]]:
    (tmp_path / "a-directory").mkdir()
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    deep_toml = tmp_path / "deep.toml"
    deep_toml.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    misc = f"{tmp_path}/fixtures/demo/misc.json"
    return [
        *(
            (
                [FIXTURES, f"--timeout={value}"],
                f"--timeout must be a number of seconds above 0 and at most 86400, got {value}",
            )
            for value in ("nan", "inf", "0", "-1")
        ),
        ([FIXTURES, "--examples=-1"], "--examples must be 0 or more, got -1"),
        (
            [FIXTURES, f"--report={tmp_path / 'a-directory'}"],
            f"--report {tmp_path / 'a-directory'}: is a directory",
        ),
        (
            [FIXTURES, f"--report={tmp_path / 'a-file' / 'r.json'}"],
            f"--report {tmp_path / 'a-file' / 'r.json'}: {tmp_path / 'a-file'} is not a directory",
        ),
        (
            [FIXTURES, f"--expected-failures={deep_toml}"],
            f"expected-failures file {deep_toml}: not valid TOML: nested too deep to read",
        ),
        (
            [
                broken_fixtures(
                    tmp_path, STAMP_ARGS, STAMP_ARGS.replace('"shell"', "[" * 100_000 + "]" * 100_000)
                )
            ],
            f"{misc}: not readable JSON: nested too deep to parse",
        ),
    ]


def test_certify_bad_inputs_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args, message in bad_certify_inputs(tmp_path):
        assert main(["certify", "fake_adapters:correct", *args]) == 2, args
        out, err = capsys.readouterr()
        assert err == f"codex-conformance: error: {message}\n" or (
            err.startswith(f"codex-conformance: error: {message}") and err.count("\n") == 1
        ), (args, err)
        assert out == ""  # nothing ran: no report on stdout
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize(
    ("new", "message"),
    [
        (STAMP_ARGS.replace('"shell"', "9" * 5000), "not readable JSON: Exceeds the limit (4300 digits)"),
        (
            '"args": {"name": "shell"}, "argz": {}',
            "not a valid fixture file: case 0 (demo/0.169.0/stamp-call-id): "
            "argz: Extra inputs are not permitted",
        ),
    ],
)
def test_certify_names_a_case_file_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], new: str, message: str
) -> None:
    fixtures = broken_fixtures(tmp_path, STAMP_ARGS, new)
    assert main(["certify", "fake_adapters:correct", fixtures]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"codex-conformance: error: {tmp_path}/fixtures/demo/misc.json: {message}")
    assert err.count("\n") == 1


def test_certify_bad_inputs_print_no_traceback_from_the_installed_command(
    tmp_path: Path, child_env: None
) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "codex_conformance",
            "certify",
            "fake_adapters:correct",
            FIXTURES,
            "--timeout=nan",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "codex-conformance: error: --timeout must be a number of seconds above 0 and at most 86400, got nan\n"
    )


def test_certify_report_into_an_existing_directory_still_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "reports" / "r.json"
    report.parent.mkdir()
    assert main(["certify", "fake_adapters:correct", FIXTURES, f"--report={report}", "--quiet"]) == 0
    assert report.with_suffix(".md").read_text(encoding="utf-8") == capsys.readouterr().out
