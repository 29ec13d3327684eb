"""The clauses of spec/gateway.md, each a small function comparing the gateway run with the direct run.

Every check returns the list of what differs (empty: the clause holds).
The direct run is the truth: it is what the release does talking to the
model's API itself, and the gateway's promise is that nothing changes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from codex_workshop.gateway.model import (
    Offered,
    ToolTarget,
    locate,
    model_visible_tools,
    offered_tools,
    search_offered,
)
from codex_workshop.gateway.observe import Observation, UpstreamRequest, masked_json
from codex_workshop.gateway.scenarios import Scenario
from codex_workshop.gateway.websocket_upstream import WEBSOCKET_API

# Codex's identity headers: what tells the API (and the gateway's own upstream) which client and
# session a request is from.  Hop-by-hop and transport headers, and credentials, are the gateway's own.
_IDENTITY_EXACT = {
    "originator",
    "user-agent",
    "session_id",
    "session-id",
    "thread-id",
    "openai-beta",
    "version",
}
_IDENTITY_PREFIXES = ("x-codex-", "x-openai-", "x-client-request-id", "conversation_id", "chatgpt-account-id")
# Headers a gateway may drop on purpose (spec/gateway.md, "Which headers are required end to
# end"): the Responses-Lite flag is an instruction to OpenAI's own backend, which other upstreams
# refuse or ignore, and which has no Chat Completions form.
_NOT_REQUIRED = frozenset({"x-openai-internal-codex-responses-lite"})


@dataclass(frozen=True)
class Verdict:
    clause: str
    differences: tuple[str, ...]

    @property
    def passed(self) -> bool:
        return not self.differences


def _first_body(observation: Observation) -> Any:
    return observation.upstream[0].body if observation.upstream else None


def _tools(observation: Observation) -> Any:
    """The first request's tools: its `tools`, then those of a Responses-Lite `additional_tools`
    input item (REQ-LITE-2), where the release sends a Lite model's tools instead."""
    body = _first_body(observation)
    if not isinstance(body, dict):
        return None
    tools = body.get("tools")
    added = [
        tool
        for item in body.get("input") or []
        if isinstance(item, dict) and item.get("type") == "additional_tools"
        for tool in item.get("tools") or []
    ]
    if not added:
        return tools
    return [*(tools if isinstance(tools, list) else []), *added]


def tools_reach_model(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-TOOLS-1: every tool the release sent reaches the model under a name it can call."""
    del scenario
    missing = []
    for offered, _entry in offered_tools(_tools(direct)):
        target = _target(offered)
        if locate(target, _tools(through)) is None:
            missing.append(f"the tool {target.label()} ({offered.kind}) did not reach the upstream")
    if not through.upstream and direct.upstream:
        missing.append("the gateway sent the upstream no model request")
    return missing


def _target(offered: Offered) -> ToolTarget:
    return ToolTarget(offered.kind, offered.name, offered.namespace)


def _schema(entry: Any, kind: str) -> Any:
    if kind == "custom":
        return entry.get("format")
    return entry.get("parameters")


def schemas_preserved(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-TOOLS-2: a tool that reaches the model keeps its parameters (a function) or its
    grammar (a custom tool); a custom tool offered as a function takes its input as one string."""
    del scenario
    differences = []
    for offered, entry in offered_tools(_tools(direct)):
        target = _target(offered)
        found = locate(target, _tools(through))
        if found is None:
            continue  # GATEWAY-TOOLS-1 says so
        now, now_entry = found
        if now.kind == offered.kind:
            if _schema(entry, offered.kind) != _schema(now_entry, now.kind):
                differences.append(
                    f"the {offered.kind} tool {target.label()} reached the upstream with another schema"
                )
        elif offered.kind == "custom" and now.input_parameter is None:
            differences.append(f"the custom tool {target.label()} became a function with no string parameter")
        elif offered.kind == "function":
            differences.append(
                f"the function tool {target.label()} reached the upstream as a {now.kind} tool"
            )
    return differences


# Each kind of call the model makes, and the kind of the item that carries its output back.
_CALL_OUTPUTS = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
    "local_shell_call": "local_shell_call_output",
    "tool_search_call": "tool_search_output",
}


def _model_items(observation: Observation) -> list[Any]:
    kept = {"message", "reasoning", *_CALL_OUTPUTS}
    items = []
    for item in observation.recorded:
        if item.get("type") not in kept or (
            item.get("type") == "message" and item.get("role") != "assistant"
        ):
            continue
        projected = {
            key: item.get(key)
            for key in ("type", "name", "namespace", "arguments", "input", "call_id", "execution")
        }
        if item.get("type") == "message":
            projected["content"] = [
                part.get("text") for part in item.get("content") or [] if isinstance(part, dict)
            ]
        if item.get("type") == "reasoning":
            projected["summary"] = item.get("summary")
        items.append({key: value for key, value in projected.items() if value is not None})
    return items


