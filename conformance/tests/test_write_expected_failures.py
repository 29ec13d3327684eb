"""``--write-expected-failures``: a run's failures written as the expected-failures file, round trip.

Write, run green, fix one case, run fails as an unexpected pass, rewrite
with ``--prune-expected-failures``, run green; reasons a person wrote survive.
``--conformance-update-expected`` (certify: ``--update-expected``) does the
same in one flag, and every comment of the file survives it.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from conftest import DEMO_FIXTURES

from codex_conformance import baseline
from codex_conformance.baseline import HEADER, PLACEHOLDER
from codex_conformance.cli import main
from codex_conformance.expected_failures import ExpectedFailure, ExpectedFailures

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
    assert 'reason = "old wire"  # inline\n' in text  # every comment is kept


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


# A gate file as a person keeps it: an opening comment, a comment above and
# inside entries, inline comments, blank lines, entries in no sorted order.
KEPT_BY_HAND = """\
# my port's known failures (see docs/parity.md)

# The echo op reorders keys: upstream issue #4.
[[expected-failure]]
case = "demo/0.169.0/echo-unicode"   # the one with emoji
reason = "we reorder keys"
# Remove once #4 lands.

# Fixed since: this entry is stale and goes, with its comment.
[[expected-failure]]
case = "demo/0.25.0/upper-text"
reason = "upper was broken"

[[expected-failure]]
case = "demo/0.25.0/echo-key-order"
reason = "we reorder keys"  # also #4
"""


def test_comments_survive_an_update(pytester: pytest.Pytester) -> None:
    """--conformance-update-expected: the file updated in place, every comment and the order kept."""
    path = pytester.path / "expected.toml"
    path.write_text(KEPT_BY_HAND, encoding="utf-8")
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        FIXTURES,
        "--conformance-examples=0",
        "--impl=fake_adapters:wrong_but_upper",
        "--expected-failures=expected.toml",
        "--conformance-update-expected",
    )
    # The verdict is the run's against the file as it was: upper-text passed unexpectedly, three new failures.
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "wrote 5 expected failures to expected.toml: 2 kept, 3 new (reason to fill in: TODO), "
            "1 stale removed; 3 entries have a TODO reason (*): say why each case fails"
        ]
    )
    text = path.read_text(encoding="utf-8")
    stale = text.replace(KEPT_BY_HAND, "")  # nothing of the hand-kept text may be missing but the stale entry
    kept = KEPT_BY_HAND.replace(
        "# Fixed since: this entry is stale and goes, with its comment.\n[[expected-failure]]\n"
        'case = "demo/0.25.0/upper-text"\nreason = "upper was broken"\n\n',
        "",
    )
    assert text.startswith(kept), text
    assert stale != ""  # (the file changed)
    added = text[len(kept) :]
    assert added.count("[[expected-failure]]") == 3
    assert added.count(f'reason = "{PLACEHOLDER}"') == 3
    assert added.startswith("\n# new (fail): ")
    order = list(entries(path))
    assert order[:2] == ["demo/0.169.0/echo-unicode", "demo/0.25.0/echo-key-order"]
    assert sorted(order[2:]) == [
        "demo/0.169.0/bag-any-order",
        "demo/0.169.0/stamp-call-id",
        "demo/0.25.0/reject-empty",
    ]


def test_an_update_creates_the_ini_files_gate(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nconformance_expected_failures = gate/expected.toml\n")
    (pytester.path / "gate").mkdir()
    args = ["-p", "no:cacheprovider", FIXTURES, "--conformance-examples=0", "--impl=fake_adapters:declining"]
    result = pytester.runpytest(*args, "--conformance-update-expected")
    result.stdout.fnmatch_lines(["wrote 1 expected failures to *expected.toml: 0 kept, 1 new*"])
    written = (pytester.path / "gate" / "expected.toml").read_text(encoding="utf-8")
    assert written.startswith(HEADER)
    # The gate run then passes, and warns that a reason is still TODO.
    gated = pytester.runpytest(*args)
    assert gated.ret == pytest.ExitCode.OK
    gated.stdout.fnmatch_lines(
        [
            "WARNING: expected-failures file *expected.toml: 1 entry has a TODO reason "
            "(demo/0.169.0/maybe-declined): say why each case fails"
        ]
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--conformance-update-expected"],
            "*--conformance-update-expected needs --conformance-expected-failures*",
        ),
        (
            [
                "--conformance-update-expected",
                "--expected-failures=a.toml",
                "--write-expected-failures=b.toml",
            ],
            "*--conformance-update-expected and --conformance-write-expected-failures: give one*",
        ),
    ],
)
def test_bad_update_options_are_usage_errors(
    pytester: pytest.Pytester, args: list[str], message: str
) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", FIXTURES, "--impl=fake_adapters:correct", *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([message])
    assert "Traceback" not in result.stderr.str()


def test_certify_updates_in_place_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "expected.toml"
    path.write_text(KEPT_BY_HAND, encoding="utf-8")
    assert certify("wrong_but_upper", f"--expected-failures={path}", "--update-expected") == 1
    assert "2 kept, 3 new (reason to fill in: TODO), 1 stale removed" in capsys.readouterr().err
    assert "# Remove once #4 lands.\n" in path.read_text(encoding="utf-8")


def test_the_gate_warns_of_todo_reasons(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "expected.toml"
    path.write_text('[[expected-failure]]\ncase = "demo/*"\nreason = "todo: find out"\n', encoding="utf-8")
    assert certify("wrong_bytes", f"--expected-failures={path}") == 0
    assert "1 entry has a TODO reason (demo/*): say why each case fails" in capsys.readouterr().err


def _existing(tmp_path: Path, text: str) -> ExpectedFailures:
    path = tmp_path / "expected.toml"
    path.write_bytes(text.encode("utf-8"))
    return ExpectedFailures.load(path)


NEW = ("# new (fail): x", ExpectedFailure(case="demo/0.25.0/new", reason=PLACEHOLDER, facets=("stdout",)))


def test_removing_the_first_entry_keeps_the_opening_comment(tmp_path: Path) -> None:
    existing = _existing(tmp_path, KEPT_BY_HAND)
    text = baseline._updated_text(existing, [0], [])
    assert text.startswith("# my port's known failures (see docs/parity.md)\n\n# Fixed since:")
    assert "upstream issue #4" not in text and "Remove once #4" not in text


def test_crlf_line_ends_are_kept(tmp_path: Path) -> None:
    existing = _existing(tmp_path, KEPT_BY_HAND.replace("\n", "\r\n"))
    text = baseline._updated_text(existing, [1], [NEW])
    assert "\n" not in text.replace("\r\n", "")
    assert 'facets = ["stdout"]\r\n' in text


def test_a_file_in_another_layout_is_written_afresh_with_its_opening(tmp_path: Path) -> None:
    # An inline array of tables: no [[expected-failure]] headers to cut at.
    existing = _existing(
        tmp_path, '# opening\nexpected-failure = [{case = "demo/0.25.0/a", reason = "r\\u00e9"}]\n'
    )
    text = baseline._updated_text(existing, [], [NEW])
    assert text.startswith("# opening\n")
    assert [entry.case for entry in baseline._entries_of(text) or []] == ["demo/0.25.0/a", "demo/0.25.0/new"]
    assert (baseline._entries_of(text) or [])[0].reason == "r\u00e9"
