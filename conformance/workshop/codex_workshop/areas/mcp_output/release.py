"""Run one MCP tool call through a real release and read what it writes back.

The release is given one stdio MCP server (drive/fake_mcp_server.py) whose
``tools/call`` answers as scripted; the first scripted model turn calls that
server's tool, and the follow-up request carries the output item the release
made of the server's answer.  That item is the observation.

The server is configured through extra config lines rather than
``exec_run.McpServerConfig`` because it needs a second file (the scripted
calls) and per-server keys (``tool_timeout_sec``) the shared config writer
does not know, and the capture harness is shared with other areas.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from codex_conformance.editions import get_edition
from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.mcp_output.one_call import RUN_TIMEOUT_SECONDS, fake_server, run_one_call
from codex_workshop.areas.mcp_output.resources import resource_output
from codex_workshop.drive.args import required
from codex_workshop.drive.conversation_run import PROMPT, follow_up_input
from codex_workshop.drive.errors import (
    CaptureError,
    InvalidInputError,
    NoAnswerError,
    ReleaseRejectedError,
)

SERVER = "srv"
CALL_ID = "call_conformance_mcp"


def _server_config(
    tools: list[Any], calls: dict[str, Any], timeout_sec: float | None
) -> Callable[[Path], dict[str, Any]]:
    def configured(scratch: Path) -> dict[str, Any]:
        server = fake_server(scratch, "", tools, calls)
        if timeout_sec is not None:
            server["tool_timeout_sec"] = timeout_sec
        return {SERVER: server}

    return configured


def call_written_back(
    version: str,
    call: dict[str, Any],
    tools: list[Any],
    calls: dict[str, Any],
    *,
    timeout_sec: float | None = None,
    window: float | None = None,
) -> list[str]:
    """The raw text of each input item after the prompt in the follow-up request.

    ``window``: give up after that many seconds and raise ``NoAnswerError``
    (the release's run ends with its second response, so a run that does
    not end sent no follow-up).
    """
    try:
        run = run_one_call(
            version,
            call,
            _server_config(tools, calls, timeout_sec),
            timeout=window if window is not None else RUN_TIMEOUT_SECONDS,
        )
    except CaptureError as stuck:
        if window is None:
            raise
        raise NoAnswerError(f"release {version} wrote nothing back within {window:g} s: {stuck}") from stuck
    elements = follow_up_input(run, version)
    for index, element in enumerate(elements):
        item = json.loads(element)
        if item.get("type") == "message" and item.get("role") == "user" and PROMPT in element:
            return elements[index + 1 :]
    raise CaptureError("the follow-up request does not carry the prompt")


# How the scripted model names the server's tool in its call (Edition.mcp_call_naming):
# flat `server__tool` or `mcp__server__tool` functions, or the bare tool in the
# `mcp__server` namespace tool (where a flat name is "unsupported call").
_CALL_NAMING: dict[str, Callable[[str, str], dict[str, str]]] = {
    "flat": lambda server, tool: {"name": f"{server}__{tool}"},
    "prefixed": lambda server, tool: {"name": f"mcp__{server}__{tool}"},
    "namespaced": lambda server, tool: {"name": tool, "namespace": f"mcp__{server}"},
}


def _call_naming(version: str, server: str, tool: str) -> dict[str, str]:
    return _CALL_NAMING[get_edition(version).mcp_call_naming](server, tool)


# A release that waits on a server forever (0.25.0 has no tool-call timeout,
# and never answers a call whose result it cannot read) is observed for this
# long; no follow-up within it is the observation.  A normal run takes about
# a second, so the window only ever ends runs that are stuck.
NO_ANSWER_WINDOW_SECONDS = 15.0


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _check_raw_result(answer: dict[str, Any]) -> None:
    """``raw_result`` is a result's JSON text; other text is no answer (the reference says the same).

    A server that writes broken JSON leaves the call unanswered, and the
    release waits out its whole window: a shrinker cutting the text one
    character at a time would wait thousands of seconds for nothing.
    """
    if "raw_result" not in answer:
        return
    try:
        json.loads(str(answer["raw_result"]), parse_constant=_no_constant)
    except ValueError as broken:
        raise InvalidInputError(f"`answer.raw_result` is not JSON text: {broken}") from None


def mcp_call_output(version: str, args: dict[str, Any]) -> dict[str, Any]:
    server, tool = required(args, "server", str), required(args, "tool", str)
    call_id = required(args, "call_id", str)
    answer = required(args, "answer", dict)
    _check_raw_result(answer)
    call = {
        "type": "function_call",
        "id": "fc_conformance_mcp",
        **_call_naming(version, server, tool),
        "arguments": "{}",
        "call_id": call_id,
    }
    listed = {"name": tool, "description": "conformance tool", "inputSchema": {"type": "object"}}
    timeout = args.get("tool_timeout_sec")
    try:
        elements = call_written_back(
            version,
            call,
            [listed],
            {tool: answer},
            timeout_sec=float(timeout) if timeout is not None else None,
            window=NO_ANSWER_WINDOW_SECONDS,
        )
    except NoAnswerError as silent:
        raise ReleaseRejectedError("no-output", str(silent)) from silent
    for element in elements:
        item = json.loads(element)
        if item.get("type") == "function_call_output" and item.get("call_id") == call_id:
            return {"item": item}
    raise CaptureError(f"release {version} wrote back no output for the MCP call: {elements}")


OPS: dict[str, ReleaseOp] = {"mcp.call_output": mcp_call_output, "mcp.resource_output": resource_output}
