"""The kit catches broken ports of the safety classification, each on its clause."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_safety_adapters import BROKEN, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle
from codex_reference.safety import SAFETY_0_169, is_known_safe_command


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op == "safety.is_known_safe_command"]


def test_reference_passes_every_case(cases):
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    assert len(outcomes) == len(cases) > 100
    assert [(o.id, o.diff[:200]) for o in outcomes if o.status is not Status.PASS] == []


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)


@pytest.mark.parametrize(
    "script",
    ["ls *.py", "echo {a,b}", "ls ~", "ls # note", 'echo "$"', "ls\npwd"],
)
def test_reference_declines_scripts_it_cannot_read(script: str):
    # Globs, braces, tildes, comments, bare `$` and newlines depend on tree-sitter's reading.
    response = handle(
        {
            "op": "safety.is_known_safe_command",
            "args": {"edition": "0.169.0", "argv": ["bash", "-lc", script]},
        }
    )
    assert "unsupported" in response, response


@pytest.mark.parametrize(
    ("argv", "safe"),
    [
        (["bash", "-lc", "ls &"], False),  # background job
        (["bash", "-lc", "ls &&"], False),  # dangling operator
        (["bash", "-lc", "ls;"], True),  # a trailing `;` ends the list
        (["bash", "-lc", ""], False),  # no command at all
        (["bash", "-lc", "echo $(id)"], False),  # substitution
        (["/usr/bin/zsh", "-c", "sed -n '1,5'p f"], True),  # 0.169.0: stem, -c, concatenation
        (["ls/"], True),  # Path::file_name drops the trailing slash
        ([".."], False),
    ],
)
def test_reference_script_edges_0_169(argv: list[str], safe: bool):
    assert is_known_safe_command(SAFETY_0_169, argv) is safe
