"""How an sse capture reads the delay a release honoured: from the one it states in its retry warning."""

from __future__ import annotations

import pytest

from codex_conformance.drive.errors import CaptureError
from codex_conformance.drive.sse_observe import honoured_delay_ms

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
