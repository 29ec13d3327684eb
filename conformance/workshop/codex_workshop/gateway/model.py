"""The scripted model behind the kit's upstream: turns that call tools by the names they were offered.

A gateway may rename, flatten or re-type the tools Codex sends before they
reach the model.  A real model calls what it sees, so the scripted model does
too: each tool call in a turn names a *target* (the tool as the release
sends it: its kind, name and namespace), and when the turn is served the
model looks the target up in the ``tools`` of the request it just received
and calls it the way it is offered there.  A gateway that renames must then
map the call back; one that does not is caught by what the release does with
the call, never by the model refusing to play.

A target found nowhere is called as the release names it, so a gateway that
loses a tool is still seen doing whatever it does with a call of it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from codex_conformance.mock_responses_server import (
    RecordedRequest,
    ScriptedStream,
    Stream,
    sse_event,
    turn_events,
)

ToolKind = Literal["function", "custom"]
# The tool that finds deferred tools (0.169.0 with a model that supports it, spec/mcp.md MCP-DEFER-1).
SEARCH_TOOL = "tool_search"


@dataclass(frozen=True)
class ToolTarget:
    """A tool as the release offers it: ``namespace`` is the namespace tool holding it, if any."""

    kind: ToolKind
    name: str
    namespace: str | None = None

    def label(self) -> str:
        return f"{self.namespace}.{self.name}" if self.namespace else self.name


@dataclass(frozen=True)
class Offered:
    """How a target was found in a request's tools: the call to make for it."""

    kind: ToolKind
    name: str
    namespace: str | None
    # The function parameter a freeform input goes in, when a custom tool is offered as a function.
    input_parameter: str | None = None


def _function_input_parameter(tool: Mapping[str, Any]) -> str | None:
    parameters = tool.get("parameters")
    if not isinstance(parameters, dict):
        return None
    properties = parameters.get("properties")
    if not isinstance(properties, dict):
        return None
    strings = [
        key for key, value in properties.items() if isinstance(value, dict) and value.get("type") == "string"
    ]
    return strings[0] if strings else None


def _as_offered(tool: Mapping[str, Any], namespace: str | None) -> Offered | None:
    kind = tool.get("type")
    name = tool.get("name")
    if not isinstance(name, str):
        return None
    if kind == "custom":
        return Offered("custom", name, namespace)
    if kind == "function":
        return Offered("function", name, namespace, _function_input_parameter(tool))
    return None


def model_visible_tools(body: Any) -> list[Any]:
    """The tools a model request lets the model call: its ``tools``, and in a Responses request the
    tools an earlier ``tool_search`` found (``tool_search_output`` items of ``input``: deferred tools
    are offered there, not in ``tools``)."""
    if not isinstance(body, dict):
        return []
    visible = list(body.get("tools") or []) if isinstance(body.get("tools"), list) else []
    for item in body.get("input") or []:
        if isinstance(item, dict) and item.get("type") == "tool_search_output":
            found = item.get("tools")
            visible += found if isinstance(found, list) else []
    return visible


def search_offered(tools: Any) -> Literal["tool_search", "function"] | None:
    """How the ``tool_search`` tool is offered among ``tools``: as itself (a Responses tool of type
    ``tool_search``, which has no name), as a function named ``tool_search``, or not at all."""
    if not isinstance(tools, list):
        return None
    if any(isinstance(tool, dict) and tool.get("type") == "tool_search" for tool in tools):
        return "tool_search"
    if any(offered.name == SEARCH_TOOL and offered.namespace is None for offered, _ in offered_tools(tools)):
        return "function"
    return None


def offered_tools(tools: Any) -> list[tuple[Offered, Mapping[str, Any]]]:
    """Every callable tool in a request's ``tools`` (namespaces opened), with its entry."""
    found: list[tuple[Offered, Mapping[str, Any]]] = []
    if not isinstance(tools, list):
        return found
    for tool in tools:
        if not isinstance(tool, dict):
            continue
        if tool.get("type") == "namespace" and isinstance(tool.get("name"), str):
            for inner in tool.get("tools") or []:
                if isinstance(inner, dict) and (offered := _as_offered(inner, tool["name"])) is not None:
                    found.append((offered, inner))
        elif (offered := _as_offered(tool, None)) is not None:
            found.append((offered, tool))
        elif tool.get("type") == "function" and isinstance(tool.get("function"), dict):
            # A Chat Completions tool: {"type": "function", "function": {"name", "parameters"}}.
            inner = tool["function"]
            if (offered := _as_offered({"type": "function", **inner}, None)) is not None:
                found.append((offered, inner))
    return found


def _flat_spellings(target: ToolTarget) -> list[str]:
    """Names a gateway that flattens namespaces commonly gives a namespaced tool."""
    if target.namespace is None:
        return []
    return [
        f"{target.namespace}__{target.name}",
        f"{target.namespace}.{target.name}",
        f"{target.namespace}{target.name}",
    ]


