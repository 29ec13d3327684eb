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

from codex_conformance.drive.mock_responses_server import RecordedRequest, ScriptedStream, Stream, sse_event

ToolKind = Literal["function", "custom"]


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


Output = Call | Text | Reasoning


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

_USAGE = {
    "input_tokens": 1,
    "input_tokens_details": None,
    "output_tokens": 1,
    "output_tokens_details": None,
    "total_tokens": 2,
}


def responses_stream(step: Step, tools: Any, response_id: str) -> Stream:
    """The Responses API answer to one step, for a request that offered ``tools``."""
    if isinstance(step, Failure):
        return ScriptedStream(
            [json.dumps(dict(step.body)).encode("utf-8")],
            status=step.status,
            content_type="application/json",
            headers=list(step.headers),
        )
    events: list[dict[str, Any]] = [{"type": "response.created", "response": {"id": response_id}}]
    events += [{"type": "response.output_item.done", "item": output.item(tools)} for output in step.outputs]
    if not step.cut:
        events.append({"type": "response.completed", "response": {"id": response_id, "usage": _USAGE}})
    return ScriptedStream([sse_event(event).encode("utf-8") for event in events])


def chat_stream(step: Step, tools: Any, completion_id: str) -> Stream:
    """The Chat Completions answer to one step: text as content, calls as ``tool_calls`` (functions only,
    a custom tool's input in the parameter its function form names), reasoning as ``reasoning_content``."""
    if isinstance(step, Failure):
        return responses_stream(step, tools, completion_id)

    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        payload = {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        return f"data: {json.dumps(payload)}\n\n".encode()

    chunks = [chunk({"role": "assistant"})]
    calls: list[dict[str, Any]] = []
    for output in step.outputs:
        if isinstance(output, Text):
            chunks.append(chunk({"content": output.text}))
        elif isinstance(output, Reasoning):
            chunks.append(chunk({"reasoning_content": output.summary}))
        else:
            item = output.item(tools)
            arguments = item.get("arguments")
            if arguments is None:
                arguments = json.dumps({"input": item["input"]})
            calls.append({"id": output.call_id, "name": item["name"], "arguments": arguments})
    for index, call in enumerate(calls):
        function = {"name": call["name"], "arguments": call["arguments"]}
        chunks.append(
            chunk(
                {"tool_calls": [{"index": index, "id": call["id"], "type": "function", "function": function}]}
            )
        )
    if not step.cut:
        chunks.append(chunk({}, "tool_calls" if calls else "stop"))
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
            return chat_stream(step, self._tools(requests), f"chatcmpl-gateway-{index + 1}")

        return factory

    @staticmethod
    def _tools(requests: Sequence[RecordedRequest]) -> Any:
        if not requests:
            return None
        try:
            body = requests[-1].json_body()
        except (ValueError, UnicodeDecodeError):
            return None
        return body.get("tools") if isinstance(body, dict) else None


__all__ = [
    "Call",
    "Failure",
    "Offered",
    "Output",
    "Reasoning",
    "Script",
    "Step",
    "Text",
    "ToolKind",
    "ToolTarget",
    "Turn",
    "chat_stream",
    "locate",
    "offered_tools",
    "responses_stream",
]
