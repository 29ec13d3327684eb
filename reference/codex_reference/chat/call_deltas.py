"""A function call as a Chat Completions stream's ``tool_calls`` deltas build it (spec/chat.md).

Both editions build a call alike (CHAT-SSE-CALL-1): the first ``id`` and the
first ``function.name`` a call's deltas give are kept, its ``arguments``
joined.  Which deltas belong to one call, and when it is recorded, is each
edition's reader's own.
"""

from __future__ import annotations

from dataclasses import dataclass

from codex_reference.json_types import JSON


@dataclass
class CallDeltas:
    call_id: str | None = None
    name: str | None = None
    arguments: str = ""

    def add(self, entry: dict[str, JSON]) -> None:
        """Read one entry of a delta's ``tool_calls``."""
        if self.call_id is None and isinstance(entry.get("id"), str):
            self.call_id = str(entry["id"])
        function = entry.get("function")
        if isinstance(function, dict):
            if self.name is None and isinstance(function.get("name"), str):
                self.name = str(function["name"])
            if isinstance(function.get("arguments"), str):
                self.arguments += str(function["arguments"])
