"""The kit catches broken SSE ports: each fails, on its clause."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_wire_adapters import BROKEN_WIRE, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir

OPS = ("sse.responses",)


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op in OPS]


@pytest.mark.parametrize("broken", BROKEN_WIRE, ids=[broken.name for broken in BROKEN_WIRE])
def test_broken_wire_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)
