"""Reading a command's run back from the output a release wrote (areas/dispatch/command_runs.py).

The texts are the releases' own, as the captures in fixtures/dispatch
(``run-*``) hold them: each form gives back what the command printed and
its exit code, or the os error that kept it from starting; anything else,
or an output cut short, gives nothing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY
from codex_workshop.areas.dispatch.command_runs import expected_output, fixed_output, observed_runs
from codex_workshop.areas.dispatch.explore import _settle

NOT_STARTED = [
    "execution error: No such file or directory (os error 2)",
    'execution error: Io(Os { code: 2, kind: NotFound, message: "No such file or directory" })',
    'exec_command failed: CreateProcess { message: "Rejected(\\"Failed to create unified exec process: '
    'No such file or directory (os error 2)\\")" }',
]


@pytest.mark.parametrize(
    ("output", "runs"),
    [
        (
            '{"output":"hi\\n","metadata":{"exit_code":3,"duration_seconds":0.1}}',
            {"output": "hi\n", "exit_code": 3},
        ),
        (
            "Chunk ID: 2cd8a8\nWall time: 0.2823 seconds\nProcess exited with code 127\n"
            "Original token count: 1\nOutput:\na\n",
            {"output": "a\n", "exit_code": 127},
        ),
        (
            "Wall time: 0.006 seconds\nProcess exited with code 0\nOutput:\nhi\r\n",
            {"output": "hi\n", "exit_code": 0},
        ),
        ("Exit code: 1\nWall time: 0.2 seconds\nOutput:\nx\n", {"output": "x\n", "exit_code": 1}),
        *[(text, {"os_error": 2}) for text in NOT_STARTED],
    ],
)
def test_each_form_gives_the_run(output: str, runs: dict[str, Any]) -> None:
    assert observed_runs(output) == runs


@pytest.mark.parametrize(
    "output",
    [
        "failed to parse function arguments: missing field `command` at line 1 column 2",
        "unsupported call: shell",
        "execution error: command args are empty",
        '{"output":"Total output lines: 300\\n\\nx","metadata":{"exit_code":0,"duration_seconds":0.0}}',
        '{"output": 1}',
    ],
)
def test_no_run_where_the_text_is_no_whole_run(output: str) -> None:
    assert observed_runs(output) is None


def test_the_command_header_wall_time_is_a_pattern_and_an_arg() -> None:
    text = "Exit code: 0\nWall time: 1.5 seconds\nOutput:\n"
    shown, measured = expected_output(text)
    assert measured == {"duration_seconds": 1.5}
    assert shown[OBSERVED_KEY] == text
    assert re.fullmatch(shown[PATTERN_KEY], "Exit code: 0\nWall time: 12 seconds\nOutput:\n")
    assert fixed_output(text) == ("Exit code: 0\nWall time: 0 seconds\nOutput:\n", {"duration_seconds": 0.0})


def test_the_explorer_gives_the_reference_the_run_and_fixed_values() -> None:
    output = (
        "Chunk ID: 2cd8a8\nWall time: 0.2823 seconds\nProcess exited with code 0\n"
        "Original token count: 0\nOutput:\n"
    )
    release = {"result": {"item": {"type": "function_call_output", "call_id": "c", "output": output}}}
    settled, observed = _settle(release)
    assert observed["runs"] == {"output": "", "exit_code": 0}
    assert observed["chunk_id"] != "2cd8a8"
    assert settled["result"]["item"]["output"].startswith(f"Chunk ID: {observed['chunk_id']}\n")
