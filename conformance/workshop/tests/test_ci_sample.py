"""CI's fixed sample of an older edition (codex_workshop/edition/sample.py): stable, covering, recaptured.

The sample must cover every area the edition was captured from and every op
of each, hold ``PER_AREA`` cases of an area that has them, and not move when
a file is reordered or recaptured, nor when a case joins that its hash ranks
after the sample.  ``sample_problems`` checks a sampler against those rules
on every committed edition, and is shown failing on samplers that break
each one.  The lanes' wall times docs/ci.md quotes come from the
benchmark's committed output (``test_docs_figures.row_problems``).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from codex_conformance.cases import Case, load_fixture_file
from codex_conformance.editions import EDITIONS
from codex_workshop.checkout import fixtures_dir, repository_root
from codex_workshop.edition import sample
from codex_workshop.edition.sample import PER_AREA, edition_sample, recapture_commands, sample_cases, slug_of
from tests.test_docs_figures import row_problems

Sampler = Callable[[Sequence[Case]], list[Case]]


def _captured(version: str) -> dict[str, list[Case]]:
    return {
        path.parent.name: load_fixture_file(path).cases
        for path in sorted(fixtures_dir().glob(f"*/captured-{version}.json"))
    }


def _renamed(case: Case, slug: str) -> Case:
    return case.model_copy(update={"id": f"{case.id.rsplit('/', 1)[0]}/{slug}"})


def sample_problems(sampler: Sampler, areas: dict[str, list[Case]]) -> list[str]:
    """What ``sampler`` does against the sample's rules on these areas' cases, one line each."""
    problems = []
    for area, cases in areas.items():
        chosen = sampler(cases)
        ids = [case.id for case in chosen]
        if not chosen:
            problems.append(f"{area}: no case sampled")
        if len(set(ids)) != len(ids) or not set(ids) <= {case.id for case in cases}:
            problems.append(f"{area}: the sample is not a set of the area's cases")
        missing_ops = {case.op for case in cases} - {case.op for case in chosen}
        if missing_ops:
            problems.append(f"{area}: ops left out: {', '.join(sorted(missing_ops))}")
        if len(chosen) < min(PER_AREA, len(cases)):
            problems.append(f"{area}: {len(chosen)} cases, fewer than {min(PER_AREA, len(cases))}")
        shuffled = list(cases)
        random.Random(area).shuffle(shuffled)
        if [case.id for case in sampler(shuffled)] != ids:
            problems.append(f"{area}: the sample moves when the file's order does")
        # A case joining the area moves the sample only if its hash ranks within it.
        joined = [*cases, _renamed(cases[0], "a-case-added-later")]
        again = [case.id for case in sampler(joined)]
        if "a-case-added-later" not in {slug_of(case) for case in sampler(joined)} and again != ids:
            problems.append(f"{area}: a case ranked after the sample moved it")
    return problems


@pytest.mark.parametrize("version", list(EDITIONS))
def test_the_sample_of_every_edition_keeps_the_rules(version: str) -> None:
    areas = _captured(version)
    assert areas
    assert sample_problems(sample_cases, areas) == []
    # Every area the edition was captured from is in the sample CI runs.
    assert set(edition_sample(fixtures_dir(), version)) == set(areas)


def _one_op(area: str) -> list[Case]:
    """Synthetic cases of one area: six of op ``a``, one of op ``b`` (the last in file order)."""
    template = next(iter(_captured(next(iter(EDITIONS))).values()))[0]
    cases = [_renamed(template, f"case-{number}") for number in range(6)]
    return [*cases, _renamed(template, "other-op").model_copy(update={"op": "b"})]


def _ranked_by_count(cases: Sequence[Case]) -> list[Case]:
    """A sampler whose order hangs on how many cases the area has: any case added moves it."""

    def rank(case: Case) -> str:
        return hashlib.sha256(f"{len(cases)}/{slug_of(case)}".encode()).hexdigest()

    return sorted(cases, key=rank)[:PER_AREA]


@pytest.mark.parametrize(
    ("sampler", "expected"),
    [
        (lambda cases: list(cases[:PER_AREA]), "moves when the file's order does"),
        (lambda cases: sorted(cases, key=lambda case: case.id)[:PER_AREA], "ops left out: b"),
        (lambda cases: sample_cases(cases)[:1], "fewer than"),
        (lambda cases: [], "no case sampled"),
        (_ranked_by_count, "moved it"),
    ],
    ids=["file-order", "op-left-out", "too-few", "empty", "grows-with-the-area"],
)
def test_a_sampler_breaking_a_rule_is_reported(sampler: Sampler, expected: str) -> None:
    problems = sample_problems(sampler, {"made_up": _one_op("made_up")})
    assert any(expected in problem for problem in problems), problems


def test_the_sample_is_recaptured_area_by_area_and_only_checked(tmp_path: Path) -> None:
    version = next(iter(EDITIONS))
    chosen = edition_sample(fixtures_dir(), version)
    commands = dict(recapture_commands(chosen, version, tmp_path))
    assert list(commands) == list(chosen)
    for area, command in commands.items():
        assert command[command.index("capture") + 1] == area
        assert "--check" in command and f"--edition={version}" in command  # diffed, never written
        assert [word.removeprefix("--only=") for word in command if word.startswith("--only=")] == [
            slug_of(case) for case in chosen[area].cases
        ]


def test_the_sample_written_is_a_fixtures_directory_of_the_sample(tmp_path: Path) -> None:
    version = list(EDITIONS)[-1]
    chosen = edition_sample(fixtures_dir(), version)
    sample.write_sample(chosen, version, tmp_path)
    assert edition_sample(tmp_path, version) == chosen  # the sample of the sample is itself


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["9.9.9", "--list"], "error: name an edition"),
        (["--list"], "error: name an edition"),
        ([next(iter(EDITIONS)), "--lane", "--jobs", "0"], "error: --jobs takes a count of 1 or more"),
    ],
    ids=["unknown", "none", "jobs"],
)
def test_the_sample_command_says_what_is_wrong_in_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert sample.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(says) and err.count("\n") == 1


def test_the_sample_command_lists_the_sample(capsys: pytest.CaptureFixture[str]) -> None:
    version = next(iter(EDITIONS))
    assert sample.main([version, "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    chosen = edition_sample(fixtures_dir(), version)
    assert lines[:-1] == [f"{area}: {' '.join(slug_of(c) for c in f.cases)}" for area, f in chosen.items()]


# docs/ci.md's table of the sample lanes' wall times: each row's figures from the benchmark's output.
BENCHMARK = "`conformance/workshop/benchmarks/ci_sample_lanes.py`"


def measured_rows(page: Path) -> list[list[str]]:
    lines = page.read_text(encoding="utf-8").splitlines()
    rows = [line for line in lines if line.startswith("| ") and line.rstrip().endswith(f"{BENCHMARK} |")]
    return [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]


def test_the_sample_lanes_wall_times_in_docs_come_from_the_benchmarks_output() -> None:
    rows = measured_rows(repository_root() / "docs" / "ci.md")
    assert rows
    assert [row_problems(row) for row in rows] == [[] for _ in rows]
    # The deliberate violation: a figure typed in.
    typed = [rows[0][0], "12345 s", *rows[0][2:]]
    assert row_problems(typed) == ["12345 is not in ci_sample_lanes.txt"]
