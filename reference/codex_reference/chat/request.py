"""The Responses items a release holds → its Chat Completions request body (spec/chat.md, CHAT-REQ-*).

0.25.0 converts item by item: nothing is merged, and reasoning is never sent.
"""

from __future__ import annotations

from codex_reference.chat.rules import ChatRules
from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.request.build import chat_tool
from codex_reference.request.rules import instructions

# CHAT-REQ-MSG-2: the part types whose text a message's content is made of.
_TEXT_PARTS = ("input_text", "output_text")


def _text(content: JSON) -> str:
    parts = content if isinstance(content, list) else []
    return "".join(
        str(part.get("text", ""))
        for part in parts
        if isinstance(part, dict) and part.get("type") in _TEXT_PARTS
    )


def _message(rules: ChatRules, item: dict[str, JSON]) -> dict[str, JSON] | None:
    kind = item.get("type")
    if kind == "message" and item.get("role") not in rules.dropped_roles:  # CHAT-REQ-MSG-1, -3
        return {"role": item.get("role"), "content": _text(item.get("content"))}
    if kind == "function_call":  # CHAT-REQ-CALL-1: one assistant message per call (CHAT-REQ-CALL-2)
        function = {"name": item.get("name"), "arguments": item.get("arguments")}
        call = {"id": item.get("call_id"), "type": "function", "function": function}
        return {"role": "assistant", "content": None, "tool_calls": [call]}
    if kind == "local_shell_call":  # CHAT-REQ-LOCAL-SHELL-1: the item's own id, not its call_id
        call_id = item.get("id")
        call = {
            "id": call_id if call_id is not None else "",
            "type": "local_shell_call",
            "status": item.get("status"),
            "action": item.get("action"),
        }
        return {"role": "assistant", "content": None, "tool_calls": [call]}
    if kind == "function_call_output":  # CHAT-REQ-OUTPUT-1
        return {"role": "tool", "tool_call_id": item.get("call_id"), "content": item.get("output")}
    # CHAT-REQ-REASONING-1 and CHAT-REQ-OTHER-1: reasoning and unknown items are not sent.
    return None


def _instructions(rules: ChatRules, version: str, tools: list[JSON]) -> str:
    """CHAT-REQ-BODY-1: the built-in text, less its apply_patch section when the tools have apply_patch."""
    text = instructions(version)
    if any(tool.get("name") == "apply_patch" for tool in tools):
        return text[: text.rindex(rules.apply_patch_section)]
    return text


def _attach_reasoning(
    rules: ChatRules, items: list[dict[str, JSON]], converted: list[dict[str, JSON] | None]
) -> list[dict[str, JSON]]:
    """CHAT-REQ-REASONING-1: where a reasoning item's text goes (nowhere in 0.25.0)."""
    if rules.reasoning_attachment != "dropped":
        step = -1 if rules.reasoning_attachment == "previous-assistant" else 1
        for index, item in enumerate(items):
            if item.get("type") != "reasoning":
                continue
            text = "".join(
                str(part.get("text", "")) for part in item.get("content") or [] if isinstance(part, dict)
            )
            other = index + step
            while 0 <= other < len(items) and (converted[other] or {}).get("role") != "assistant":
                other += step
            if 0 <= other < len(items):
                converted[other] = {**(converted[other] or {}), "reasoning": text}
    return [message for message in converted if message is not None]


def chat_request(rules: ChatRules, version: str, args: dict[str, JSON]) -> dict[str, JSON]:
    model, items, tools = args.get("model"), args.get("input"), args.get("tools")
    if not isinstance(model, str):
        raise InvalidArgs("`model` must be a string")
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise InvalidArgs("`input` must be a list of item objects")
    if not isinstance(tools, list) or not all(isinstance(tool, dict) for tool in tools):
        raise InvalidArgs("`tools` must be a list of tool objects")
    messages: list[JSON] = [{"role": "system", "content": _instructions(rules, version, tools)}]
    messages += _attach_reasoning(rules, items, [_message(rules, item) for item in items])
    chat_tools = [chat_tool(tool) for tool in tools if tool.get("type") in rules.tool_types]
    return {"body": {"model": model, "messages": messages, "stream": True, "tools": chat_tools}}
