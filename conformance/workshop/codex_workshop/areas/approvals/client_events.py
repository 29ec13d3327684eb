"""``approvals.client_events`` answered by a release: what a v1 conversation client is sent.

The scripted model makes one call (``shell`` or ``update_plan``), then
replies, optionally streaming its reply as text deltas; every approval
request is answered with the decision.  The answer is every message the
client received whose method the args name (notifications and the
release's requests), in order, each ``{"method", "params"}`` as sent,
except what the op leaves out (spec/approvals.md, ``approvals.client_events``):
the display parse of a command (``parsed_cmd``, ``parsedCmd``) and an exec's
measured ``duration``.
"""

from __future__ import annotations

from typing import Any

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import sse_event, turn_events
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError, InvalidInputError
from codex_workshop.drive.stall import once_more_if_stalled
from codex_workshop.drive.v1_conversation import V1Turn, run_v1_call

_DECISIONS = ("denied", "abort", "approved", "approved_for_session")
_POLICIES = ("untrusted", "on-failure", "on-request", "never")
_TOOLS = ("shell", "update_plan")
# Left out of every params object: a display summary no op pins, and a measured time.
LEFT_OUT = frozenset({"parsed_cmd", "parsedCmd", "duration"})
# The id of the scripted model's reply message (the item its deltas belong to).
REPLY_ID = "msg_1"


def reply_stream(deltas: list[str], response_id: str) -> str:
    """The model's reply streamed as an added message, its text deltas, then the whole message."""
    message = {
        "type": "message",
        "role": "assistant",
        "id": REPLY_ID,
        "content": [{"type": "output_text", "text": "".join(deltas), "annotations": []}],
    }
    events = turn_events([message], response_id)
    streamed: list[dict[str, Any]] = [
        {"type": "response.output_item.added", "item": {**message, "content": []}}
    ]
    streamed += [
        {
            "type": "response.output_text.delta",
            "delta": delta,
            "item_id": REPLY_ID,
            "output_index": 0,
            "content_index": 0,
        }
        for delta in deltas
    ]
    # Between `response.created` and the finished item, as the Responses API streams them.
    return "".join(sse_event(event) for event in [events[0], *streamed, *events[1:]])


def _without_left_out(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_left_out(item) for key, item in value.items() if key not in LEFT_OUT}
    if isinstance(value, list):
        return [_without_left_out(item) for item in value]
    return value


@once_more_if_stalled
def _turn(  # noqa: PLR0917 - the call, its answers, then the reply
    version: str, name: str, arguments: dict[str, Any], decision: str, policy: str, deltas: list[str] | None
) -> V1Turn:
    subcommand = get_edition(version).v1_conversation_through
    if subcommand is None:
        raise InvalidInputError(f"release {version} has no v1 conversation client")
    reply = None if deltas is None else reply_stream(deltas, "resp_2")
    return run_v1_call(
        release_binary(version),
        subcommand,
        name,
        arguments,
        lambda _request: decision,
        approval_policy=policy,
        reply=reply,
    )


def _check_run(turn: V1Turn, sandboxed: dict[str, Any], version: str) -> None:
    """The case's ``sandboxed`` (the reference's input) must be what the command did."""
    given = (sandboxed.get("stdout", ""), sandboxed.get("stderr", ""), sandboxed.get("exit_code"))
    for message in turn.received:
        msg = (message.get("params") or {}).get("msg") or {}
        if message.get("method") == "codex/event/exec_command_end":
            seen = (msg.get("stdout"), msg.get("stderr"), msg.get("exit_code"))
            if seen != given:
                raise CaptureError(f"release {version} ran the command to {seen!r}, not the case's {given!r}")
            return
    raise CaptureError(f"release {version} did not run the command")


def decision_and_policy(args: dict[str, Any]) -> tuple[str, str]:
    """The user's ``decision`` and the ``approval_policy``, as every approvals op reads them."""
    decision = required(args, "decision", str)
    if decision not in _DECISIONS:
        raise InvalidInputError(f"`decision` must be one of {', '.join(_DECISIONS)}")
    policy = required(args, "approval_policy", str)
    if policy not in _POLICIES:
        raise InvalidInputError(f"`approval_policy` must be one of {', '.join(_POLICIES)}")
    return decision, policy


def client_events(version: str, args: dict[str, Any]) -> dict[str, Any]:
    call = required(args, "call", dict)
    name, arguments = call.get("name"), call.get("arguments")
    if name not in _TOOLS or not isinstance(arguments, dict) or set(call) != {"name", "arguments"}:
        raise InvalidInputError(
            f'`call` must be {{"name", "arguments"}}: a name of {", ".join(_TOOLS)}, an object'
        )
    decision, policy = decision_and_policy(args)
    methods = required(args, "methods", list)
    if not methods or not all(isinstance(method, str) for method in methods):
        raise InvalidInputError("`methods` must be a non-empty array of strings")
    deltas = optional(args, "reply_deltas", list, [])
    if not all(isinstance(delta, str) for delta in deltas):
        raise InvalidInputError("`reply_deltas` must be an array of strings")
    sandboxed = optional(args, "sandboxed", dict, {})
    turn = _turn(version, str(name), arguments, decision, policy, deltas or None)
    if sandboxed:
        _check_run(turn, sandboxed, version)
    received = [
        {"method": message["method"], "params": _without_left_out(message.get("params"))}
        for message in turn.received
        if message.get("method") in methods
    ]
    return {"received": received}
