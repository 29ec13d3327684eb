"""The ``skills`` ops answered by running release 0.169.0's ``codex app-server``.

The release loads the op's snapshot with ``--cloud-skills-snapshot`` and
shows the ``skills`` namespace once ``thread/start`` carries
``"environments": []`` (spec/skills.md).  ``skills.tools`` reads the
namespace entry and the cloud ``<skills_instructions>`` block off the first
Responses request; ``skills.list`` and ``skills.read`` script the model to
call the tool once per element of ``calls``, in one thread, and read every
``function_call_output`` back from the last request.  A ``cursor`` written
``{"$next_cursor": K}`` is replaced, when the model's call is made, by the
``next_cursor`` the release returned for call K: cursors are the release's
own strings, so a later call can only pass one it issued; ``{"$next_cursor":
K, "$offset_add": N}`` is that cursor with N added to its offset (its second
field), a cursor the release never issued but whose fingerprint it knows.
"""

from __future__ import annotations

import json
from typing import Any

from codex_conformance.mock_responses_server import (
    RecordedRequest,
    Stream,
    StreamFactory,
    simple_reply_stream,
    turn_stream,
)
from codex_workshop.areas import ReleaseOp
from codex_workshop.drive import raw_json
from codex_workshop.drive.app_server import AppServerRun, run_app_server_turn
from codex_workshop.drive.args import required
from codex_workshop.drive.errors import CaptureError, InvalidInputError, ReleaseRejectedError

PROMPT = "codex-conformance skills turn"
NAMESPACE = "skills"
# Without an `environments` list the thread never asks its skill providers.
THREAD_PARAMS: dict[str, Any] = {"environments": []}
CURSOR_REF = "$next_cursor"
OFFSET_ADD = "$offset_add"
_CATALOG_OPEN = "<skills_instructions>"
_CATALOG_MARK = "skills.read("


def _snapshot(args: dict[str, Any]) -> Any:
    # Any JSON value: a snapshot serde cannot read is the release's to refuse (invalid-snapshot).
    if "snapshot" not in args:
        raise InvalidInputError("missing arg `snapshot`")
    return args["snapshot"]


def _turn(version: str, snapshot: Any, streams: list[Stream | StreamFactory]) -> AppServerRun:
    turn = run_app_server_turn(
        version, streams=streams, prompt=PROMPT, thread_params=THREAD_PARAMS, skills_snapshot=snapshot
    )
    if turn.start_error is not None:
        raise ReleaseRejectedError("invalid-snapshot", turn.start_error)
    if turn.thread_error is not None:
        raise CaptureError(f"release {version} refused thread/start: {turn.thread_error}")
    return turn


def skills_tools(version: str, args: dict[str, Any]) -> dict[str, Any]:
    body = _turn(version, _snapshot(args), [simple_reply_stream()]).run.first_responses_body()
    tools = [
        tool for tool in body.get("tools", []) if isinstance(tool, dict) and tool.get("name") == NAMESPACE
    ]
    # The host's own skills have a catalog block too; the cloud one tells how to call skills.read.
    catalog = [text for text in _input_texts(body) if _CATALOG_OPEN in text and _CATALOG_MARK in text]
    if len(catalog) > 1:
        raise CaptureError(f"release {version} sent {len(catalog)} skills catalogs")
    return {"tools": tools, "instructions": catalog[0] if catalog else None}


def _input_texts(body: dict[str, Any]) -> list[str]:
    texts: list[str] = []
    for item in body.get("input", []):
        for part in item.get("content", []) if isinstance(item, dict) else []:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                texts.append(part["text"])
    return texts


def skills_list(version: str, args: dict[str, Any]) -> dict[str, Any]:
    return _calls(version, "list", args)


def skills_read(version: str, args: dict[str, Any]) -> dict[str, Any]:
    return _calls(version, "read", args)


def _call_id(index: int) -> str:
    return f"call_skills_{index}"


