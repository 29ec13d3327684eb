"""The chat ops a release answers by being run: ``chat.request`` and ``chat.sse``.

``chat.request``: the release resumes a session holding ``input`` and starts
a turn with a probe prompt; it appends its context messages (the environment
context, and in later releases the permissions and AGENTS.md messages before
it) and the prompt, so its request body is the body for ``input`` followed
by those messages, which are cut off again.  What follows the input changes
how the input is written in one case only, where the input's last turn is
replayed instead (replay.py).  The release's tools come from its
model and configuration, not from the args: the configuration is chosen
from the tool names, and a run whose tools differ from ``tools`` is an error.
"""

from __future__ import annotations

import json
from typing import Any

from codex_conformance.editions import get_edition
from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.chat import observe as chat_observe
from codex_workshop.areas.chat import replay
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.errors import (
    CaptureError,
    ConfigRejectedError,
    ReleaseRejectedError,
    RequestArgsError,
)
from codex_workshop.drive.sse_observe import StreamUnderTest

PROBE_PROMPT = "codex-conformance chat probe"


def config_for_tools(version: str, tools: list[Any]) -> dict[str, Any]:
    """The configuration that gives the release these tools (its edition's tool_config_keys)."""
    names = {str(tool.get("name", tool.get("type"))) for tool in tools if isinstance(tool, dict)}
    return {key: True for name, key in get_edition(version).tool_config_keys if name in names}


def chat_request(version: str, args: dict[str, Any]) -> dict[str, Any]:
    model, tools = required(args, "model", str), required(args, "tools", list)
    items = required(args, "input", list)
    if not all(isinstance(item, dict) for item in [*items, *tools]):
        raise RequestArgsError("`input` and `tools` must be lists of objects")
    extra = config_for_tools(version, tools)
    if chat_observe.responses_tools(version, model, extra) != tools:
        raise CaptureError(f"release {version} does not send these tools for {model!r}")
    if replay.needs_replay(items):
        return {"body": replay.replayed_body(version, model, items, extra)}
    held, body = chat_observe.observe_request(
        version, model=model, history=items, prompt=PROBE_PROMPT, streams=[], config=extra
    )
    # What the release appended to the history for the probe turn (its context
    # messages, then the probe) is one message per item, at the end: cut it off.
    appended = held[len(items) :]
    messages = body["messages"]
    probe = {"role": "user", "content": PROBE_PROMPT}
    if (
        not appended
        or len(messages) <= len(appended)
        or messages[-1] != probe
        or any(item.get("type") != "message" for item in appended)
        or "<environment_context>" not in json.dumps(appended)
    ):
        raise CaptureError("the release did not end its request with its context messages and the probe")
    return {"body": {**body, "messages": messages[: -len(appended)]}}


def chat_sse(version: str, args: dict[str, Any]) -> dict[str, Any]:
    stream = StreamUnderTest(required(args, "stream", str), tuple(optional(args, "splits", list, [])))
    return chat_observe.observe_sse(version, "gpt-5", stream)


def _refusal_answered(op: ReleaseOp) -> ReleaseOp:
    """A release that refuses its configuration answers so (as tools.build does), not with an error."""

    def answered(version: str, args: dict[str, Any]) -> dict[str, Any]:
        try:
            return op(version, args)
        except ConfigRejectedError as rejected:
            raise ReleaseRejectedError("config-rejected", rejected.message) from rejected

    return answered


OPS: dict[str, ReleaseOp] = {
    "chat.request": _refusal_answered(chat_request),
    "chat.sse": _refusal_answered(chat_sse),
}
