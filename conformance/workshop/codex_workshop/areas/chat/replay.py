"""``chat.request`` by the release for an input a probe turn would change: the last turn replayed.

A release that puts reasoning text on the messages of the reply after the
last user message does so only while the history does not end with a user
message (CHAT-REQ-REASONING-2), so a probe prompt after such an input would
hide it.  Such an input is replayed instead: the items before the context
messages that open its last turn are resumed, its last user message is the
prompt, and the replies after it are scripted back as chat streams (each
reply's first reasoning item as reasoning deltas, its text, its calls).  The
release writes the calls' outputs itself; if they are not the input's, the
release cannot show the answer for this input.
"""

from __future__ import annotations

from typing import Any

from codex_workshop.areas.chat import observe as chat_observe
from codex_workshop.areas.chat import sse_text
from codex_workshop.drive.errors import NotObservableError

# The context messages a release opens a turn with (0.94.0: permissions,
# AGENTS.md, environment; 0.25.0: the environment only), told by how they start.
_CONTEXT_OPENINGS = ("<permissions instructions>", "# AGENTS.md instructions", "<environment_context>")
_REPLY_ITEMS = ("reasoning", "message", "function_call")
_SPEAKER_OF = {"function_call": "assistant", "local_shell_call": "assistant", "function_call_output": "tool"}


def _text(item: dict[str, Any]) -> str:
    content = item.get("content")
    parts = content if isinstance(content, list) else []
    return "".join(str(part.get("text", "")) for part in parts if isinstance(part, dict))


def _speaks(item: dict[str, Any]) -> str | None:
    if item.get("type") == "message":
        return str(item.get("role"))
    return _SPEAKER_OF.get(str(item.get("type")))


def needs_replay(items: list[dict[str, Any]]) -> bool:
    """Reasoning after the last user message of a history that ends with a call's output.

    Only such a history is what a release sends mid-turn; one that ends with
    another item is left to the probe, which cannot show a reasoning text's
    place in it (spec/chat.md, "How a result is observed")."""
    users = [index for index, item in enumerate(items) if _speaks(item) == "user"]
    after = items[users[-1] + 1 :] if users else []
    ends_with_output = bool(items) and items[-1].get("type") == "function_call_output"
    return ends_with_output and any(item.get("type") == "reasoning" for item in after)


def _is_context(item: dict[str, Any]) -> bool:
    return item.get("type") == "message" and _text(item).startswith(_CONTEXT_OPENINGS)


def _replies(tail: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The model's replies of the tail: runs of reply items, each ended by the outputs of its calls."""
    replies: list[list[dict[str, Any]]] = [[]]
    for item in tail:
        if item.get("type") == "function_call_output":
            if replies[-1]:
                replies.append([])
        elif item.get("type") in _REPLY_ITEMS and item.get("role", "assistant") == "assistant":
            replies[-1].append(item)
        else:
            raise NotObservableError(f"a {item.get('type')!r} item cannot be replayed from a chat stream")
    return [reply for reply in replies if reply]


def _stream(reply: list[dict[str, Any]]) -> str:
    reasoning = next((item for item in reply if item.get("type") == "reasoning"), None)
    parts = reasoning.get("content") if reasoning is not None else None
    pieces = [sse_text.chunk({"role": "assistant"})]
    for part in parts if isinstance(parts, list) else []:
        pieces.append(sse_text.chunk({"reasoning": str(part.get("text", ""))}))
    text = "".join(_text(item) for item in reply if item.get("type") == "message")
    if text:
        pieces.append(sse_text.chunk({"content": text}))
    calls = [item for item in reply if item.get("type") == "function_call"]
    for index, call in enumerate(calls):
        function = {"name": call.get("name"), "arguments": call.get("arguments")}
        entry = {"index": index, "id": call.get("call_id"), "type": "function", "function": function}
        pieces.append(sse_text.chunk({"tool_calls": [entry]}))
    pieces.append(sse_text.chunk({}, "tool_calls" if calls else "stop"))
    return "".join(pieces) + sse_text.DONE


def _outputs(items: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    return [(i.get("call_id"), i.get("output")) for i in items if i.get("type") == "function_call_output"]


def replayed_body(
    version: str, model: str, items: list[dict[str, Any]], config: dict[str, Any]
) -> dict[str, Any]:
    last_user = max(index for index, item in enumerate(items) if _speaks(item) == "user")
    prompt = items[last_user]
    if _is_context(prompt):
        raise NotObservableError("the input's last user message is the release's own context")
    start = last_user
    while start > 0 and _is_context(items[start - 1]):
        start -= 1
    tail = items[last_user + 1 :]
    held, body = chat_observe.observe_request(
        version,
        model=model,
        history=items[:start],
        prompt=_text(prompt),
        streams=[_stream(reply) for reply in _replies(tail)],
        config=config,
    )
    held_last_user = max(index for index, item in enumerate(held) if _speaks(item) == "user")
    if _outputs(held[held_last_user + 1 :]) != _outputs(tail):
        raise NotObservableError("the release writes other outputs for these calls than the input holds")
    return body