def _calls(version: str, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    calls = required(args, "calls", list)
    if not calls:
        raise InvalidInputError("`calls` must be a non-empty array of arguments (objects or raw strings)")

    def stream_for(index: int) -> StreamFactory:
        def make(requests: list[RecordedRequest]) -> Stream:
            earlier = _outputs(requests[-1].body.decode("utf-8"), index) if index else []
            arguments = _arguments_text(_resolve(calls[index], earlier))
            item = {
                "type": "function_call",
                "id": f"fc_skills_{index}",
                "namespace": NAMESPACE,
                "name": tool,
                "arguments": arguments,
                "call_id": _call_id(index),
            }
            return turn_stream([item], response_id=f"resp_{index + 1}")

        return make

    streams: list[Stream | StreamFactory] = [stream_for(index) for index in range(len(calls))]
    streams.append(simple_reply_stream(response_id=f"resp_{len(calls) + 1}"))
    turn = _turn(version, _snapshot(args), streams)
    requests = turn.run.responses_requests()
    if len(requests) < len(calls) + 1:
        raise CaptureError(
            f"release {version} sent {len(requests)} Responses request(s) for {len(calls)} call(s); "
            f"stderr tail:\n{turn.run.stderr[-1500:]}"
        )
    texts = _outputs(requests[len(calls)].body.decode("utf-8"), len(calls))
    return {"outputs": [output_value(text) for text in texts]}


def _outputs(body: str, count: int) -> list[str]:
    """The ``output`` texts of the first ``count`` skills calls, from a request's ``input``."""
    start, end = raw_json.member_value(body, "input")
    found: dict[str, str] = {}
    for element in raw_json.array_elements(body[start:end]):
        item = json.loads(element)
        if isinstance(item, dict) and item.get("type") == "function_call_output":
            output = item.get("output")
            found[str(item.get("call_id"))] = output if isinstance(output, str) else json.dumps(output)
    missing = [index for index in range(count) if _call_id(index) not in found]
    if missing:
        raise CaptureError(f"no output written back for skills call(s) {missing}")
    return [found[_call_id(index)] for index in range(count)]


def _resolve(arguments: Any, earlier: list[str]) -> Any:
    """The arguments with a ``{"$next_cursor": K}`` cursor replaced by call K's ``next_cursor``."""
    if not isinstance(arguments, dict) or not isinstance(arguments.get("cursor"), dict):
        return arguments
    reference = arguments["cursor"].get(CURSOR_REF)
    shift = arguments["cursor"].get(OFFSET_ADD, 0)
    if (
        not isinstance(reference, int)
        or not 0 <= reference < len(earlier)
        or not isinstance(shift, int)
        or set(arguments["cursor"]) - {CURSOR_REF, OFFSET_ADD}
    ):
        raise TypeError(
            f'a cursor reference must be {{"{CURSOR_REF}": K}}, K an earlier call, '
            f'with an optional integer "{OFFSET_ADD}"'
        )
    try:
        cursor = json.loads(earlier[reference])["next_cursor"]
    except (ValueError, KeyError, TypeError) as error:
        raise CaptureError(f"call {reference} returned no next_cursor: {earlier[reference]!r}") from error
    if not isinstance(cursor, str):
        raise CaptureError(f"call {reference} returned next_cursor {cursor!r}, not a cursor")
    return {**arguments, "cursor": shifted_cursor(cursor, shift) if shift else cursor}


def shifted_cursor(cursor: str, shift: int) -> str:
    """``cursor`` with ``shift`` added to its offset, the second of its colon-separated fields."""
    fields = cursor.split(":")
    if len(fields) < 2 or not fields[1].isdigit():
        raise CaptureError(f"cursor {cursor!r} has no offset to move")
    return ":".join([fields[0], str(int(fields[1]) + shift), *fields[2:]])


def _arguments_text(arguments: Any) -> str:
    # A string is the model's raw arguments text (unparsable ones included).
    return arguments if isinstance(arguments, str) else json.dumps(arguments, separators=(",", ":"))


def output_value(text: str) -> dict[str, Any]:
    """``{"json": value}`` when ``text`` is exactly the compact JSON of an object, else ``{"text": text}``.

    Only then is the value parsed: its cursors can be matched by pattern,
    and writing it back compactly gives the release's bytes again.
    """
    try:
        value = json.loads(text)
    except ValueError:
        return {"text": text}
    if isinstance(value, dict) and json.dumps(value, ensure_ascii=False, separators=(",", ":")) == text:
        return {"json": value}
    return {"text": text}


OPS: dict[str, ReleaseOp] = {
    "skills.tools": skills_tools,
    "skills.list": skills_list,
    "skills.read": skills_read,
}
