"""``approvals.written_back`` answered by a release: a v1-conversation turn whose approvals are declined.

The scripted model calls ``shell`` with the argv; every approval request is
answered with the decision.  The answer is which requests the release sent
its client, and the items of the follow-up request after the user's prompt,
except the model's own call (re-serialized as spec/items.md says), or null
when the turn was aborted and no follow-up was sent.
"""

from __future__ import annotations

import json
from typing import Any

from codex_conformance.areas import ReleaseOp
from codex_conformance.drive import raw_json
from codex_conformance.drive.args import required
from codex_conformance.drive.cache import release_binary
from codex_conformance.drive.errors import CaptureError, InvalidInputError
from codex_conformance.drive.stall import once_more_if_stalled
from codex_conformance.drive.v1_conversation import CALL_ID, PROMPT, V1Turn, run_v1_turn
from codex_conformance.editions import get_edition

_DECISIONS = ("denied", "abort")


def _after_prompt(turn: V1Turn, version: str) -> list[Any]:
    body = turn.requests[1].body.decode("utf-8")
    start, end = raw_json.member_value(body, "input")
    elements = [json.loads(element) for element in raw_json.array_elements(body[start:end])]
    for index, item in enumerate(elements):
        if item.get("type") == "message" and item.get("role") == "user" and PROMPT in json.dumps(item):
            return [
                element
                for element in elements[index + 1 :]
                if not (element.get("type") == "function_call" and element.get("call_id") == CALL_ID)
            ]
    raise CaptureError(f"release {version}: the follow-up request does not carry the prompt")


@once_more_if_stalled
def _turn(version: str, argv: list[str], decision: str) -> V1Turn:
    subcommand = get_edition(version).v1_conversation_through
    if subcommand is None:
        raise InvalidInputError(f"release {version} has no v1 conversation to ask approvals in")
    return run_v1_turn(release_binary(version), subcommand, argv, lambda _request: decision)


def written_back(version: str, args: dict[str, Any]) -> dict[str, Any]:
    argv = required(args, "argv", list)
    if not argv or not all(isinstance(arg, str) for arg in argv):
        raise InvalidInputError("`argv` must be a non-empty array of strings")
    decision = required(args, "decision", str)
    if decision not in _DECISIONS:
        raise InvalidInputError(f"`decision` must be one of {', '.join(_DECISIONS)}")
    if required(args, "call_id", str) != CALL_ID:
        raise InvalidInputError(f"`call_id` must be {CALL_ID!r}: the scripted model's call id")
    turn = _turn(version, argv, decision)
    asked = [request.method for request in turn.asked]
    if turn.aborted:
        if len(turn.requests) != 1:
            raise CaptureError(f"release {version} aborted the turn but sent a follow-up request")
        return {"asked": asked, "written_back": None}
    if len(turn.requests) < 2:
        raise CaptureError(f"release {version} sent no follow-up request for argv {argv!r}")
    return {"asked": asked, "written_back": _after_prompt(turn, version)}


OPS: dict[str, ReleaseOp] = {"approvals.written_back": written_back}
