"""DYN-REQUEST-1: the ``item/tool/call`` request a dynamic tool call sends the client.

The release asks its client to run the tool with a JSON-RPC request whose
params name the thread and turn (ids it makes up per run, compared by
form), the model's call id, the tool, and the model's arguments parsed as
JSON.  Only 0.94.0's request is captured.
"""

from __future__ import annotations

import json

from codex_reference.dynamic.rules import DynamicRules
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON

__all__ = ["call_request"]

# Any id of the release's form is as good as the one it made up (compared by form).
_PLACEHOLDER_UUID = "00000000-0000-0000-0000-000000000000"


def _string(args: dict[str, JSON], key: str) -> str:
    value = args.get(key)
    if not isinstance(value, str):
        raise InvalidArgs(f"`{key}` must be a string")
    return value


def call_request(rules: DynamicRules, args: dict[str, JSON]) -> dict[str, JSON]:
    if rules.call_request_keys is None:
        raise NotModelled("this edition's item/tool/call request is not captured")
    call_id, tool, arguments = _string(args, "call_id"), _string(args, "tool"), _string(args, "arguments")
    try:
        parsed: JSON = json.loads(arguments)
    except json.JSONDecodeError:
        raise NotModelled("arguments that are no JSON: what the release sends is not captured") from None
    values: dict[str, JSON] = {
        "threadId": _PLACEHOLDER_UUID,
        "turnId": rules.call_request_turn_id,
        "callId": call_id,
        "tool": tool,
        "arguments": parsed,
    }
    return {"params": {key: values[key] for key in rules.call_request_keys}}
