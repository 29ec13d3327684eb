"""Every outcome status, asserted exactly, for each fake adapter run in process."""

from __future__ import annotations

from typing import Any

import fake_adapters
import pytest
from conftest import DEMO_FIXTURES

from codex_conformance.cases import load_cases
from codex_conformance.connection import InProcessConnection
from codex_conformance.errors import UsageError
from codex_conformance.impl import connect, load_handler
from codex_conformance.protocol import ProtocolMismatch
from codex_conformance.runner import run_cases

CASES = load_cases(DEMO_FIXTURES)

P, F, U, NA, E = "pass", "fail", "unsupported", "not_applicable", "error"
# Case order: echo-key-order, echo-unicode, upper-text, reject-empty, stamp-call-id,
# bag-any-order, maybe-declined, future-op.
EXPECTED_STATUSES = {
    "correct": [P, P, P, P, P, P, NA, NA],
    "declining": [P, P, P, P, P, P, U, NA],
    "wrong_bytes": [F, F, F, F, F, F, NA, NA],
    "raises": [E, E, E, E, E, E, NA, NA],
    "no_ops": [NA] * 8,
    "malformed": [E, E, E, E, E, E, E, NA],
}


def statuses(adapter: str) -> list[str]:
    connection = InProcessConnection(getattr(fake_adapters, adapter))
    return [outcome.status.value for outcome in run_cases(connection, CASES)]


@pytest.mark.parametrize("adapter", sorted(EXPECTED_STATUSES))
def test_outcome_statuses(adapter: str) -> None:
    assert statuses(adapter) == EXPECTED_STATUSES[adapter]


def test_a_fail_carries_the_clauses_a_summary_and_a_diff() -> None:
    outcomes = run_cases(InProcessConnection(fake_adapters.wrong_bytes), CASES)
    unicode = outcomes[1]
    assert unicode.clauses == ["DEMO-ECHO-1", "DEMO-ECHO-2"]
    assert unicode.reason == '$.value: expected "héllo — 😀" got "héllo — 😀!"'
    assert '+  "value": "héllo — 😀!"' in unicode.diff
    assert outcomes[3].reason.startswith("$error.kind: expected 'invalid-input' got 'other-kind'")


def test_not_applicable_says_why() -> None:
    outcomes = run_cases(InProcessConnection(fake_adapters.correct), CASES)
    assert outcomes[6].reason == "implementation does not declare op 'demo.maybe'"
    assert outcomes[7].reason == "implementation does not declare op 'demo.future'"


def test_unsupported_to_a_declared_op_is_its_own_status_with_the_reason() -> None:
    # Not "not applicable": a port could otherwise decline every case it gets wrong and pass.
    outcome = run_cases(InProcessConnection(fake_adapters.declining), CASES)[6]
    assert outcome.status.value == U
    assert outcome.reason == (
        "implementation answered unsupported to a declared op: feature 'exotic' is not implemented"
    )
    assert outcome.clauses and outcome.is_unexpected_problem


def test_undeclared_edition_is_not_applicable() -> None:
    def only_old_edition(request: dict[str, Any]) -> dict[str, Any]:
        response = fake_adapters.correct(request)
        if request["op"] == "hello":
            response["result"]["editions"] = ["0.25.0"]
        return response

    outcomes = run_cases(InProcessConnection(only_old_edition), CASES)
    assert outcomes[1].status.value == NA
    assert outcomes[1].reason == "implementation does not declare edition '0.169.0'"


def test_an_exception_is_an_error_with_the_adapters_traceback() -> None:
    outcome = run_cases(InProcessConnection(fake_adapters.raises), CASES)[0]
    assert outcome.reason.startswith("adapter raised on op 'demo.echo': RuntimeError: boom in demo.echo")
    assert "fake_adapters.py" in outcome.reason


def test_error_kind_internal_is_a_harness_error_not_a_rejection() -> None:
    outcome = run_cases(InProcessConnection(fake_adapters.malformed), CASES)[6]
    assert (outcome.status.value, outcome.reason) == (E, "adapter internal error: adapter broke")


def test_result_where_an_error_was_expected_fails_clearly() -> None:
    def accepts_everything(request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "demo.reject":
            return {"result": {"done": True}}
        return fake_adapters.correct(request)

    outcome = run_cases(InProcessConnection(accepts_everything), CASES)[3]
    assert (outcome.status.value, outcome.reason) == (
        F,
        "expected an error of kind 'invalid-input', got a result",
    )


def test_error_where_a_result_was_expected_fails_clearly() -> None:
    def rejects_everything(request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "hello":
            return fake_adapters.correct(request)
        return {"error": {"kind": "nope", "message": "no"}}

    outcome = run_cases(InProcessConnection(rejects_everything), CASES)[0]
    assert (outcome.status.value, outcome.reason) == (F, "expected a result, got an error 'nope': no")


def test_protocol_mismatch_is_one_exception() -> None:
    with pytest.raises(ProtocolMismatch, match="speaks adapter protocol 2; this kit speaks protocol 1"):
        InProcessConnection(fake_adapters.future_protocol).hello()


def test_impl_forms_resolve_to_the_same_adapter() -> None:
    for impl in ("fake_adapters", "fake_adapters:correct", "fake_adapters:instance"):
        assert [o.status.value for o in run_cases(connect(impl), CASES)] == EXPECTED_STATUSES["correct"]


@pytest.mark.parametrize(
    ("impl", "message"),
    [
        ("no_such_module_xyz", "no module named 'no_such_module_xyz'"),
        ("fake_adapters:missing", "module 'fake_adapters' has no attribute 'missing'"),
        ("fake_adapters:ALL_EDITIONS", "is neither a callable nor an object with a .handle method"),
        ("not a module!", "expected 'reference', 'release:<version>', 'cmd:<command>'"),
        ("cmd:", "empty command line"),
        ("cmd:'unterminated", "cannot split the command line"),
    ],
)
def test_bad_impl_strings_are_usage_errors(impl: str, message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        connect(impl)


def test_release_impl_without_a_release_adapter_is_a_usage_error() -> None:
    try:
        load_handler("release:0.25.0")
    except UsageError as exc:
        assert str(exc).startswith("--impl release:0.25.0:")
    # If the release adapter exists, resolving it must not raise anything else.
