"""A stalled release run is run once more, and only a stall is."""

from __future__ import annotations

import pytest

from codex_conformance.drive.errors import CaptureError, ReleaseStalledError
from codex_conformance.drive.stall import once_more_if_stalled


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
