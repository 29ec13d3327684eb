"""The kit catches broken request ports: each fails, on its clause."""

from __future__ import annotations

import pytest
from broken_check import assert_caught_on_clause
from broken_request_adapters import BROKEN_REQUEST, BrokenAdapter

from codex_conformance.cases import load_cases
from codex_conformance.paths import fixtures_dir


@pytest.fixture(scope="module")
def cases():
    return [case for case in load_cases(fixtures_dir()) if case.op == "request.build"]


@pytest.mark.parametrize("broken", BROKEN_REQUEST, ids=[broken.name for broken in BROKEN_REQUEST])
def test_broken_request_adapter_is_caught_on_its_clause(broken: BrokenAdapter, cases):
    assert_caught_on_clause(broken, cases)
