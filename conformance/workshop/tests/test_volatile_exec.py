"""Volatile spans of exec outputs: the measured values become args, their text a pattern."""

from __future__ import annotations

import re

from codex_conformance.compare import PATTERN_KEY
from codex_workshop.drive.volatile import exec_output, fixed_exec_output

TIMED_OUT = (
    '{"output":"command timed out after 1002 milliseconds\\nstart\\n",'
    '"metadata":{"exit_code":124,"duration_seconds":1.0}}'
)


def test_a_timed_out_command_keeps_its_duration_to_the_millisecond() -> None:
    expected, observed = exec_output(TIMED_OUT)
    # The milliseconds are the exact measure; the tenths are that measure rounded.
    assert observed == {"duration_seconds": 1.002}
    pattern = re.compile(expected[PATTERN_KEY])
    assert pattern.fullmatch(TIMED_OUT.replace("1002", "987").replace("1.0}", "0.9}"))
    assert not pattern.fullmatch(TIMED_OUT.replace("\\nstart", "\\nstop"))


def test_a_classic_output_keeps_its_tenths() -> None:
    text = '{"output":"hi\\n","metadata":{"exit_code":0,"duration_seconds":0.3}}'
    expected, observed = exec_output(text)
    assert observed == {"duration_seconds": 0.3}
    assert re.fullmatch(expected[PATTERN_KEY], text.replace("0.3}", "12.5}"))


def test_the_fixed_form_of_a_timed_out_command_has_zero_for_both_durations() -> None:
    fixed, args = fixed_exec_output(TIMED_OUT)
    assert fixed == TIMED_OUT.replace("1002", "0").replace('"duration_seconds":1.0', '"duration_seconds":0.0')
    assert args == {"duration_seconds": 0.0}


PTY_RUNNING = "Wall time: 1.002 seconds\nProcess running with session ID 3\nOutput:\nstart\r\n"


def test_a_terminal_session_keeps_its_wall_time_to_the_millisecond_and_its_session() -> None:
    # 0.25.0's exec_command: three decimals, no chunk id (spec/exec_output.md, EXEC-PTY-1).
    expected, observed = exec_output(PTY_RUNNING)
    assert observed == {"duration_seconds": 1.002, "session_id": 3}
    pattern = re.compile(expected[PATTERN_KEY])
    assert pattern.fullmatch(PTY_RUNNING.replace("1.002", "12.345").replace("ID 3", "ID 0"))
    assert not pattern.fullmatch(PTY_RUNNING.replace("1.002", "1.0020"))
    assert not pattern.fullmatch(PTY_RUNNING.replace("start", "stop"))


def test_the_fixed_form_of_a_terminal_session_has_zero_wall_time() -> None:
    fixed, args = fixed_exec_output(PTY_RUNNING)
    assert fixed == PTY_RUNNING.replace("1.002", "0.000").replace("ID 3", "ID 0")
    assert args == {"duration_seconds": 0.0, "session_id": 0}
