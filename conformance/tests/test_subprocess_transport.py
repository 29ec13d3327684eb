"""The JSON-lines transport: same verdicts as in process; crashes, hangs and garbage are errors."""

from __future__ import annotations

import sys

import fake_adapters
import pytest
from conftest import DEMO_FIXTURES, TESTS_DIR, serve_command
from test_runner_outcomes import EXPECTED_STATUSES

from codex_conformance.cases import load_cases
from codex_conformance.connection import InProcessConnection, SubprocessConnection
from codex_conformance.connection.subprocess import CannotStart
from codex_conformance.protocol import ProtocolMismatch
from codex_conformance.runner import run_cases

CASES = load_cases(DEMO_FIXTURES)

pytestmark = pytest.mark.usefixtures("child_env")


@pytest.mark.parametrize("adapter", sorted(EXPECTED_STATUSES))
def test_serve_gives_the_same_outcomes_as_in_process(adapter: str) -> None:
    in_process = run_cases(InProcessConnection(getattr(fake_adapters, adapter)), CASES)
    with SubprocessConnection(serve_command(adapter), timeout=20) as connection:
        over_the_wire = run_cases(connection, CASES)
        assert connection.starts == 1, "serve turns adapter problems into replies; it never needs a restart"
    assert [o.status for o in over_the_wire] == [o.status for o in in_process]
    for wire, local in zip(over_the_wire, in_process, strict=True):
        if wire.status.value == "fail":
            assert (wire.reason, wire.diff) == (local.reason, local.diff)


def test_serve_reports_adapter_exceptions_as_internal_errors() -> None:
    with SubprocessConnection(serve_command("raises"), timeout=20) as connection:
        outcome = run_cases(connection, CASES[:1])[0]
    assert outcome.status.value == "error"
    assert outcome.reason.startswith("adapter internal error: adapter raised on op 'demo.echo': RuntimeError")


def misbehaving(mode: str) -> SubprocessConnection:
    return SubprocessConnection([sys.executable, str(TESTS_DIR / "misbehaving_server.py"), mode], timeout=1.0)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("garbage", "not a JSON line"),
        ("wrong-id", "response id"),
        ("exit", "the process exited (code 3) before answering"),
        ("hang", "no response within 1 s"),
    ],
)
def test_misbehaviour_is_an_error_and_the_run_goes_on(mode: str, reason: str) -> None:
    with misbehaving(mode) as connection:
        outcomes = run_cases(connection, CASES)
        # demo.upper misbehaves; the child is replaced and every later case still passes.
        assert [o.status.value for o in outcomes] == [
            "pass",
            "pass",
            "error",
            "pass",
            "pass",
            "pass",
            "not_applicable",
            "not_applicable",
        ]
        assert reason in outcomes[2].reason
        assert connection.starts == 2


def test_child_stderr_is_quoted_in_the_error_not_mixed_into_output(capfd: pytest.CaptureFixture[str]) -> None:
    with misbehaving("exit") as connection:
        outcome = run_cases(connection, CASES[2:3])[0]
    assert "--- stderr (last lines) ---" in outcome.reason
    assert "exiting on purpose" in outcome.reason
    captured = capfd.readouterr()
    assert "exiting on purpose" not in captured.err + captured.out


def test_a_command_that_does_not_exist_cannot_start() -> None:
    with pytest.raises(CannotStart, match="cannot start '/nonexistent/adapter': No such file or directory"):
        SubprocessConnection(["/nonexistent/adapter"]).hello()


def test_protocol_mismatch_over_the_wire() -> None:
    with (
        pytest.raises(ProtocolMismatch),
        SubprocessConnection(serve_command("future_protocol")) as connection,
    ):
        connection.hello()
