"""The Responses items a release holds → its Chat Completions request body (spec/chat.md, CHAT-REQ-*).

An item becomes at most one message, in order; the edition's rules say what
joins (calls into the assistant message of calls before them), what goes
(system messages, a repeated assistant text, reasoning) and where reasoning
text is attached.
"""

from __future__ import annotations

from codex_reference.chat.outputs import answered
from codex_reference.chat.rules import ChatRules
from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.request.parts import chat_tool, model_instructions
from codex_reference.request.rules import RequestRules

# CHAT-REQ-MSG-2: the part types whose text a message's content is made of.
_TEXT_PARTS = ("input_text", "output_text")
# CHAT-REQ-CALL-1, CHAT-REQ-LOCAL-SHELL-1, CHAT-REQ-CUSTOM-1: items sent as an assistant tool call.
_CALLS = ("function_call", "local_shell_call", "custom_tool_call")


# CHAT-REQ-HELD-1: the string field each content part type needs to deserialize.
_PART_FIELDS = {"input_text": "text", "output_text": "text", "input_image": "image_url"}


def _deserializes(item: dict[str, JSON]) -> bool:
    """CHAT-REQ-HELD-1: whether a release holds a resumed ``message`` item at all.

    The release reads each line of the rollout it resumes into its typed
    item and skips a line that does not deserialize (captured: a text part
    without `text` or with a number, an image part without `image_url`, a
    part of an unknown type: the whole message goes).  Other item kinds are
    taken as they are (no capture shows one of them failing).
    """
    if item.get("type") != "message":
        return True
    content = item.get("content")
    return (
        isinstance(item.get("role"), str)
        and isinstance(content, list)
        and all(
            isinstance(part, dict)
            and isinstance(field := _PART_FIELDS.get(str(part.get("type"))), str)
            and isinstance(part.get(field), str)
            for part in content
        )
    )


def _text(content: JSON) -> str:
    parts = content if isinstance(content, list) else []
    return "".join(
        str(part["text"]) for part in parts if isinstance(part, dict) and part.get("type") in _TEXT_PARTS
    )


def _part(part: JSON) -> JSON:
    """CHAT-REQ-MSG-2, CHAT-REQ-OUTPUT-2: a content part as Chat Completions writes it."""
    if isinstance(part, dict) and part.get("type") == "input_image":
        return {"type": "image_url", "image_url": {"url": part.get("image_url")}}
    text = part.get("text", "") if isinstance(part, dict) else ""
    return {"type": "text", "text": text}


def _has_image(content: JSON) -> bool:
    return isinstance(content, list) and any(
        isinstance(part, dict) and part.get("type") == "input_image" for part in content
    )


def _message_content(rules: ChatRules, role: JSON, content: JSON) -> JSON:
    """CHAT-REQ-MSG-2: the text, or the parts of a message with an image."""
    if rules.image_parts and role != "assistant" and _has_image(content) and isinstance(content, list):
        return [
            _part(part)
            for part in content
            if isinstance(part, dict) and part.get("type") in (*_TEXT_PARTS, "input_image")
        ]
    return _text(content)


def _tool_call(item: dict[str, JSON]) -> dict[str, JSON]:
    kind = item.get("type")
    if kind == "function_call":  # CHAT-REQ-CALL-1: the call_id, never the item's own id
        function = {"name": item.get("name"), "arguments": item.get("arguments")}
        return {"id": item.get("call_id"), "type": "function", "function": function}
    if kind == "custom_tool_call":  # CHAT-REQ-CUSTOM-1: the item's own id, not its call_id
        custom = {"name": item.get("name"), "input": item.get("input")}
        return {"id": item.get("id"), "type": "custom", "custom": custom}
    call_id = item.get("id")  # CHAT-REQ-LOCAL-SHELL-1: the item's own id, not its call_id
    return {
        "id": call_id if call_id is not None else "",
        "type": "local_shell_call",
        "status": item.get("status"),
        "action": item.get("action"),
    }


def _output_content(output: JSON) -> JSON:
    """CHAT-REQ-OUTPUT-1/2: the output string, or its content items as parts."""
    return [_part(part) for part in output] if isinstance(output, list) else output


