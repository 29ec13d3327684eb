"""Per-edition Chat Completions rules.  Only 0.25.0 has any: later releases refuse the wire (REQ-WIRE-1).

The system message is the release's built-in instructions (REQ-TEXT-1), found
by its version in the request area's data (``request.rules.instructions``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class ChatRules:
    # CHAT-REQ-TOOLS-1: Responses tool types that become chat tools; the rest are left out.
    tool_types: tuple[str, ...]
    # CHAT-REQ-BODY-1: where the instructions' apply_patch section starts; it is
    # left out for a model that has an apply_patch tool of its own.
    apply_patch_section: str
    # CHAT-REQ-MSG-3: message roles the release never sends (not API messages).
    dropped_roles: tuple[str, ...]
    # CHAT-REQ-REASONING-1: 0.25.0 sends no reasoning ("dropped").  Later releases
    # put a reasoning text on an adjacent assistant message as `reasoning`; the
    # other values say which one, so a port of such a rule can be checked here.
    reasoning_attachment: Literal["dropped", "previous-assistant", "next-assistant"]


CHAT_0_25_0 = ChatRules(
    tool_types=("function",),
    apply_patch_section="\n## `apply_patch`\n",
    dropped_roles=("system",),
    reasoning_attachment="dropped",
)
