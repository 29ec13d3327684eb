"""``approvals.written_back`` answered by a release: a turn whose approvals are answered.

Where the edition asks approvals in the v1 conversation the scripted model
calls ``shell`` with the argv; where it asks them in app-server v2 threads,
``exec_command`` with the cmd.  Every approval request is answered with
the decision.  With ``calls`` the model makes the same call that many
times, one reply after another.  The answer is which requests the release
sent its client, and the items of the last request after the user's
prompt, except the model's own calls (re-serialized as spec/items.md
says), or null when the turn was aborted and no follow-up was sent.  ``rules`` is written
to CODEX_HOME/rules/default.rules, where 0.94.0 loads its exec policy.
"""

from __future__ import annotations

import json
import re
from typing import Any

from codex_conformance.editions import get_edition
from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.approvals.client_events import client_events, decision_and_policy
from codex_workshop.areas.approvals.v2_approvals import run_v2_turn
from codex_workshop.drive import raw_json
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError, InvalidInputError
from codex_workshop.drive.stall import once_more_if_stalled
from codex_workshop.drive.v1_conversation import CALL_ID, PROMPT, V1Turn, call_id, run_v1_turn

# The conversation's sandbox: read-only unless a case names workspace-write (APPROVAL-PATCH-3).
_SANDBOXES = ("read-only", "workspace-write")
RULES_FILE = "rules/default.rules"
# At most this many calls: enough to show what an approval for the session changes.
_MAX_CALLS = 3


def _after_prompt(turn: V1Turn, version: str, calls: int) -> list[Any]:
    ours = {call_id(index) for index in range(calls)}
    body = turn.requests[-1].body.decode("utf-8")
    start, end = raw_json.member_value(body, "input")
    elements = [json.loads(element) for element in raw_json.array_elements(body[start:end])]
    for index, item in enumerate(elements):
        if item.get("type") == "message" and item.get("role") == "user" and PROMPT in json.dumps(item):
            return [
                element
                for element in elements[index + 1 :]
                if not (element.get("type") == "function_call" and element.get("call_id") in ours)
            ]
    raise CaptureError(f"release {version}: the follow-up request does not carry the prompt")


@once_more_if_stalled
def _v2_turn(version: str, cmd: str, decision: str, policy: str, calls: int) -> V1Turn:
    return run_v2_turn(
        release_binary(version), cmd, lambda _request: decision, approval_policy=policy, calls=calls
    )


@once_more_if_stalled
def _turn(  # noqa: PLR0917 - the call, its answer, then its setting
    version: str,
    argv: list[str],
    decision: str,
    policy: str,
    rules: str | None,
    calls: int,
    call_arguments: dict[str, Any] | None = None,
    sandbox: str = "read-only",
) -> V1Turn:
    subcommand = get_edition(version).v1_conversation_through
    if subcommand is None:
        raise InvalidInputError(f"release {version} has no v1 conversation to ask approvals in")
    home_files = {} if rules is None else {RULES_FILE: rules.encode("utf-8")}
    return run_v1_turn(
        release_binary(version),
        subcommand,
        argv,
        lambda _request: decision,
        approval_policy=policy,
        home_files=home_files,
        calls=calls,
        call_arguments=call_arguments,
        sandbox=sandbox,
    )


def _command_run(args: dict[str, Any], key: str) -> tuple[str, int] | None:
    run = optional(args, key, dict, {})
    if not run:
        return None
    output, exit_code = run.get("output"), run.get("exit_code")
    if not isinstance(output, str) or not isinstance(exit_code, int) or isinstance(exit_code, bool):
        raise InvalidInputError(
            f"`{key}` must be an object with a string `output` and an integer `exit_code`"
        )
    return output, exit_code


# 0.169.0's exec output: a header, then the command's output after `Output:`.
_UNIFIED = re.compile(
    r"\AChunk ID: [0-9a-f]+\nWall time: [0-9.]+ seconds\nProcess exited with code (-?[0-9]+)\n"
    r"Original token count: [0-9]+\nOutput:\n"
)


