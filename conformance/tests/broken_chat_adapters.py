"""Deliberately broken ports of the chat area, built from the reference model.

As in broken_adapters.py: each changes one entry of 0.25.0's chat rules and
names the clause whose cases must catch it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from codex_reference import editions
from codex_reference.adapter import Handler, make_handler


@dataclass(frozen=True)
class BrokenChatAdapter:
    name: str
    clause: str
    why: str
    handle: Handler


def _with_chat(**changes: Any) -> Handler:
    table = dict(editions.EDITIONS)
    edition = table["0.25.0"]
    assert edition.chat is not None
    table["0.25.0"] = replace(edition, chat=replace(edition.chat, **changes))
    return make_handler(table)


BROKEN_CHAT = [
    BrokenChatAdapter(
        "chat-reasoning-on-previous-assistant-0.25",
        "CHAT-REQ-REASONING-1",
        "reasoning attached to the wrong message: the assistant message before it",
        _with_chat(reasoning_attachment="previous-assistant"),
    ),
    BrokenChatAdapter(
        "chat-reasoning-on-next-assistant-0.25",
        "CHAT-REQ-REASONING-1",
        "reasoning attached to the next assistant message (a later release's rule)",
        _with_chat(reasoning_attachment="next-assistant"),
    ),
    BrokenChatAdapter(
        "chat-system-messages-sent-0.25",
        "CHAT-REQ-MSG-3",
        "system-role messages sent like any other",
        _with_chat(dropped_roles=()),
    ),
]
