"""The kit catches broken chat ports: each fails, on its clause."""

from __future__ import annotations

import pytest
from broken_chat_adapters import BROKEN_CHAT, BrokenAdapter
from broken_check import assert_caught_on_clause

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir

OPS = ("chat.request", "chat.sse")


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in OPS]


@pytest.mark.parametrize("broken", BROKEN_CHAT, ids=[broken.name for broken in BROKEN_CHAT])
def test_broken_chat_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)


def test_chat_ops_refused_for_0_169():
    # REQ-WIRE-1: the reference answers as 0.169.0 does, and the release adapter does not declare them.
    from codex_conformance.areas import area_of_op
    from codex_reference.adapter import handle

    for op in OPS:
        response = handle(
            {"op": op, "args": {"edition": "0.169.0", "model": "gpt-5", "input": [], "tools": []}}
        )
        assert response["error"]["kind"] == "config-rejected"
        assert area_of_op(op).editions == ["0.25.0"]