def _exec_run(text: str) -> tuple[Any, Any] | None:
    """(output, exit code) of an exec output text (a JSON object, or 0.169.0's text); None for other texts."""
    unified = _UNIFIED.match(text)
    if unified is not None:
        return text[unified.end() :], int(unified.group(1))
    try:
        written = json.loads(text)
    except json.JSONDecodeError:
        return None
    if not isinstance(written, dict) or not isinstance(written.get("metadata"), dict):
        return None
    return written.get("output"), written["metadata"].get("exit_code")


def _check_runs(items: list[Any], given: list[tuple[str, int]], version: str) -> None:
    """Each exec output written back must be one of the runs the case describes.

    The case's ``runs``/``sandboxed`` are the reference's account of what the
    command does; a release that wrote something else means the case's data are wrong.
    """
    for item in items:
        if item.get("type") != "function_call_output":
            continue
        seen = _exec_run(item.get("output", ""))
        if seen is None:
            continue  # a fixed text, not an exec output
        if seen not in given:
            raise CaptureError(
                f"release {version} ran the command to {seen!r}, not one of the case's {given!r}"
            )


def _command_turn(version: str, args: dict[str, Any], decision: str, policy: str, calls: int) -> V1Turn:
    """The turn, in the v1 conversation (``argv``) or an app-server v2 thread (``cmd``)."""
    rules = args.get("rules")
    if rules is not None and not isinstance(rules, str):
        raise InvalidInputError("`rules` must be a string")
    call_arguments = optional(args, "call_arguments", dict, {})
    if "command" in call_arguments:
        raise InvalidInputError("`call_arguments` holds the call's other arguments: `command` is `argv`")
    sandbox = optional(args, "sandbox", str, "read-only")
    if sandbox not in _SANDBOXES:
        raise InvalidInputError(f"`sandbox` must be one of {', '.join(_SANDBOXES)}")
    if get_edition(version).approvals_through == "app-server-v2":
        cmd = required(args, "cmd", str)
        if rules is not None or "argv" in args or call_arguments or "sandbox" in args:
            raise InvalidInputError(
                f"release {version} is given a `cmd` only (no `argv`, `rules`, `call_arguments` or `sandbox`)"
            )
        return _v2_turn(version, cmd, decision, policy, calls)
    argv = required(args, "argv", list)
    if not argv or not all(isinstance(arg, str) for arg in argv):
        raise InvalidInputError("`argv` must be a non-empty array of strings")
    return _turn(version, argv, decision, policy, rules, calls, call_arguments, sandbox)


def written_back(version: str, args: dict[str, Any]) -> dict[str, Any]:
    decision, policy = decision_and_policy(args)
    if required(args, "call_id", str) != CALL_ID:
        raise InvalidInputError(f"`call_id` must be {CALL_ID!r}: the scripted model's call id")
    calls = optional(args, "calls", int, 1)
    if not 1 <= calls <= _MAX_CALLS:
        raise InvalidInputError(f"`calls` must be from 1 to {_MAX_CALLS}")
    given = [run for run in (_command_run(args, "sandboxed"), _command_run(args, "runs")) if run is not None]
    turn = _command_turn(version, args, decision, policy, calls)
    asked = [request.method for request in turn.asked]
    if turn.aborted:
        if len(turn.requests) != 1:
            raise CaptureError(f"release {version} aborted the turn but sent a follow-up request")
        return {"asked": asked, "written_back": None}
    if len(turn.requests) < calls + 1:
        raise CaptureError(f"release {version} sent no follow-up request for {args!r}")
    items = _after_prompt(turn, version, calls)
    _check_runs(items, given, version)
    return {"asked": asked, "written_back": items}


OPS: dict[str, ReleaseOp] = {"approvals.written_back": written_back, "approvals.client_events": client_events}
