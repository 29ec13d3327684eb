"""No release lane names an edition: tox.ini and the CI scripts read the editions from the kit's table.

Versions are written in the two ``editions.py`` tables alone.  CI
(``.ci/run``) runs the newest edition's ``release`` and ``recapture``
environments and each older edition's ``sample``; the scheduled run
(``.ci/scheduled``) each older edition's ``release`` and ``recapture``; each
takes the edition as its argument, and the scripts take the lists from
``.ci/lanes``, which asks the table (``codex_workshop.edition.lanes``) when it
runs.  So an edition added to the table is in CI's lanes with nothing else
written, and a version typed into a lane (an environment per edition, a
loop over a typed list) fails here.  The checker is shown failing on
deliberate violations; the split itself (newest in full, older sampled) is
the workshop's test_edition_add.py's.
"""

from __future__ import annotations

import configparser
import re
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERSION = r"\d+\.\d+\.\d+"
# The environments a lane runs with an edition as its argument.
EDITION_ENVS = ("release", "recapture", "sample")
FILES = ("tox.ini", ".ci/run", ".ci/scheduled", ".ci/lanes")
LISTS = "editions=$(PYTHONPATH=conformance:conformance/workshop python3 -m codex_workshop.edition.lanes)"


def _loop(lists: str, *lanes: str) -> re.Pattern[str]:
    """A loop over one of .ci/lanes's lists running these lanes, each ``NAME ENV``."""
    body = "".join(
        rf'\s+tox_lane "{name}-\$edition" -e {env} -- "\$edition"\n'
        for name, env in (lane.split() for lane in lanes)
    )
    return re.compile(rf"^\s*for edition in \${lists}_editions; do\n{body}\s*done$", re.MULTILINE)


# What each script runs per edition.
LOOPS = {
    ".ci/run": (_loop("full", "release release", "recapture recapture"), _loop("sampled", "sample sample")),
    ".ci/scheduled": (_loop("sampled", "release release", "recapture recapture"),),
}


def _commands(text: str) -> str:
    """A script or ini file without its comments: prose may speak of a release, a command may not."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def _versions(text: str) -> list[str]:
    return sorted(set(re.findall(rf"(?<![\d.]){VERSION}(?![\d.])", _commands(text))))


def lane_problems(texts: dict[str, str]) -> list[str]:
    """What in tox.ini and the CI scripts writes an edition down or leaves one out, one line each."""
    problems: list[str] = []
    parser = configparser.ConfigParser(interpolation=None)
    parser.read_string(texts["tox.ini"])
    envs = {section.removeprefix("testenv:") for section in parser.sections()}
    for env in EDITION_ENVS:
        if env not in envs:
            problems.append(f"tox.ini has no [testenv:{env}]")
            continue
        named = _versions(parser.get(f"testenv:{env}", "commands"))
        problems += [f"tox.ini [testenv:{env}] names {v}: the edition is its argument" for v in named]
        if "{posargs}" not in parser.get(f"testenv:{env}", "commands"):
            problems.append(f"tox.ini [testenv:{env}] takes no edition ({{posargs}})")
    problems += [
        f"tox.ini has [testenv:{env}]: an edition's lane is `tox -e {env.split('-')[0]} -- VERSION`"
        for env in sorted(envs)
        if re.fullmatch(rf"(?:{'|'.join(EDITION_ENVS)})-{VERSION}", env)
    ]
    for name in FILES[1:]:
        problems += [f"{name} names {v}: the editions come from the table" for v in _versions(texts[name])]
    if LISTS not in texts[".ci/lanes"]:
        problems.append(".ci/lanes does not read the editions from the table (codex_workshop.edition.lanes)")
    for name, loops in LOOPS.items():
        if "source .ci/lanes" not in texts[name]:
            problems.append(f"{name} does not source .ci/lanes")
        problems += [
            f"{name} has no loop like {loop.pattern!r}" for loop in loops if not loop.search(texts[name])
        ]
    return problems


def _texts() -> dict[str, str]:
    return {name: (ROOT / name).read_text(encoding="utf-8") for name in FILES}


def test_no_lane_names_an_edition() -> None:
    assert lane_problems(_texts()) == []


def _changed(name: str, old: str, new: str) -> Callable[[dict[str, str]], dict[str, str]]:
    def change(texts: dict[str, str]) -> dict[str, str]:
        assert old in texts[name], (name, old)
        return {**texts, name: texts[name].replace(old, new, 1)}

    return change


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_changed("tox.ini", "[testenv:sample]", "[testenv:sampled]"), "tox.ini has no [testenv:sample]"),
        (
            _changed("tox.ini", "lanes certify {posargs}", "lanes certify 0.25.0 {posargs}"),
            "[testenv:release] names 0.25.0",
        ),
        (_changed("tox.ini", "lanes recapture {posargs}", "lanes recapture"), "takes no edition"),
        (
            _changed(
                "tox.ini", "[testenv:release]", "[testenv:release-0.25.0]\ncommands = x\n\n[testenv:release]"
            ),
            "tox.ini has [testenv:release-0.25.0]",
        ),
        (
            _changed(".ci/run", "for edition in $full_editions", "for edition in 0.25.0"),
            ".ci/run names 0.25.0",
        ),
        (_changed(".ci/run", "-e sample --", "-e release --"), ".ci/run has no loop"),
        (_changed(".ci/scheduled", "$sampled_editions", "$full_editions $sampled_editions"), "no loop"),
        (_changed(".ci/scheduled", "source .ci/lanes", "sampled_editions=x"), "does not source"),
        (_changed(".ci/lanes", "edition.lanes)", "edition.lanes || true)"), "does not read the editions"),
        (_changed(".ci/lanes", '\neval "$editions"', '\nfull_editions="0.169.0"'), ".ci/lanes names 0.169.0"),
    ],
    ids=[
        "env-gone",
        "env-names-an-edition",
        "env-takes-no-edition",
        "env-per-edition",
        "run-loops-over-a-typed-list",
        "sample-loop-runs-another-env",
        "scheduled-runs-the-newest-too",
        "scheduled-lists-its-own",
        "lists-not-read",
        "lanes-types-a-list",
    ],
)
def test_a_deliberate_violation_is_reported(
    change: Callable[[dict[str, str]], dict[str, str]], expected: str
) -> None:
    problems = lane_problems(change(_texts()))
    assert any(expected in problem for problem in problems), problems
