"""The scheduled run (.ci/scheduled, .github/workflows/scheduled.yml) and the users' example of it.

No workflow can run here (it needs GitHub and the network), so the files
are read as text: every ``codex-conformance`` command in them is one the CLI
accepts, the steps are there in their order (the registry asked, the
pending release found, the edition added, a pull request opened with the
reports), and the pending release is the registry's newest stable release
with a linux build when no edition is as new.  ``workflow_problems`` is
shown failing on deliberate violations.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from codex_conformance.cli import build_parser
from codex_conformance.editions import EDITIONS, version_key
from codex_workshop.checkout import repository_root
from codex_workshop.edition import pending
from codex_workshop.timeline.releases import load_registry_answer, with_linux_build

ROOT = repository_root()
EXAMPLE = ROOT / "examples" / "github-actions" / "codex-releases.yml"
PROJECT = ROOT / ".github" / "workflows" / "scheduled.yml"
SCHEDULED = ROOT / ".ci" / "scheduled"
PROGRAM = "codex-conformance"
_SHELL_OPERATORS = {">", ">>", "|", "||", "&&", ";", "2>&1"}
# What a workflow or .ci/scheduled must run, in this order: the registry, the pending release, the edition.
STEPS = (
    ("timeline", "--update"),
    ("python -m codex_workshop.edition.pending",),
    ("edition", "add"),
)


def codex_commands(text: str) -> list[list[str]]:
    """Each ``codex-conformance`` command of the text's shell lines (the program by name or by path),
    as argv up to a shell operator, ``$VAR`` words as they are; a line shlex cannot split (one
    continued on the next) holds none."""
    found = []
    for line in text.splitlines():
        words = line.strip().removeprefix("run:").strip()
        if words.startswith("#"):
            continue
        try:
            argv = shlex.split(words)
        except ValueError:
            continue
        programs = [at for at, word in enumerate(argv) if word == PROGRAM or word.endswith(f"/{PROGRAM}")]
        if programs:
            argv = argv[programs[0] + 1 :]
            cut = next((at for at, word in enumerate(argv) if word in _SHELL_OPERATORS), len(argv))
            if cut:  # a name alone (a repository's, say) is no command
                found.append(argv[:cut])
    return found


def workflow_problems(text: str, *, opens_pull_request: bool = True) -> list[str]:
    """What a scheduled workflow (or .ci/scheduled) leaves out or gets wrong, one line each."""
    problems = []
    commands = codex_commands(text)
    for argv in commands:
        try:
            build_parser().parse_args(argv)
        except SystemExit:
            problems.append(f"the CLI refuses: codex-conformance {shlex.join(argv)}")
    at = 0
    for step in STEPS:
        where = [m.start() for m in re.finditer(re.escape(step[0]), text)]
        words = [argv for argv in commands if tuple(argv[: len(step)]) == step] if len(step) > 1 else []
        if len(step) > 1 and not words:
            problems.append(f"no `codex-conformance {' '.join(step)}` step")
        elif not [position for position in where if position >= at]:
            problems.append(f"no `{' '.join(step)}` after the step before it")
        else:
            at = min(position for position in where if position >= at)
    if opens_pull_request and "peter-evans/create-pull-request@" not in text:
        problems.append("no step opens a pull request")
    return problems


def test_the_users_example_asks_adds_and_opens_a_pull_request() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert workflow_problems(text) == []
    # The reports it writes are the pull request's files.
    assert text.count('> "$GITHUB_WORKSPACE/$REPORTS/') == 2
    assert "add-paths: ${{ env.REPORTS }}" in text


def test_the_projects_scheduled_run_does_every_part() -> None:
    scheduled = SCHEDULED.read_text(encoding="utf-8")
    assert workflow_problems(scheduled, opens_pull_request=False) == []
    workflow = PROJECT.read_text(encoding="utf-8")
    parts = re.findall(r"run: \.ci/scheduled (\w+)", workflow)
    assert parts == ["editions", "release"]
    for part in parts:
        assert re.search(rf"^\s+{part}\|", scheduled, re.MULTILINE) or f"{part}|" in scheduled
    assert "peter-evans/create-pull-request@" in workflow
    # The pull request's text is the report .ci/scheduled writes.
    report = re.search(r"SCHEDULED_REPORT: (\S+)", workflow)
    assert report is not None and f"body-path: {report.group(1)}" in workflow


Change = Callable[[str], str]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda text: text.replace("timeline --update", "timeline --updates"), "the CLI refuses"),
        (
            lambda text: text.replace("timeline --update", "timeline --sample"),
            "no `codex-conformance timeline",
        ),
        (lambda text: text.replace("edition add", "edition added"), "the CLI refuses"),
        (lambda text: text.replace("python -m codex_workshop.edition.pending", "true"), "no `python -m"),
        (lambda text: text.replace("uses: peter-evans/create-pull-request@", "uses: x@"), "no step opens"),
    ],
    ids=["bad-option", "no-update", "bad-command", "no-pending", "no-pull-request"],
)
def test_a_deliberate_violation_is_reported(change: Change, expected: str) -> None:
    problems = workflow_problems(change(EXAMPLE.read_text(encoding="utf-8")))
    assert any(expected in problem for problem in problems), problems


# The registry's list as the timeline keeps it, for the pending release's rule.
PUBLISHED = load_registry_answer(ROOT / "fixtures" / "timeline")


def test_the_pending_release_is_the_registrys_newest_with_a_linux_build() -> None:
    """Whether or not the newest is an edition yet: pending while only older editions exist."""
    newest = with_linux_build(PUBLISHED)[-1]
    older = [v for v in EDITIONS if version_key(v) < version_key(newest)]
    assert older
    assert pending.pending_release(PUBLISHED, older) == newest
    assert pending.pending_release(PUBLISHED, [*older, newest]) is None


@pytest.mark.parametrize(
    ("published", "expected"),
    [
        (["0.50.0", "0.60.0"], "0.60.0"),
        (["0.50.0", "0.60.0", "0.70.0-alpha.1"], "0.60.0"),  # a prerelease is no release to add
        (["0.50.0", "0.60.0-linux-x64", "0.60.0", "0.70.0"], "0.60.0"),  # 0.70.0 has no linux build
        (["0.50.0", "0.55.0"], None),  # the newest edition is newer
        ([], None),
    ],
    ids=["newer", "prerelease", "no-linux-build", "older", "empty"],
)
def test_the_pending_release_rule(published: list[str], expected: str | None) -> None:
    assert pending.pending_release(published, ["0.25.0", "0.58.0"]) == expected


def test_the_pending_command_reads_the_kept_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert pending.main(["--fixtures-dir", str(ROOT / "fixtures")]) == 0
    expected = pending.pending_release(PUBLISHED, list(EDITIONS))
    assert capsys.readouterr().out.split() == ([] if expected is None else [expected])
    assert pending.main(["--fixtures-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no registry answer in ") and err.count("\n") == 1
