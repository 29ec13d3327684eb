"""A call that runs a command (spec/dispatch.md DISPATCH-RUN-1, -2): what the command did is an arg.

The reference runs nothing: a call whose command would run needs ``runs``
(a case always gives it), and the run's account is checked like any arg.
The captured cases (fixtures/dispatch, ``run-*``) pin the texts; these
check what no capture can: an arg missing or of the wrong shape, and an os
error no capture has shown.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from codex_reference.adapter import handle


def _shell(edition: str, runs: Any = None, command: list[str] | None = None) -> dict[str, Any]:
    arguments = json.dumps({"command": ["x"] if command is None else command})
    item = {"type": "function_call", "name": "shell", "arguments": arguments, "call_id": "c"}
    args: dict[str, Any] = {"edition": edition, "model": "gpt-5", "config": {}, "item": item}
    if runs is not None:
        args["runs"] = runs
    answer: dict[str, Any] = handle({"op": "dispatch.call", "args": args})
    return answer


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0"])
def test_a_command_that_runs_needs_runs(edition: str) -> None:
    answer = _shell(edition)
    assert answer["error"]["kind"] == "invalid-args"
    assert "`runs` is needed" in answer["error"]["message"]


@pytest.mark.parametrize(
    "runs",
    [
        {"output": 1, "exit_code": 0},
        {"output": "", "exit_code": "0"},
        {"output": ""},
        "ran",
        {"os_error": "2"},
    ],
)
def test_a_run_of_the_wrong_shape_is_invalid(runs: Any) -> None:
    assert _shell("0.25.0", runs)["error"]["kind"] == "invalid-args"


def test_an_os_error_no_capture_shows_is_declined() -> None:
    assert "os error 13" in _shell("0.94.0", {"os_error": 13})["unsupported"]


def test_an_empty_argv_needs_no_runs() -> None:
    # It never starts: the release's own text, whatever the sandbox holds.
    classic = _shell("0.25.0", command=[])["result"]["item"]["output"]
    assert classic == "execution error: command args are empty"
    assert _shell("0.94.0", command=[])["result"]["item"]["output"] == "command args are empty"


def test_the_run_is_written_in_the_edition_form() -> None:
    runs = {"output": "a\n", "exit_code": 2}
    classic = json.loads(_shell("0.25.0", runs)["result"]["item"]["output"])
    assert classic == {"output": "a\n", "metadata": {"exit_code": 2, "duration_seconds": 0.0}}


def test_a_local_shell_call_without_an_exec_action_is_declined() -> None:
    item = {"type": "local_shell_call", "call_id": "c", "action": {"type": "other"}}
    args = {"edition": "0.25.0", "model": "gpt-5", "config": {}, "item": item}
    assert "unsupported" in handle({"op": "dispatch.call", "args": args})


def test_an_unknown_field_nested_past_pythons_reader_still_runs_the_command() -> None:
    # Found by the explorer (seed hostcalls-wide): serde_json skips the deep unknown field and the
    # command runs; the handler reads only its own fields, so Python's recursive reader is not asked.
    arguments = '{"cmd": "true", "": ' + "[" * 1000 + "]" * 1000 + "}"
    item = {"type": "function_call", "name": "exec_command", "arguments": arguments, "call_id": "c"}
    runs = {"output": "", "exit_code": 0}
    args = {
        "edition": "0.169.0",
        "model": "gpt-5",
        "config": {},
        "item": item,
        "runs": runs,
        "chunk_id": "0a0b0c",
    }
    output = handle({"op": "dispatch.call", "args": args})["result"]["item"]["output"]
    assert output.startswith("Chunk ID: 0a0b0c\n") and output.endswith(
        "Process exited with code 0\nOriginal token count: 0\nOutput:\n"
    )
