"""``--write-expected-failures``: a run's failures written as the expected-failures file, round trip.

Write, run green, fix one case, run fails as an unexpected pass, rewrite
with ``--prune-expected-failures``, run green; reasons a person wrote survive.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from conftest import DEMO_FIXTURES

from codex_conformance.baseline import PLACEHOLDER
from codex_conformance.cli import main

FIXTURES = f"--fixtures-dir={DEMO_FIXTURES}"


def certify(adapter: str, *args: str) -> int:
    return main(["certify", f"fake_adapters:{adapter}", FIXTURES, "--quiet", "--examples=0", *args])


def entries(path: Path) -> dict[str, str]:
    parsed = tomllib.loads(path.read_text(encoding="utf-8"))
    return {entry["case"]: entry["reason"] for entry in parsed["expected-failure"]}


def test_the_written_file_round_trips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "expected.toml"
    use, write = f"--expected-failures={path}", f"--write-expected-failures={path}"

    assert certify("wrong_bytes", write) == 1  # the verdict is the run's own: nothing was expected yet
    assert "wrote 6 expected failures to" in capsys.readouterr().err
    written = entries(path)
    assert sorted(written) == [
        "demo/0.169.0/bag-any-order",
        "demo/0.169.0/echo-unicode",
        "demo/0.169.0/stamp-call-id",
        "demo/0.25.0/echo-key-order",
        "demo/0.25.0/reject-empty",
        "demo/0.25.0/upper-text",
    ]
    assert set(written.values()) == {PLACEHOLDER}
    text = path.read_text(encoding="utf-8")
    assert "# new (fail): $error.kind: expected 'invalid-input' got 'other-kind' (nope)" in text
    # A person fills in one reason.
    path.write_text(text.replace(PLACEHOLDER, "we print our own text", 1), encoding="utf-8")
    first = next(iter(entries(path)))

    assert certify("wrong_bytes", use) == 0
    # demo.upper fixed: its entry is now an unexpected pass.
    assert certify("wrong_but_upper", use) == 1
    assert "'demo/0.25.0/upper-text' is an unexpected pass" in capsys.readouterr().err

    # Without --prune-expected-failures the stale entry stays, and the run still fails.
    assert certify("wrong_but_upper", use, write) == 1
    assert "demo/0.25.0/upper-text" in entries(path)
    assert certify("wrong_but_upper", use, write, "--prune-expected-failures") == 1
    assert "5 kept, 0 new, 1 stale removed" in capsys.readouterr().err
    rewritten = entries(path)
    assert "demo/0.25.0/upper-text" not in rewritten
    assert len(rewritten) == 5
    if first != "demo/0.25.0/upper-text":
        assert rewritten[first] == "we print our own text"

    assert certify("wrong_but_upper", use) == 0


def test_a_glob_entry_keeps_covering_and_no_duplicate_is_added(tmp_path: Path) -> None:
    path = tmp_path / "expected.toml"
    path.write_text('[[expected-failure]]\ncase = "demo/0.25.0/*"\nreason = "old wire"\n', encoding="utf-8")
    assert certify("wrong_bytes", f"--write-expected-failures={path}") == 1
    written = entries(path)
    assert written["demo/0.25.0/*"] == "old wire"
    assert sorted(written) == [
        "demo/0.169.0/bag-any-order",
        "demo/0.169.0/echo-unicode",
        "demo/0.169.0/stamp-call-id",
        "demo/0.25.0/*",
    ]


def test_the_files_opening_comments_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "expected.toml"
    opening = "# my port's known failures\n# see docs/parity.md\n"
    path.write_text(
        opening + '\n[[expected-failure]]\ncase = "demo/0.25.0/*"\nreason = "old wire"  # inline\n',
        encoding="utf-8",
    )
    assert certify("wrong_bytes", f"--write-expected-failures={path}") == 1
    text = path.read_text(encoding="utf-8")
    assert text.startswith(opening + "\n[[expected-failure]]")
    assert "# inline" not in text  # other comments are not kept (documented)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--prune-expected-failures"], "--prune-expected-failures needs --write-expected-failures"),
        (["--write-expected-failures=/nowhere/expected.toml"], "directory /nowhere does not exist"),
    ],
)
def test_bad_writer_options_are_usage_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert certify("correct", *args) == 2
    assert message in capsys.readouterr().err


def test_pytest_writes_the_file_too(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        FIXTURES,
        "--impl=fake_adapters:declining",
        "--write-expected-failures=expected.toml",
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["wrote 1 expected failures to expected.toml: 0 kept, 1 new*"])
    assert entries(pytester.path / "expected.toml") == {"demo/0.169.0/maybe-declined": PLACEHOLDER}
    assert "# new (unsupported): implementation answered unsupported" in (
        pytester.path / "expected.toml"
    ).read_text(encoding="utf-8")
