"""The JSON-lines transport: same verdicts as in process; crashes, hangs and garbage are errors."""

from __future__ import annotations

import sys
from typing import Any

import fake_adapters
import pytest
from conftest import DEMO_FIXTURES, TESTS_DIR, serve_command
from pydantic import ValidationError
from test_runner_outcomes import EXPECTED_STATUSES

from codex_conformance.cases import load_cases
from codex_conformance.connection import InProcessConnection, SubprocessConnection
from codex_conformance.connection.attribution import leading_id
from codex_conformance.connection.lines import LineSplitter, Oversize
from codex_conformance.connection.ring import RingBuffer
from codex_conformance.connection.subprocess import CannotStart
from codex_conformance.protocol import (
    REPORT_TEXT_CHARS,
    ProtocolError,
    ProtocolMismatch,
    Request,
    ResultResponse,
    parse_response,
)
from codex_conformance.runner import run_cases

CASES = load_cases(DEMO_FIXTURES)

pytestmark = pytest.mark.usefixtures("child_env")


@pytest.mark.parametrize("adapter", sorted(EXPECTED_STATUSES))
def test_serve_gives_the_same_outcomes_as_in_process(adapter: str) -> None:
    in_process = run_cases(InProcessConnection(getattr(fake_adapters, adapter)), CASES)
    connection = SubprocessConnection(serve_command(adapter), timeout=20)
    with connection:
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
    connection = misbehaving(mode)
    with connection:
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


@pytest.mark.parametrize("bad_id", ["5", True, 2.0, None])
def test_a_mistyped_response_id_is_a_protocol_error_never_coerced(bad_id: object) -> None:
    with pytest.raises(ProtocolError, match="id"):
        parse_response({"id": bad_id, "result": {}}, expected_id=5)


def test_a_request_id_is_never_coerced() -> None:
    for bad_id in ("5", True, 2.0):
        with pytest.raises(ValidationError):
            Request.model_validate({"id": bad_id, "op": "demo.echo", "args": {}})


def test_a_protocol_error_from_the_adapter_is_a_harness_error_not_a_rejection() -> None:
    def cannot_read(request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "demo.reject":
            return {"error": {"kind": "protocol", "message": "could not read that"}}
        return fake_adapters.correct(request)

    outcome = run_cases(InProcessConnection(cannot_read), CASES)[3]
    assert (outcome.status.value, outcome.reason) == (
        "error",
        "the adapter could not read the request: could not read that",
    )


def test_free_text_from_the_adapter_is_cut_to_a_report_size() -> None:
    def verbose(request: dict[str, Any]) -> dict[str, Any]:
        if request["op"] == "demo.echo":
            return {"error": {"kind": "wordy", "message": "m" * (5 * 1024 * 1024)}}
        if request["op"] == "demo.maybe":
            return {"unsupported": "u" * (5 * 1024 * 1024)}
        return fake_adapters.declining(request)

    outcomes = run_cases(InProcessConnection(verbose), CASES)
    assert outcomes[0].status.value == "fail"
    assert outcomes[6].status.value == "unsupported"
    for outcome in (outcomes[0], outcomes[6]):
        assert len(outcome.reason) < REPORT_TEXT_CHARS + 200
        assert "more characters]" in outcome.reason


def test_requests_go_out_as_ascii_so_a_lone_surrogate_cannot_break_the_write() -> None:
    with SubprocessConnection(serve_command("correct"), timeout=20) as connection:
        response = connection.request("demo.echo", {"value": "a\ud800b"})
    assert isinstance(response, ResultResponse)
    assert response.result == {"value": "a\ud800b"}


def test_the_line_splitter_never_holds_more_than_the_limit() -> None:
    splitter = LineSplitter(max_line_bytes=10)
    assert splitter.feed(b"short\n0123456789") == [b"short"]
    [oversize] = splitter.feed(b"X" * 100)
    assert isinstance(oversize, Oversize)
    assert oversize.head.startswith(b"0123456789X")
    assert splitter.feed(b"Y" * 1000) == []  # dropped until the newline
    assert splitter.feed(b"tail\nnext\nlast") == [b"next"]
    assert splitter.finish() == [b"last"]


def test_the_stderr_ring_buffer_keeps_only_the_tail() -> None:
    ring = RingBuffer(8)
    for chunk in (b"abc", b"defgh", b"ijklmnopqrstuvwxyz" * 100, b"12"):
        ring.append(chunk)
    assert ring.tail() == b"stuvwxyz12"[-8:]
    assert ring.tail(3) == b"z12"
    assert ring.total == 3 + 5 + 1800 + 2


@pytest.mark.parametrize(
    ("line", "found"),
    [
        (b'{"id": 12, "op": "x", "args": {"a": [' + b"[" * 9000, 12),
        (b'{"op": "x", "args": {"k": [1, {"id": 3}]}, "id": 8, "extra": \xff}', 8),
        (b'{"id": "12", "op": ', None),
        (b'{"id": 12', None),  # the id may be cut short
        (b'{"id": 12 "op": "x"}', None),
        (b'{"id": true, "op": "x"', None),
        (b'{"\\u0069d": 4, "op": "x"', 4),
        (b'[{"id": 1}]', None),
        (b'{"a": "\\"}", "id": 6, "b": [', 6),
    ],
)
def test_the_id_of_a_line_that_does_not_decode(line: bytes, found: int | None) -> None:
    assert leading_id(line) == found


@pytest.mark.parametrize("timeout", [float("nan"), float("inf"), 0.0, -1.0])
def test_a_timeout_that_cannot_bound_a_wait_is_refused(timeout: float) -> None:
    with pytest.raises(ValueError, match="a timeout must be a finite number of seconds above 0"):
        SubprocessConnection(["true"], timeout=timeout)
    with pytest.raises(ValueError, match="a timeout must be a finite number of seconds above 0"):
        InProcessConnection(fake_adapters.correct, timeout=timeout)
