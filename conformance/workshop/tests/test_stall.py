"""A stalled release run is run once more, and only a stall is; the rerun is recorded, in the call's time."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from codex_conformance.connection.deadline import CallBudget, DeadlineRunner
from codex_workshop.drive.errors import CaptureError, ReleaseStalledError
from codex_workshop.drive.stall import once_more_if_stalled, recording_reruns, run_wait


class _Script:
    """Raises the scripted errors in turn, then answers with the number of calls."""

    def __init__(self, *errors: Exception) -> None:
        self.errors = list(errors)
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)
        return self.calls


def test_an_answer_is_not_run_again() -> None:
    script = _Script()
    assert once_more_if_stalled(script)() == 1
    assert script.calls == 1


def test_a_stall_is_run_once_more() -> None:
    script = _Script(ReleaseStalledError("quiet"))
    assert once_more_if_stalled(script)() == 2


def test_two_stalls_are_an_error_naming_both() -> None:
    script = _Script(ReleaseStalledError("first quiet"), ReleaseStalledError("second quiet"))
    with pytest.raises(ReleaseStalledError, match="second quiet; it stalled the first time too"):
        once_more_if_stalled(script)()
    assert script.calls == 2


def test_other_failures_are_not_run_again() -> None:
    script = _Script(CaptureError("no request"))
    with pytest.raises(CaptureError, match="no request"):
        once_more_if_stalled(script)()
    assert script.calls == 1


# The rerun is reported, and the run's waits follow the adapter call's budget.


def test_a_rerun_is_recorded_with_why() -> None:
    script = _Script(ReleaseStalledError("quiet"))
    with recording_reruns() as reruns:
        assert once_more_if_stalled(script)() == 2
    assert reruns == ["stalled: quiet"]


def test_no_rerun_records_nothing() -> None:
    with recording_reruns() as reruns:
        once_more_if_stalled(_Script())()
    assert reruns == []


def test_outside_an_adapter_call_a_run_waits_its_own_default() -> None:
    assert run_wait(120.0) == 120.0


def _stalls_once(waits: list[float]) -> Callable[[], float]:
    @once_more_if_stalled
    def run() -> float:
        wait = run_wait(120.0)
        waits.append(wait)
        if len(waits) == 1:
            time.sleep(wait)
            raise ReleaseStalledError(f"quiet for {wait:.2f} s")
        return wait

    return run


def test_a_run_waits_less_than_the_call_has_and_its_rerun_gets_one_more_timeout() -> None:
    waits: list[float] = []
    with recording_reruns() as reruns:
        call = DeadlineRunner().call(lambda _: _stalls_once(waits)(), None, 1.0)
    assert call.error is None, call.error  # past its first second, not abandoned: extended once
    first, second = waits
    assert first <= 0.75  # the timeout less its margin (a quarter of it)
    assert 0.5 < second <= 0.75
    [why] = reruns  # the call's context is a copy of this one: the same list
    assert why.startswith("stalled: quiet for ")


def test_a_call_budget_extends_once_and_never_after_the_kit_gave_up() -> None:
    budget = CallBudget(60.0)
    assert budget.extend()
    assert not budget.extend()
    late = CallBudget(0.01)
    time.sleep(0.02)
    assert late.expire_if_due()
    assert not late.extend()
