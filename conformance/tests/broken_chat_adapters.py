"""Deliberately broken ports of the chat area, built from the reference model.

As in broken_adapters.py: each changes one entry of 0.25.0's chat rules and
names the clause whose cases must catch it.
"""

from __future__ import annotations

from typing import Any

from broken_check import BrokenAdapter, with_rules

from codex_reference.adapter import Handler


def _with_chat(**changes: Any) -> Handler:
    return with_rules("0.25.0", "chat", **changes)


BROKEN_CHAT = [
    BrokenAdapter(
        "chat-reasoning-on-previous-assistant-0.25",
        "CHAT-REQ-REASONING-1",
        "reasoning attached to the wrong message: the assistant message before it",
        _with_chat(reasoning_attachment="previous-assistant"),
    ),
    BrokenAdapter(
        "chat-reasoning-on-next-assistant-0.25",
        "CHAT-REQ-REASONING-1",
        "reasoning attached to the next assistant message (a later release's rule)",
        _with_chat(reasoning_attachment="next-assistant"),
    ),
    BrokenAdapter(
        "chat-system-messages-sent-0.25",
        "CHAT-REQ-MSG-3",
        "system-role messages sent like any other",
        _with_chat(dropped_roles=()),
    ),
]
