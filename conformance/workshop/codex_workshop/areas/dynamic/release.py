"""The ``dynamic`` ops answered by running a release's ``codex app-server``.

``dynamic.to_responses``: the release is started twice with the same
configuration, without and with the dynamic tools; the entries of the
second first-request ``tools`` array that the first lacks, in the second's
order, are what the dynamic tools became (as ``mcp.tools_to_responses``
does for MCP servers).  ``dynamic.call_output``: the scripted model calls
one dynamic tool, the runner answers the release's ``item/tool/call`` as the
args say, and the follow-up request carries the output item.
``dynamic.call_request``: the params of that ``item/tool/call`` request.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from codex_conformance.mock_responses_server import simple_reply_stream, turn_stream
from codex_workshop.areas import ReleaseOp
from codex_workshop.drive.added_tools import entries_added
from codex_workshop.drive.app_server import AppServerRun, run_app_server_turn
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import follow_up_input
from codex_workshop.drive.errors import CaptureError, InvalidInputError, ReleaseRejectedError

PROMPT = "codex-conformance dynamic turn"
CALLED_TOOL = "echo"
_CALLED_SPEC = {
    "type": "function",
    "name": CALLED_TOOL,
    "description": "conformance tool",
    "inputSchema": {"type": "object"},
}


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def rejection_kind(message: str) -> str:
    # The release answers both with JSON-RPC code -32600; the text tells a
    # params shape serde refused from a spec the validation refused.
    return "invalid-params" if message.startswith("Invalid request:") else "invalid-dynamic-tool"


def _turn(version: str, tools: Any, streams: list[Any], answer: dict[str, Any]) -> AppServerRun:
    # A list of specs, or any other JSON for the release to refuse.
    thread_params = {"dynamicTools": tools}
    turn = run_app_server_turn(
        version, streams=streams, prompt=PROMPT, thread_params=thread_params, answer=answer
    )
    if turn.thread_error is not None:
        message = str(turn.thread_error.get("message", turn.thread_error))
        raise ReleaseRejectedError(rejection_kind(message), message)
    return turn


def _first_tools(version: str, tools: Any) -> list[Any]:
    turn = _turn(version, tools, [simple_reply_stream()], {"error": {"code": -32601, "message": "unused"}})
    sent = turn.run.first_responses_body().get("tools", [])
    if not isinstance(sent, list):
        raise CaptureError("`tools` in the request body is not an array")
    return sent


@cache
def _baseline(version: str) -> tuple[str, ...]:
    return tuple(_canonical(tool) for tool in _first_tools(version, []))


def dynamic_to_responses(version: str, args: dict[str, Any]) -> dict[str, Any]:
    # Any JSON: a value that is not an array is the release's to refuse.
    tools = required(args, "tools", object)
    return {"tools": entries_added(_first_tools(version, tools), _baseline(version))}


def _call_stream(call_id: str, arguments: str = "{}", tool: str = CALLED_TOOL) -> str:
    call = {
        "type": "function_call",
        "id": "fc_conformance_dynamic",
        "name": tool,
        "arguments": arguments,
        "call_id": call_id,
    }
    return turn_stream([call])


# The answer to the call whose request is observed: what it becomes is
# dynamic.call_output's subject (a JSON-RPC error, the same in every edition).
_ANY_ANSWER: dict[str, Any] = {"error": {"code": -32603, "message": "codex-conformance"}}


def dynamic_call_request(version: str, args: dict[str, Any]) -> dict[str, Any]:
    """The params of the ``item/tool/call`` request the release sends its client for one call."""
    call_id = required(args, "call_id", str)
    tool = required(args, "tool", str)
    arguments = required(args, "arguments", str)
    streams = [_call_stream(call_id, arguments, tool), simple_reply_stream(response_id="resp_2")]
    turn = _turn(version, [{**_CALLED_SPEC, "name": tool}], streams, _ANY_ANSWER)
    if not turn.tool_calls:
        raise CaptureError(f"release {version} never asked the client to run the dynamic tool")
    return {"params": turn.tool_calls[0]}


def dynamic_call_output(version: str, args: dict[str, Any]) -> dict[str, Any]:
    call_id = required(args, "call_id", str)
    answer = required(args, "answer", dict)
    if not isinstance(answer, dict) or len(answer) != 1 or not ({"result", "error"} & answer.keys()):
        raise InvalidInputError('`answer` must be {"result": ...} or {"error": ...}')
    streams = [_call_stream(call_id), simple_reply_stream(response_id="resp_2")]
    turn = _turn(version, [_CALLED_SPEC], streams, answer)
    if not turn.tool_calls:
        raise CaptureError(f"release {version} never asked the client to run the dynamic tool")
    for element in follow_up_input(turn.run, version):
        item = json.loads(element)
        if item.get("type") == "function_call_output" and item.get("call_id") == call_id:
            return {"item": item}
    raise CaptureError(f"release {version} wrote back no output for the dynamic tool call")


OPS: dict[str, ReleaseOp] = {
    "dynamic.to_responses": dynamic_to_responses,
    "dynamic.call_output": dynamic_call_output,
    "dynamic.call_request": dynamic_call_request,
}
