"""The reference model against every captured case of the ops it declares, the conversation-wire ops included.

Goldens come from real releases; a failure here is a bug in the model (or a
rule the model has not learnt yet), never a reason to touch the fixture.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from codex_conformance.cases import Case, ExpectedAnyOf, ExpectedError, load_cases
from codex_conformance.connection.base import Connection
from codex_conformance.connection.inprocess import InProcessConnection
from codex_conformance.outcome import Status
from codex_conformance.paths import fixtures_dir
from codex_conformance.runner import run_case
from codex_reference.adapter import handle

# Checked byte for byte as well (test_case_byte_exact).
BYTE_EXACT_OPS = ("mcp.tools_to_responses", "schema.sanitize", "apply_patch.apply", "apply_patch.parse")
OPS = (*BYTE_EXACT_OPS, "sse.responses", "request.build")
CASES = [case for case in load_cases(fixtures_dir()) if case.op in OPS]


def _canonical(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def test_fixtures_exist_for_every_edition() -> None:
    editions = {case.edition for case in CASES}
    assert editions == {"0.25.0", "0.94.0", "0.169.0", "0.171.0"}
    assert {case.edition for case in CASES if case.op == "sse.responses"} == editions


@pytest.fixture(scope="module")
def connection() -> Iterator[Connection]:
    with InProcessConnection(handle, name="codex-reference") as conn:
        yield conn


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_case_through_runner(case: Case, connection: Connection) -> None:
    outcome = run_case(connection, connection.hello(), case)
    assert outcome.status is Status.PASS, f"{outcome.reason}\n{outcome.diff}"


EXACT_CASES = [case for case in CASES if case.op in BYTE_EXACT_OPS and case.compare == "json-exact"]


@pytest.mark.parametrize("case", EXACT_CASES, ids=[case.id for case in EXACT_CASES])
def test_case_byte_exact(case: Case) -> None:
    """Stricter than the runner for errors: the kind must match; results must be
    byte-identical including key order."""
    response = handle({"op": case.op, "args": json.loads(json.dumps(case.args))})
    if isinstance(case.expected, ExpectedError):
        assert "error" in response, response
        assert response["error"]["kind"] == case.expected.error["kind"]
    else:
        assert "result" in response, response
        alternatives = case.expected.any_of if isinstance(case.expected, ExpectedAnyOf) else [case.expected]
        assert _canonical(response["result"]) in {_canonical(each.result) for each in alternatives}
