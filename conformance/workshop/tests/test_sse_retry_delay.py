"""How an sse capture reads the delay a release honoured: from the one it states in its retry warning."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from codex_conformance.mock_responses_server import RecordedRequest
from codex_workshop.drive import sse_observe
from codex_workshop.drive.errors import CaptureError
from codex_workshop.drive.exec_run import ExecRun
from codex_workshop.drive.sse_observe import StreamUnderTest, honoured_delay_ms, statement_lag_s

_WARN = "2026-11-26T14:52:27.772061Z  WARN codex_core::codex: stream disconnected - "
_V094 = _WARN + "retrying sampling request (1/1 in {})..."
_V025 = _WARN + "retrying turn (1/1 in {})..."


@pytest.mark.parametrize(
    ("stated", "delay"),
    [
        ("900ms", 900),  # 0.94.0 states the server's delay
        ("896.410245ms", 900),  # 0.169.0 states the time left of it: rounded up
        ("11.043s", 11100),  # an upstream test's `11.054s`, 11 ms of it gone
        ("1.5s", 1500),
        ("1.500000001s", 1600),
        ("699.999ms", None),  # the release's own backoff: no delay was asked for
        ("183ms", None),
    ],
)
def test_the_delay_is_the_stated_one_rounded_up_to_a_tenth(stated: str, delay: int | None) -> None:
    assert honoured_delay_ms(_V094.format(stated), gap_s=20.0) == delay


def test_the_retry_turn_wording_of_older_releases_is_read() -> None:
    assert honoured_delay_ms(_V025.format("1.2s"), gap_s=1.3) == 1200


def test_a_retry_without_the_warning_is_a_capture_error() -> None:
    with pytest.raises(CaptureError, match="logged no"):
        honoured_delay_ms("", gap_s=1.0)


def test_a_retry_sooner_than_the_stated_delay_is_a_capture_error() -> None:
    with pytest.raises(CaptureError, match=r"retried after 0\.500 s"):
        honoured_delay_ms(_V094.format("900ms"), gap_s=0.5)


# The warning above was logged at this wall-clock time.
_LOGGED_AT = datetime(2026, 11, 26, 14, 52, 27, 772061, tzinfo=UTC).timestamp()


def _retried_run(first_request_wall: float, stderr: str) -> ExecRun:
    requests = [
        RecordedRequest("POST", "/v1/responses", [], b"{}", 0.0, first_request_wall),
        RecordedRequest("POST", "/v1/responses", [], b"{}", 2.0, first_request_wall + 2.0),
    ]
    return ExecRun(returncode=0, stdout="", stderr=stderr, requests=requests)


def test_the_lag_is_from_the_failing_request_to_the_warning() -> None:
    run = _retried_run(_LOGGED_AT - 0.25, _V094.format("950ms"))
    lag = statement_lag_s(run)
    assert lag is not None
    assert lag == pytest.approx(0.25, abs=1e-3)


def test_no_lag_without_a_retry_or_a_timestamp() -> None:
    assert statement_lag_s(ExecRun(returncode=0, stdout="", stderr=_V094.format("1s"), requests=[])) is None
    untimed = "WARN codex_core::codex: stream disconnected - retrying sampling request (1/1 in 1s)..."
    assert statement_lag_s(_retried_run(_LOGGED_AT, untimed)) is None


def test_a_late_warning_is_observed_again_and_too_many_are_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    late = _retried_run(_LOGGED_AT - 0.3, _V094.format("896ms"))
    runs: list[ExecRun] = [late, late, _retried_run(_LOGGED_AT - 0.01, _V094.format("1.19s"))]

    def next_run(version: str, stream: StreamUnderTest) -> ExecRun:
        return runs.pop(0)

    monkeypatch.setattr(sse_observe, "_run", next_run)
    monkeypatch.setattr(sse_observe, "_recorded_items", lambda run: [])
    monkeypatch.setattr(sse_observe, "retry_message", lambda events: "m")
    observed: dict[str, Any] = sse_observe.observe("any", StreamUnderTest(""))
    assert observed["end"]["retry_after_ms"] == 1200
    assert runs == []

    monkeypatch.setattr(sse_observe, "_run", lambda version, stream: late)
    with pytest.raises(CaptureError, match="machine too loaded"):
        sse_observe.observe("any", StreamUnderTest(""))


def test_the_senders_own_pauses_between_reads_are_no_lag(monkeypatch: pytest.MonkeyPatch) -> None:
    # 0.1 s after the request: late for a stream read at once, in time for one of 21 reads
    # 5 ms apart (a recorded gateway stream, cut where the gateway's writes ended).
    run = _retried_run(_LOGGED_AT - 0.1, _V094.format("1.19s"))
    monkeypatch.setattr(sse_observe, "_run", lambda version, stream: run)
    monkeypatch.setattr(sse_observe, "_recorded_items", lambda run: [])
    monkeypatch.setattr(sse_observe, "retry_message", lambda events: "m")
    text = "data: {}\n\n" * 21
    cut = StreamUnderTest(text, tuple(range(10, len(text), 10)))
    assert sse_observe.observe("any", cut)["end"]["retry_after_ms"] == 1200
    with pytest.raises(CaptureError, match="machine too loaded"):
        sse_observe.observe("any", StreamUnderTest(text))


_TRACE = "2026-11-26T14:52:27.{}Z TRACE codex_api::sse::responses: SSE event: {}\n"


def test_the_lag_is_from_the_last_event_read_when_the_release_traces_its_reads() -> None:
    # The stream took 0.6 s to arrive on a loaded machine; its last event was read 4 ms before the warning.
    traced = _TRACE.format("700000", '{"type": "response.created"}') + _TRACE.format("768061", "{}")
    lag = statement_lag_s(_retried_run(_LOGGED_AT - 0.6, traced + _V094.format("896ms")))
    assert lag == pytest.approx(0.004, abs=1e-3)


def test_a_statement_echoed_from_the_stream_is_not_the_warning() -> None:
    echoed = _TRACE.format("700000", '{"text": "WARN codex_core::x: retrying sampling request (1/1 in 5s)"}')
    with pytest.raises(CaptureError, match="logged no"):
        honoured_delay_ms(echoed, gap_s=6.0)
    assert honoured_delay_ms(echoed + _V094.format("900ms"), gap_s=6.0) == 900


def test_a_late_warning_of_the_releases_own_backoff_is_read_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # 0.3 s late: a server's delay of up to 0.483 s could be behind `183ms`, all under the floor.
    runs = [_retried_run(_LOGGED_AT - 0.3, _V094.format("183ms"))]
    monkeypatch.setattr(sse_observe, "_run", lambda version, stream: runs.pop(0))
    monkeypatch.setattr(sse_observe, "_recorded_items", lambda run: [])
    monkeypatch.setattr(sse_observe, "retry_message", lambda events: "m")
    assert sse_observe.observe("any", StreamUnderTest(""))["end"]["retry_after_ms"] is None
    # 0.6 s late, a server's 700 ms could be behind it: run again.
    late = _retried_run(_LOGGED_AT - 0.6, _V094.format("183ms"))
    monkeypatch.setattr(sse_observe, "_run", lambda version, stream: late)
    with pytest.raises(CaptureError, match="machine too loaded"):
        sse_observe.observe("any", StreamUnderTest(""))
