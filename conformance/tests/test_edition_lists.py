"""The editions CI runs are the edition tables' editions, written nowhere else by choice.

tox.ini and .ci/run name editions (an environment and a lane per edition:
a shell loop and an ini file cannot import the tables).  This test reads
them and compares with ``codex_conformance.editions.EDITIONS``: an edition
added to the tables without its lanes, or a lane left for an edition that
is gone, fails here.  The checker is shown failing on deliberate violations.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from codex_conformance.editions import EDITIONS

ROOT = Path(__file__).resolve().parents[2]
VERSION = r"\d+\.\d+\.\d+"
PER_EDITION_ENVS = ("release", "recapture")
RELEASE_0_94_0 = "python -m pytest --impl=release:0.94.0 -q -n 2 {posargs}\n    "


def _named_versions(text: str) -> set[str]:
    return set(re.findall(rf"(?<![\d.]){VERSION}(?![\d.])", text))


def edition_list_problems(tox_ini: str, ci_run: str, editions: Iterable[str]) -> list[str]:
    """What tox.ini and .ci/run say about editions that the tables do not, one line each."""
    wanted = set(editions)
    problems: list[str] = []
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(tox_ini)
    envs = {section.removeprefix("testenv:") for section in parser.sections()}
    for kind in PER_EDITION_ENVS:
        have = {env.removeprefix(f"{kind}-") for env in envs if re.fullmatch(rf"{kind}-{VERSION}", env)}
        problems += [f"tox.ini has no [testenv:{kind}-{v}]" for v in sorted(wanted - have)]
        problems += [f"tox.ini has [testenv:{kind}-{v}], not an edition" for v in sorted(have - wanted)]
        # The all-editions env either names none (it runs every edition) or names each.
        named = _named_versions(parser.get(f"testenv:{kind}", "commands")) if kind in envs else set()
        if named:
            problems += [f"tox.ini [testenv:{kind}] leaves out {v}" for v in sorted(wanted - named)]
            problems += [f"tox.ini [testenv:{kind}] names {v}: no edition" for v in sorted(named - wanted)]
    loop = re.search(r"^for edition in ([^;\n]+);", ci_run, re.MULTILINE)
    if loop is None:
        problems.append(".ci/run has no `for edition in ...;` loop over the editions")
    else:
        lanes = set(loop.group(1).split())
        problems += [f".ci/run runs no lanes for {v}" for v in sorted(wanted - lanes)]
        problems += [f".ci/run runs lanes for {v}, not an edition" for v in sorted(lanes - wanted)]
    return problems


def _texts() -> tuple[str, str]:
    return (ROOT / "tox.ini").read_text(encoding="utf-8"), (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_tox_and_ci_name_exactly_the_editions_of_the_tables() -> None:
    tox_ini, ci_run = _texts()
    assert edition_list_problems(tox_ini, ci_run, EDITIONS) == []


def test_an_edition_without_its_lanes_is_reported() -> None:
    tox_ini, ci_run = _texts()
    problems = edition_list_problems(tox_ini, ci_run, [*EDITIONS, "9.9.9"])
    assert "tox.ini has no [testenv:release-9.9.9]" in problems
    assert "tox.ini has no [testenv:recapture-9.9.9]" in problems
    assert ".ci/run runs no lanes for 9.9.9" in problems


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda tox, ci: (tox.replace("[testenv:recapture-", "[testenv:old-", 1), ci), "tox.ini has no"),
        (
            lambda tox, ci: (tox.replace("pytest --impl=release:0.94.0 -q -n 2 {posargs}\n    ", "", 1), ci),
            "leaves out",
        ),
        (lambda tox, ci: (tox + "\n[testenv:release-0.1.0]\ncommands = x\n", ci), "not an edition"),
        (lambda tox, ci: (tox, ci.replace("for edition in ", "for edition in 0.1.0 ", 1)), "not an edition"),
        (lambda tox, ci: (tox, ci.replace("for edition in ", "for each in ", 1)), "no `for edition in"),
    ],
    ids=["env-missing", "edition-left-out", "env-extra", "lane-extra", "loop-gone"],
)
def test_a_deliberate_violation_is_reported(
    change: Callable[[str, str], tuple[str, str]], expected: str
) -> None:
    tox_ini, ci_run = change(*_texts())
    problems = edition_list_problems(tox_ini, ci_run, EDITIONS)
    assert any(expected in problem for problem in problems), problems