class _Messages:
    """The messages of one body, built item by item."""

    def __init__(self, rules: ChatRules, anchors: dict[int, str]) -> None:
        self.rules = rules
        self.anchors = anchors
        self.sent: list[dict[str, JSON]] = []
        self.last_assistant_text: str | None = None

    def add(self, index: int, item: dict[str, JSON]) -> None:
        kind = item.get("type")
        if kind == "message" and item.get("role") not in self.rules.dropped_roles:  # CHAT-REQ-MSG-1, -3
            self._message(index, item)
        elif kind in _CALLS:
            self._call(index, item)
        elif kind == "function_call_output":  # CHAT-REQ-OUTPUT-1
            content = _output_content(item.get("output"))
            self.sent.append({"role": "tool", "tool_call_id": item.get("call_id"), "content": content})
        elif kind == "custom_tool_call_output":  # CHAT-REQ-CUSTOM-1
            output = item.get("output")
            self.sent.append({"role": "tool", "tool_call_id": item.get("call_id"), "content": output})
        # CHAT-REQ-REASONING-1 and CHAT-REQ-OTHER-1: reasoning and other items are no message.

    def _message(self, index: int, item: dict[str, JSON]) -> None:
        role, content = item.get("role"), item.get("content")
        if role == "assistant" and self.rules.drop_repeated_assistant_text:  # CHAT-REQ-MSG-4
            text = _text(content)
            if text == self.last_assistant_text:
                return
            self.last_assistant_text = text
        message: dict[str, JSON] = {"role": role, "content": _message_content(self.rules, role, content)}
        if role == "assistant" and index in self.anchors:  # CHAT-REQ-REASONING-2
            message["reasoning"] = self.anchors[index]
        self.sent.append(message)

    def _call(self, index: int, item: dict[str, JSON]) -> None:
        call = _tool_call(item)
        reasoning = self.anchors.get(index)
        last = self.sent[-1] if self.sent else None
        calls = last.get("tool_calls") if last is not None else None
        # CHAT-REQ-CALL-2: joins the assistant message of calls just before it.
        if (
            self.rules.group_calls
            and last is not None
            and isinstance(calls, list)
            and last["content"] is None
        ):
            calls.append(call)
            if reasoning is not None:
                earlier = last.get("reasoning")
                last["reasoning"] = reasoning if not earlier else f"{earlier}\n{reasoning}"
            return
        message: dict[str, JSON] = {"role": "assistant", "content": None, "tool_calls": [call]}
        if reasoning is not None:  # CHAT-REQ-REASONING-2
            message["reasoning"] = reasoning
        self.sent.append(message)


def _instructions(
    rules: ChatRules, request: RequestRules, version: str, model: str, tools: list[JSON]
) -> str:
    """CHAT-REQ-BODY-1: the built-in text, less its apply_patch section when the tools have apply_patch."""
    text = model_instructions(request, version, model)
    section = rules.apply_patch_section
    if section is not None and any(isinstance(t, dict) and t.get("name") == "apply_patch" for t in tools):
        return text[: text.rindex(section)]
    return text


def chat_request(
    rules: ChatRules, request: RequestRules, version: str, args: dict[str, JSON]
) -> dict[str, JSON]:
    model, items, tools = args.get("model"), args.get("input"), args.get("tools")
    if not isinstance(model, str):
        raise InvalidArgs("`model` must be a string")
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise InvalidArgs("`input` must be a list of item objects")
    if not isinstance(tools, list) or not all(isinstance(tool, dict) for tool in tools):
        raise InvalidArgs("`tools` must be a list of tool objects")
    held = answered(rules, [item for item in items if isinstance(item, dict) and _deserializes(item)])
    messages = _Messages(rules, rules.reasoning_attachment(held))
    for index, item in enumerate(held):
        messages.add(index, item)
    system = {"role": "system", "content": _instructions(rules, request, version, model, tools)}
    named = request.chat_tool_name_outside  # CHAT-REQ-TOOLS-2
    chosen = [tool for tool in tools if isinstance(tool, dict) and tool.get("type") in rules.tool_types]
    if not all(isinstance(tool.get("name"), str) for tool in chosen if isinstance(tool, dict)):
        raise InvalidArgs("`tools`: every function tool needs a string `name`")
    body: dict[str, JSON] = {
        "model": model,
        "messages": [system, *messages.sent],
        "stream": True,
        "tools": [chat_tool(tool, named) for tool in chosen],
    }
    return {"body": body}
