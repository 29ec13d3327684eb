"""How an sse capture reads the delay a release honoured from the gap between its two requests."""

from __future__ import annotations

import json

import pytest

from codex_conformance.drive.exec_run import ExecRun
from codex_conformance.drive.mock_responses_server import RecordedRequest
from codex_conformance.drive.sse_observe import _end

_NOTICE = json.dumps({"type": "error", "message": "Reconnecting... 1/1 (Rate limit reached.)"})


def _run(gap: float) -> ExecRun:
    requests = [RecordedRequest("POST", "/v1/responses", [], b"{}", at) for at in (10.0, 10.0 + gap)]
    return ExecRun(0, _NOTICE + "\n", "", requests)


@pytest.mark.parametrize(
    ("gap", "delay"),
    [
        (0.901, 900),
        (0.949, 900),  # the release and the mock server took 49 ms around a 900 ms delay
        (11.08, 11100),  # an upstream test's `11.054s`, 26 ms later
        (1.5, 1500),
        (0.69, None),  # the release's own backoff: no delay was asked for
    ],
)
def test_the_delay_is_the_gap_rounded_to_a_tenth(gap: float, delay: int | None) -> None:
    end = _end(_run(gap))
    assert end["error"] == "retryable"
    assert end["retry_after_ms"] == delay
