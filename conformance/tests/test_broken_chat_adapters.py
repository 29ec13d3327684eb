"""The kit catches broken chat ports: each fails, on its clause."""

from __future__ import annotations

import pytest
from broken_chat_adapters import BROKEN_CHAT, BrokenChatAdapter

from codex_conformance.cases import load_cases
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_cases

OPS = ("chat.request", "chat.sse")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in OPS]


@pytest.mark.parametrize("broken", BROKEN_CHAT, ids=[broken.name for broken in BROKEN_CHAT])
def test_broken_chat_adapter_is_caught_on_its_clause(broken: BrokenChatAdapter, cases):
    with InProcessConnection(broken.handle, name=broken.name) as connection:
        outcomes = run_cases(connection, cases)
    failed = [outcome for outcome in outcomes if outcome.status is Status.FAIL]
    assert failed, f"{broken.name} ({broken.why}) passed every case"
    assert not [outcome for outcome in outcomes if outcome.status is Status.ERROR]
    assert any(broken.clause in outcome.clauses for outcome in failed), (
        f"{broken.name} failed only cases of {sorted({c for o in failed for c in o.clauses})}, "
        f"none of {broken.clause}"
    )


def test_chat_ops_refused_for_0_169():
    # REQ-WIRE-1: the reference answers as 0.169.0 does, and the release adapter does not declare them.
    from codex_conformance.release.adapter import _ONLY_FOR
    from codex_reference.adapter import handle

    for op in OPS:
        response = handle(
            {"op": op, "args": {"edition": "0.169.0", "model": "gpt-5", "input": [], "tools": []}}
        )
        assert response["error"]["kind"] == "config-rejected"
        assert _ONLY_FOR[op] == ("0.25.0",)
