"""The reference model against every captured case of the conversation-wire ops.

Goldens come from real releases; a failure is a bug in the model, never a
reason to touch the fixture.
"""

from __future__ import annotations

import pytest

from codex_conformance.cases import Case, load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_case
from codex_reference.adapter import handle

OPS = ("sse.responses", "request.build")
CASES = [case for case in load_cases(fixtures_dir()) if case.op in OPS]


def test_both_editions_have_cases_for_each_op():
    for op in ("sse.responses",):
        assert {case.edition for case in CASES if case.op == op} == {"0.25.0", "0.169.0"}


@pytest.fixture(scope="module")
def connection():
    with InProcessConnection(handle, name="codex-reference") as conn:
        yield conn


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case(case: Case, connection):
    outcome = run_case(connection, connection.hello(), case)
    assert outcome.status is Status.PASS, f"{outcome.reason}\n{outcome.diff}"
