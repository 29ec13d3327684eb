"""``approvals.client_events``: args no release can be given, and inputs the reference declines.

The cases hold only args a release was given; these check that anything
else gets a clear answer (``invalid-args``, or ``unsupported`` for an input
the model does not cover), never a traceback.
"""

from __future__ import annotations

from typing import Any

import pytest

from codex_reference.adapter import handle

_PLAN: dict[str, Any] = {
    "edition": "0.94.0",
    "call": {"name": "update_plan", "arguments": {"plan": [{"step": "a", "status": "pending"}]}},
    "approval_policy": "never",
    "decision": "denied",
    "methods": ["codex/event/plan_update"],
}
_SHELL: dict[str, Any] = {
    **_PLAN,
    "call": {"name": "shell", "arguments": {"command": ["echo", "hi"]}},
    "methods": ["codex/event/exec_command_begin", "codex/event/exec_command_end"],
    "sandboxed": {"stdout": "hi\n", "stderr": "", "exit_code": 0},
    "cwd": "/tmp/w",
}


def _answer(args: dict[str, Any]) -> dict[str, Any]:
    return handle({"op": "approvals.client_events", "args": args})


@pytest.mark.parametrize(
    "change",
    [
        {"methods": []},
        {"methods": "codex/event/plan_update"},
        {"call": {"name": "shell"}},
        {"call": ["update_plan"]},
        {"call": {"name": "exec_command", "arguments": {}}},
        {"decision": "maybe"},
        {"approval_policy": "sometimes"},
        {"reply_deltas": [1]},
    ],
)
def test_args_no_release_can_be_given(change: dict[str, Any]) -> None:
    answer = _answer({**_PLAN, **change})
    assert answer["error"]["kind"] == "invalid-args", answer


@pytest.mark.parametrize(
    "change",
    [
        {"cwd": None},
        {"sandboxed": None},
        {"sandboxed": {"stdout": "hi\n", "exit_code": True}},
    ],
)
def test_a_run_needs_its_directory_and_output(change: dict[str, Any]) -> None:
    args = {key: value for key, value in {**_SHELL, **change}.items() if value is not None}
    answer = _answer(args)
    assert answer["error"]["kind"] == "invalid-args", answer


@pytest.mark.parametrize(
    "args",
    [
        {**_PLAN, "edition": "0.169.0"},
        {**_PLAN, "methods": ["codex/event/token_count"]},
        {**_PLAN, "call": {"name": "update_plan", "arguments": {"plan": "a"}}},
        {**_PLAN, "call": {"name": "update_plan", "arguments": {"plan": [{"step": "a", "status": "done"}]}}},
        {**_SHELL, "sandboxed": {"stdout": "", "stderr": "no\n", "exit_code": 1}},
        {**_SHELL, "approval_policy": "on-failure"},
        {
            **_SHELL,
            "approval_policy": "untrusted",
            "call": {"name": "shell", "arguments": {"command": ["touch", "x"]}},
            "decision": "approved",
        },
    ],
)
def test_inputs_the_model_does_not_cover_are_declined(args: dict[str, Any]) -> None:
    assert set(_answer(args)) == {"unsupported"}


def test_a_declined_command_in_0_25_0_is_announced_only_by_its_request() -> None:
    args = {
        **_SHELL,
        "edition": "0.25.0",
        "approval_policy": "untrusted",
        "call": {"name": "shell", "arguments": {"command": ["touch", "x"]}},
        "methods": ["codex/event/exec_command_begin", "execCommandApproval", "codex/event/exec_command_end"],
    }
    received = _answer(args)["result"]["received"]
    assert [message["method"] for message in received] == ["execCommandApproval"]
    assert received[0]["params"] == {
        "conversation_id": "00000000-0000-0000-0000-000000000000",
        "call_id": "call_1",
        "command": ["touch", "x"],
        "cwd": "/tmp/w",
    }
