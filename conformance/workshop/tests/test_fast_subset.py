"""conformance/fast-subset.txt: what ``tox -e fast`` runs, read by pytest as an ``@file``."""

from __future__ import annotations

import configparser
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
SUBSET = REPO / "conformance" / "fast-subset.txt"


def entries() -> list[str]:
    return SUBSET.read_text(encoding="utf-8").splitlines()


def test_each_entry_is_a_test_file_of_the_suite() -> None:
    # pytest takes each line as one argument: a blank line would be an empty path.
    lines = entries()
    assert lines and all(line == line.strip() and line for line in lines)
    assert [
        line for line in lines if not (REPO / line).is_file() or not Path(line).name.startswith("test_")
    ] == []
    assert lines == sorted(set(lines))


def test_the_tox_env_runs_the_file_with_two_workers() -> None:
    tox = configparser.ConfigParser(interpolation=None)
    tox.read(REPO / "tox.ini", encoding="utf-8")
    command = tox["testenv:fast"]["commands"]
    assert "-n 2" in command and "@{toxinidir}/conformance/fast-subset.txt" in command


def test_the_subset_leaves_out_the_slowest_files() -> None:
    # The gateway's release runs and the broken adapters take most of the suite's time.
    assert not {
        "conformance/workshop/tests/test_gateway_release.py",
        "conformance/workshop/tests/test_broken_adapters.py",
    } & set(entries())
