"""The kit catches broken ports of the conversation ops, each on its clause."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_conversation_adapters import BROKEN, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases
from codex_reference.adapter import handle

OPS = ("exec.format_output", "items.serialize")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in OPS]


def test_reference_passes_every_conversation_case(cases):
    assert {case.edition for case in cases if case.op == "exec.format_output"} == {"0.25.0", "0.169.0"}
    with InProcessConnection(handle) as connection:
        outcomes = run_cases(connection, cases)
    failing = [(outcome.id, outcome.diff[:500]) for outcome in outcomes if outcome.status is not Status.PASS]
    assert not failing


@pytest.mark.parametrize("broken", BROKEN, ids=[broken.name for broken in BROKEN])
def test_broken_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)