def _short(value: Any) -> str:
    return json.dumps(value)[:300]


def _listed_difference(name: str, direct: list[Any], through: list[Any]) -> list[str]:
    if direct == through:
        return []
    for index, (left, right) in enumerate(zip(direct, through, strict=False)):
        if left != right:
            return [f"{name} #{index + 1}: direct {_short(left)}, through the gateway {_short(right)}"]
    return [
        f"{name}: direct {len(direct)}, through the gateway {len(through)}; first extra: "
        f"{_short((direct if len(direct) > len(through) else through)[min(len(direct), len(through))])}"
    ]


def calls_route_back(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-CALL-1: the release recorded the same model output: each call under the tool's own
    name, namespace and kind, with the same arguments; the same texts and reasoning."""
    del scenario
    return _listed_difference("recorded model item", _model_items(direct), _model_items(through))


def _outputs(observation: Observation) -> list[Any]:
    kinds = set(_CALL_OUTPUTS.values())
    outputs = []
    for item in observation.recorded:
        if item.get("type") in kinds:
            output = {key: item.get(key) for key in ("type", "call_id", "output", "tools")}
            outputs.append({key: value for key, value in output.items() if value is not None})
    return outputs


def _mcp_calls(observation: Observation) -> list[Any]:
    return [
        {"name": call.get("name"), "arguments": call.get("arguments")} if isinstance(call, dict) else call
        for call in observation.mcp_calls
    ]


def same_tools_ran(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-RUN-1: the same tools ran with the same arguments: the outputs the release recorded
    (volatile values as patterns) and the calls the MCP server received are the same."""
    del scenario
    return _listed_difference("tool output", _outputs(direct), _outputs(through)) + _listed_difference(
        "MCP tools/call", _mcp_calls(direct), _mcp_calls(through)
    )


def _pairs(request: UpstreamRequest) -> tuple[list[str], list[str]]:
    """The call ids of the calls and of the outputs in a model request's history, in order."""
    body = request.body if isinstance(request.body, dict) else {}
    calls: list[str] = []
    outputs: list[str] = []
    if request.api == "chat":
        for message in body.get("messages") or []:
            if not isinstance(message, dict):
                continue
            for call in message.get("tool_calls") or []:
                if isinstance(call, dict):
                    calls.append(str(call.get("id")))
            if message.get("role") == "tool":
                outputs.append(str(message.get("tool_call_id")))
        return calls, outputs
    for item in body.get("input") or []:
        if not isinstance(item, dict):
            continue
        kind = str(item.get("type"))
        if kind.endswith("_call"):
            calls.append(str(item.get("call_id")))
        elif kind.endswith("_call_output") or kind == "tool_search_output":
            outputs.append(str(item.get("call_id")))
    return calls, outputs


def follow_up_pairs(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-PAIR-1: every model request after a tool ran carries each output with its call, before it."""
    del scenario
    differences = []
    for index, request in enumerate(through.upstream):
        calls, outputs = _pairs(request)
        for call_id in outputs:
            if call_id not in calls:
                differences.append(
                    f"model request #{index + 1} carries the output of {call_id} without its call"
                )
    direct_last = _pairs(direct.upstream[-1]) if direct.upstream else ([], [])
    through_last = _pairs(through.upstream[-1]) if through.upstream else ([], [])
    if sorted(direct_last[1]) != sorted(through_last[1]):
        differences.append(
            f"the last model request carries outputs for {through_last[1]}, direct for {direct_last[1]}"
        )
    return differences


def turn_ends_the_same(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-END-1: the run ends the same: exit status and the last answer shown."""
    del scenario
    differences = []
    if direct.exit_code != through.exit_code:
        differences.append(f"exit status: direct {direct.exit_code}, through the gateway {through.exit_code}")
    if direct.final_message() != through.final_message():
        differences.append(
            f"last answer: direct {direct.final_message()!r}, through the gateway {through.final_message()!r}"
        )
    return differences


def _found_by_search(request: UpstreamRequest) -> list[tuple[Offered, Any]]:
    """The tools a Responses request carries in its ``tool_search_output`` items (namespaces opened)."""
    body = request.body if isinstance(request.body, dict) else {}
    found = [
        tool
        for item in body.get("input") or []
        if isinstance(item, dict) and item.get("type") == "tool_search_output"
        for tool in item.get("tools") or []
    ]
    return offered_tools(found)


def deferred_tools_reach_model(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-SEARCH-1: the ``tool_search`` tool reaches the model (as itself or as a function of that
    name), and after a search every tool it found reaches the model in the same request as direct."""
    del scenario
    differences = []
    if search_offered(_tools(direct)) is not None and search_offered(_tools(through)) is None:
        differences.append("the tool_search tool did not reach the upstream (as itself or as a function)")
    for index, (left, right) in enumerate(zip(direct.upstream, through.upstream, strict=False)):
        visible = model_visible_tools(right.body)
        for offered, _entry in _found_by_search(left):
            target = _target(offered)
            if locate(target, visible) is None:
                differences.append(
                    f"model request #{index + 1}: the tool {target.label()}, found by tool_search, "
                    "did not reach the upstream"
                )
    return differences


def errors_the_same(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-ERROR-1: the errors the release reports (retries included, with their texts) are the same."""
    unjudged = scenario.unjudged_error_lines

    def judged(lines: list[str]) -> list[str]:
        return [line for line in lines if unjudged is None or not re.search(unjudged, line)]

    return _listed_difference("error line", judged(direct.error_lines), judged(through.error_lines))


# What GATEWAY-WS-1 leaves to the clauses that judge an HTTP body the same way: the tools
# (GATEWAY-TOOLS-1/2, a gateway may rename them) and the input's items (GATEWAY-CALL-1,
# GATEWAY-PAIR-1: the calls and outputs in them), of which it compares only the kinds.
_JUDGED_ELSEWHERE = frozenset({"tools", "input"})


def _input_kinds(body: Any) -> list[Any]:
    items = body.get("input") if isinstance(body, dict) else None
    return [item.get("type") if isinstance(item, dict) else item for item in items or []]


def _message_differences(direct: UpstreamRequest, through: UpstreamRequest) -> list[str]:
    if direct.connection != through.connection:
        return [f"sent on connection {through.connection}, direct on {direct.connection}"]
    left = direct.body if isinstance(direct.body, dict) else {}
    right = through.body if isinstance(through.body, dict) else {}
    differences = [f"lost the key {key}" for key in left if key not in right]
    differences += [f"gained the key {key}" for key in right if key not in left]
    for key in left:
        if (
            key in right
            and key not in _JUDGED_ELSEWHERE
            and masked_json(left[key]) != masked_json(right[key])
        ):
            differences.append(
                f"{key} is {_short(masked_json(right[key]))}, direct {_short(masked_json(left[key]))}"
            )
    if _input_kinds(left) != _input_kinds(right):
        differences.append(f"input items {_input_kinds(right)}, direct {_input_kinds(left)}")
    return differences


def websocket_messages_relayed(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-WS-1: a gateway that relays the WebSocket carries each message the release sent
    (``response.create``, 0.94.0's ``response.append``) as it was sent (every key but the tools and
    the input's items, judged by the other clauses); one that refused the upgrade is judged by the
    others against a direct run over HTTP."""
    del scenario
    sent = [request for request in direct.upstream if request.api == WEBSOCKET_API]
    relayed = [request for request in through.upstream if request.api == WEBSOCKET_API]
    if not relayed:
        return []
    differences = []
    for index, (left, right) in enumerate(zip(sent, relayed, strict=False)):
        differences += [f"message #{index + 1} {what}" for what in _message_differences(left, right)]
    if len(sent) != len(relayed):
        differences.append(
            f"the upstream received {len(relayed)} messages over the WebSocket, direct {len(sent)}"
        )
    return differences


def _identity(request: UpstreamRequest) -> dict[str, Any]:
    return {
        name: masked_json(value)
        for name, value in request.headers.items()
        if (name in _IDENTITY_EXACT or name.startswith(_IDENTITY_PREFIXES)) and name not in _NOT_REQUIRED
    }


def identity_headers(scenario: Scenario, direct: Observation, through: Observation) -> list[str]:
    """GATEWAY-HEADERS-1: Codex's identity headers reach the upstream, same values (ids as patterns)."""
    del scenario
    differences = []
    for index, (left, right) in enumerate(zip(direct.upstream, through.upstream, strict=False)):
        wanted, got = _identity(left), _identity(right)
        for name, value in wanted.items():
            if name not in got:
                differences.append(f"model request #{index + 1} lost the header {name}")
            elif got[name] != value:
                differences.append(
                    f"model request #{index + 1}: header {name} is {got[name]!r}, direct {value!r}"
                )
    return differences


Check = Callable[[Scenario, Observation, Observation], list[str]]
CLAUSES: dict[str, Check] = {
    "GATEWAY-TOOLS-1": tools_reach_model,
    "GATEWAY-TOOLS-2": schemas_preserved,
    "GATEWAY-SEARCH-1": deferred_tools_reach_model,
    "GATEWAY-CALL-1": calls_route_back,
    "GATEWAY-RUN-1": same_tools_ran,
    "GATEWAY-PAIR-1": follow_up_pairs,
    "GATEWAY-END-1": turn_ends_the_same,
    "GATEWAY-ERROR-1": errors_the_same,
    "GATEWAY-WS-1": websocket_messages_relayed,
    "GATEWAY-HEADERS-1": identity_headers,
}


def judge(scenario: Scenario, direct: Observation, through: Observation) -> list[Verdict]:
    return [Verdict(clause, tuple(check(scenario, direct, through))) for clause, check in CLAUSES.items()]


__all__ = ["CLAUSES", "Verdict", "judge", "websocket_messages_relayed"]