def locate(target: ToolTarget, tools: Any) -> tuple[Offered, Mapping[str, Any]] | None:
    """Where ``target`` is among ``tools``: exactly as sent, else under a flattened name."""
    offered = offered_tools(tools)
    for candidate, entry in offered:
        if candidate.name == target.name and candidate.namespace == target.namespace:
            return candidate, entry
    for spelling in _flat_spellings(target):
        for candidate, entry in offered:
            if candidate.namespace is None and candidate.name == spelling:
                return candidate, entry
    return None


@dataclass(frozen=True)
class Call:
    """A tool call in a scripted turn: JSON ``arguments`` for a function, ``input`` text for a custom tool."""

    target: ToolTarget
    call_id: str
    arguments: Mapping[str, Any] | None = None
    input: str | None = None

    def item(self, tools: Any) -> dict[str, Any]:
        """The output item the model streams, given the tools it was offered."""
        found = locate(self.target, tools)
        offered = found[0] if found else Offered(self.target.kind, self.target.name, self.target.namespace)
        if offered.kind == "custom":
            text = self.input if self.input is not None else json.dumps(dict(self.arguments or {}))
            return {
                "type": "custom_tool_call",
                "id": f"ctc_{self.call_id}",
                "call_id": self.call_id,
                "name": offered.name,
                "input": text,
            }
        if self.input is not None:
            arguments = json.dumps({offered.input_parameter or "input": self.input})
        else:
            arguments = json.dumps(dict(self.arguments or {}))
        item: dict[str, Any] = {"type": "function_call", "id": f"fc_{self.call_id}", "name": offered.name}
        if offered.namespace is not None:
            item["namespace"] = offered.namespace
        item.update({"arguments": arguments, "call_id": self.call_id})
        return item


@dataclass(frozen=True)
class Search:
    """A ``tool_search`` call: the model asks the release for deferred tools matching ``query``.

    Offered as the Responses tool, it is a ``tool_search_call`` item whose ``arguments`` are a JSON
    object (not a string, unlike a function call's); offered as a function named ``tool_search`` (a
    Chat Completions bridge has no other way), it is that function's call with the same arguments."""

    call_id: str
    query: str
    limit: int

    def arguments(self) -> dict[str, Any]:
        return {"query": self.query, "limit": self.limit}

    def item(self, tools: Any) -> dict[str, Any]:
        if search_offered(tools) == "function":
            return {
                "type": "function_call",
                "id": f"fc_{self.call_id}",
                "name": SEARCH_TOOL,
                "arguments": json.dumps(self.arguments()),
                "call_id": self.call_id,
            }
        return {
            "type": "tool_search_call",
            "id": f"tsc_{self.call_id}",
            "call_id": self.call_id,
            "status": "completed",
            "execution": "client",
            "arguments": self.arguments(),
        }


@dataclass(frozen=True)
class Text:
    text: str

    def item(self, tools: Any) -> dict[str, Any]:
        del tools
        return {
            "type": "message",
            "role": "assistant",
            "id": "msg_gateway",
            "content": [{"type": "output_text", "text": self.text, "annotations": []}],
        }


@dataclass(frozen=True)
class Reasoning:
    summary: str

    def item(self, tools: Any) -> dict[str, Any]:
        del tools
        return {
            "type": "reasoning",
            "id": "rs_gateway",
            "summary": [{"type": "summary_text", "text": self.summary}],
            "content": None,
            "encrypted_content": None,
        }


Output = Call | Search | Text | Reasoning


@dataclass(frozen=True)
class Turn:
    """One model turn: output items, completed; ``cut`` ends the stream before ``response.completed``."""

    outputs: tuple[Output, ...]
    cut: bool = False


@dataclass(frozen=True)
class Failure:
    """One model turn answered with an HTTP error: ``status``, a JSON ``body`` and extra ``headers``."""

    status: int
    body: Mapping[str, Any]
    headers: tuple[tuple[str, str], ...] = ()


Step = Turn | Failure


def responses_stream(step: Step, tools: Any, response_id: str) -> Stream:
    """The Responses API answer to one step, for a request that offered ``tools``."""
    if isinstance(step, Failure):
        return ScriptedStream(
            [json.dumps(dict(step.body)).encode("utf-8")],
            status=step.status,
            content_type="application/json",
            headers=list(step.headers),
        )
    items = [output.item(tools) for output in step.outputs]
    events = turn_events(items, response_id, completed=not step.cut)
    return ScriptedStream([sse_event(event).encode("utf-8") for event in events])


_CHAT_USAGE = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
# How many deltas a call's arguments (and a text) are split over: more than one, so that a bridge
# that keeps only the first or the last delta of a call loses arguments, as it would in production.
_DELTAS = 3


