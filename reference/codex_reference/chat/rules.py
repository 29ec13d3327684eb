"""Per-edition Chat Completions rules.  0.169.0 has none: it refuses the wire (REQ-WIRE-1).

The system message is the release's built-in instructions (REQ-TEXT-1), found
by its version in the request area's data, with the apply_patch text for the
model families that get it (``request.parts.model_instructions``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from codex_reference.chat import reasoning, stream, stream_by_index
from codex_reference.json_types import JSON
from codex_reference.sse.rules import SSE_0_94_0

# Held items -> {index of the item whose message carries a reasoning text: the text}.
ReasoningAttachment = Callable[[list[dict[str, JSON]]], dict[int, str]]


@dataclass(frozen=True)
class ChatRules:
    # CHAT-REQ-TOOLS-1: Responses tool types that become chat tools; the rest are left out.
    tool_types: tuple[str, ...]
    # CHAT-REQ-BODY-1: where the instructions' apply_patch section starts; it is
    # left out for a model that has an apply_patch tool of its own (None: the
    # text has no such section and is sent whole).
    apply_patch_section: str | None
    # CHAT-REQ-MSG-3: message roles the release never sends (not API messages).
    dropped_roles: tuple[str, ...]
    # CHAT-REQ-REASONING-1: 0.25.0 sends no reasoning (reasoning.dropped); 0.94.0 puts a
    # reasoning text found after the last user message on the assistant message
    # just before it, else on the call or assistant message just after it, when
    # the history does not end with a user message (reasoning.beside_after_last_user,
    # CHAT-REQ-REASONING-2).
    reasoning_attachment: ReasoningAttachment
    # Chat stream → the items recorded (CHAT-SSE-*): one function per reader.
    read_stream: Callable[[ChatRules, dict[str, JSON]], dict[str, JSON]]
    # CHAT-REQ-OUTPUT-3: call types that get an "aborted" output when the
    # history holds none for their call_id.
    calls_needing_outputs: tuple[str, ...]
    # CHAT-REQ-OUTPUT-3: those outputs go first, before every message (True),
    # or right after their call (False).
    missing_outputs_first: bool
    # CHAT-REQ-MSG-2: a message with an image, not the assistant's, is sent as content parts.
    image_parts: bool = False
    # CHAT-REQ-MSG-4: an assistant message whose text is the last assistant text sent is left out.
    drop_repeated_assistant_text: bool = False
    # CHAT-REQ-CALL-2: a call right after an assistant message of calls joins its tool_calls.
    group_calls: bool = False
    # CHAT-REQ-OUTPUT-4: an output whose call is not in the history is left out.
    drop_orphan_outputs: bool = False
    # CHAT-SSE-FINISH-2: finish_reason `length` ends the turn with this fatal
    # error (None: it is a finish like any other).
    length_error: str | None = None


CHAT_0_25_0 = ChatRules(
    tool_types=("function",),
    apply_patch_section="\n## `apply_patch`\n",
    dropped_roles=("system",),
    reasoning_attachment=reasoning.dropped,
    read_stream=stream.chat_sse,
    calls_needing_outputs=("function_call", "custom_tool_call"),
    missing_outputs_first=True,
)

# Captured: fixtures/chat/captured-0.94.0.json.
CHAT_0_94_0 = replace(
    CHAT_0_25_0,
    apply_patch_section=None,
    reasoning_attachment=reasoning.beside_after_last_user,
    read_stream=stream_by_index.chat_sse,
    calls_needing_outputs=("function_call", "custom_tool_call", "local_shell_call"),
    missing_outputs_first=False,
    drop_orphan_outputs=True,
    image_parts=True,
    drop_repeated_assistant_text=True,
    group_calls=True,
    length_error=SSE_0_94_0.fatal_codes["context_length_exceeded"].message,
)
