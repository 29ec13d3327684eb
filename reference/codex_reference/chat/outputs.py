"""The history a chat body is made from: each call answered, no answer without its call (CHAT-REQ-OUTPUT-3/4).

A call whose output the history does not hold gets the output "aborted"
(the turn that made it never finished); 0.25.0 sends those first, 0.94.0
right after their calls, and 0.94.0 also leaves out outputs whose call is
not there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from codex_reference.json_types import JSON

if TYPE_CHECKING:
    from codex_reference.chat.rules import ChatRules

ABORTED = "aborted"
_OUTPUT_OF = {"custom_tool_call": "custom_tool_call_output"}
_OUTPUTS = ("function_call_output", "custom_tool_call_output")


def _call_id(item: dict[str, JSON]) -> str | None:
    call_id = item.get("call_id")
    return call_id if isinstance(call_id, str) else None


def answered(rules: ChatRules, items: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    answers = {_call_id(item) for item in items if item.get("type") in _OUTPUTS}
    calls = {_call_id(item) for item in items if item.get("type") in rules.calls_needing_outputs}
    first: list[dict[str, JSON]] = []
    held: list[dict[str, JSON]] = []
    for item in items:
        call_id = _call_id(item)
        if rules.drop_orphan_outputs and item.get("type") in _OUTPUTS and call_id not in calls:
            continue
        held.append(item)
        if item.get("type") in rules.calls_needing_outputs and call_id is not None and call_id not in answers:
            kind = _OUTPUT_OF.get(str(item.get("type")), "function_call_output")
            aborted: dict[str, JSON] = {"type": kind, "call_id": call_id, "output": ABORTED}
            (first if rules.missing_outputs_first else held).append(aborted)
    return [*first, *held]
