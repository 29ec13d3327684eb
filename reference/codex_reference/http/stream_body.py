"""What the HTTP layer needs of a 2xx body: whether the events that arrived whole complete the
response, and how many items they hand over.  The stream's content is the sse area's
(spec/sse.md); a body whose events would need its rules (a failed or incomplete response, an
error event) is not modelled here."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from codex_reference.errors import NotModelled

_LINE_END = re.compile(r"\r\n|\r|\n")
# Events whose meaning is the sse area's rules, not the HTTP layer's.
_SSE_AREA_EVENTS = frozenset({"response.failed", "response.incomplete", "error"})


@dataclass(frozen=True)
class ReadBody:
    completed: bool
    items: int  # whole response.output_item.done events before the body ended


def _events(body: str) -> list[str]:
    """The data of each event ended by a blank line (an unended last event is never dispatched)."""
    events: list[str] = []
    data: list[str] = []
    lines = _LINE_END.split(body)
    for line in lines[:-1]:  # the last piece has no line end yet
        if line == "":
            if data:
                events.append("\n".join(data))
            data = []
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
    return events


def read_body(body: str, *, aborted: bool) -> ReadBody:
    completed, items = False, 0
    for data in _events(body):
        try:
            event = json.loads(data)
        except json.JSONDecodeError:
            raise NotModelled("an event whose data is not JSON: the sse area's rules") from None
        kind = event.get("type") if isinstance(event, dict) else None
        if kind in _SSE_AREA_EVENTS or completed:
            raise NotModelled(f"a {kind or 'typeless'} event here: the sse area's rules")
        if kind == "response.completed":
            completed = True
        elif kind == "response.output_item.done" and isinstance(event.get("item"), dict):
            items += 1
    if completed and aborted:
        raise NotModelled("a connection closed after response.completed: the sse area's rules")
    return ReadBody(completed, items)