def split_deltas(text: str, parts: int = _DELTAS) -> list[str]:
    """``text`` cut into at most ``parts`` consecutive non-empty pieces (fewer when it is shorter),
    at fixed places: the same text always streams the same deltas."""
    if len(text) <= 1:
        return [text]
    size = -(-len(text) // min(parts, len(text)))
    return [text[start : start + size] for start in range(0, len(text), size)]


def _chat_call(output: Call | Search, tools: Any) -> tuple[str, str, str]:
    """A call as Chat Completions carries it: id, function name, arguments (a JSON string)."""
    item = output.item(tools)
    if item["type"] == "tool_search_call":
        return output.call_id, SEARCH_TOOL, json.dumps(item["arguments"])
    arguments = item.get("arguments")
    if arguments is None:
        arguments = json.dumps({"input": item["input"]})
    return output.call_id, item["name"], arguments


def chat_stream(step: Step, tools: Any, completion_id: str, *, include_usage: bool = False) -> Stream:
    """The Chat Completions answer to one step, streamed as OpenAI's API streams it: text as
    ``content`` and reasoning as ``reasoning_content``, each over several deltas; each call as
    ``tool_calls`` deltas, the first with its index, id and name and empty arguments, the arguments
    then split over the next ones (a custom tool's input in the parameter its function form names,
    a ``tool_search`` call as a function of that name); with ``include_usage`` (the request's
    ``stream_options.include_usage``) every chunk has ``usage: null`` and a last chunk with no
    choices carries the usage.  A cut stream ends after the content, with no finish reason."""
    if isinstance(step, Failure):
        return responses_stream(step, tools, completion_id)

    def chunk(choices: list[dict[str, Any]], usage: Mapping[str, int] | None = None) -> bytes:
        payload: dict[str, Any] = {"id": completion_id, "object": "chat.completion.chunk", "choices": choices}
        if include_usage:
            payload["usage"] = dict(usage) if usage is not None else None
        return f"data: {json.dumps(payload)}\n\n".encode()

    def delta(fields: dict[str, Any], finish: str | None = None) -> bytes:
        return chunk([{"index": 0, "delta": fields, "finish_reason": finish}])

    chunks = [delta({"role": "assistant", "content": ""})]
    calls: list[tuple[str, str, str]] = []
    for output in step.outputs:
        if isinstance(output, Text):
            chunks += [delta({"content": piece}) for piece in split_deltas(output.text)]
        elif isinstance(output, Reasoning):
            chunks += [delta({"reasoning_content": piece}) for piece in split_deltas(output.summary)]
        else:
            calls.append(_chat_call(output, tools))
    for index, (call_id, name, arguments) in enumerate(calls):
        opening = {
            "index": index,
            "id": call_id,
            "type": "function",
            "function": {"name": name, "arguments": ""},
        }
        chunks.append(delta({"tool_calls": [opening]}))
        chunks += [
            delta({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
            for piece in split_deltas(arguments)
        ]
    if not step.cut:
        chunks.append(delta({}, "tool_calls" if calls else "stop"))
        if include_usage:
            chunks.append(chunk([], _CHAT_USAGE))
        chunks.append(b"data: [DONE]\n\n")
    return ScriptedStream(chunks)


@dataclass(frozen=True)
class Script:
    """A scenario's model: its steps in order (the last repeats, as the mock server does)."""

    steps: tuple[Step, ...]

    def responses(self) -> list[Any]:
        """The mock server's ``streams``: one factory per step."""
        return [self._responses_factory(index, step) for index, step in enumerate(self.steps)]

    def chats(self) -> list[Any]:
        """The mock server's ``chat_streams``: one factory per step."""
        return [self._chat_factory(index, step) for index, step in enumerate(self.steps)]

    def _responses_factory(self, index: int, step: Step) -> Any:
        def factory(requests: list[RecordedRequest]) -> Stream:
            return responses_stream(step, self._tools(requests), f"resp_gateway_{index + 1}")

        return factory

    def _chat_factory(self, index: int, step: Step) -> Any:
        def factory(requests: list[RecordedRequest]) -> Stream:
            return chat_stream(
                step,
                self._tools(requests),
                f"chatcmpl-gateway-{index + 1}",
                include_usage=self._asks_usage(requests),
            )

        return factory

    @staticmethod
    def _body(requests: Sequence[RecordedRequest]) -> Any:
        if not requests:
            return None
        try:
            return requests[-1].json_body()
        except (ValueError, UnicodeDecodeError):
            return None

    @classmethod
    def _asks_usage(cls, requests: Sequence[RecordedRequest]) -> bool:
        body = cls._body(requests)
        options = body.get("stream_options") if isinstance(body, dict) else None
        return isinstance(options, dict) and options.get("include_usage") is True

    @classmethod
    def _tools(cls, requests: Sequence[RecordedRequest]) -> Any:
        return model_visible_tools(cls._body(requests))


__all__ = [
    "SEARCH_TOOL",
    "Call",
    "Failure",
    "Offered",
    "Output",
    "Reasoning",
    "Script",
    "Search",
    "Step",
    "Text",
    "ToolKind",
    "ToolTarget",
    "Turn",
    "chat_stream",
    "locate",
    "model_visible_tools",
    "offered_tools",
    "responses_stream",
    "search_offered",
    "split_deltas",
]
