"""The JSON payloads of a recorded SSE stream, read leniently, to find the items a gateway handed back.

Only to pick items out of a recording (calls for the dispatch explorer,
output items for the items explorer): how a release reads a stream is what
the sse area judges, and the stream itself is kept as it was, so nothing
here decides how a stream counts.  Lines end at LF, CRLF or a lone CR; an
event's ``data:`` lines are joined; data that is not JSON is skipped.
"""

from __future__ import annotations

import json
import re
from contextlib import suppress
from typing import Any

_LINE_END = re.compile(r"\r\n|\r|\n")


def payloads(text: str) -> list[Any]:
    """Each event's parsed data, in order (an event cut off by the stream's end included)."""
    found: list[Any] = []
    data: list[str] = []
    for line in [*_LINE_END.split(text), ""]:
        if line == "":
            if data:
                with suppress(json.JSONDecodeError):
                    found.append(json.loads("\n".join(data)))
            data = []
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
    return found


def output_items(text: str) -> list[dict[str, Any]]:
    """The items of the stream's ``response.output_item.done`` events, in order."""
    return _done_items(payloads(text))


def _done_items(events: list[Any]) -> list[dict[str, Any]]:
    return [
        payload["item"]
        for payload in events
        if isinstance(payload, dict)
        and payload.get("type") == "response.output_item.done"
        and isinstance(payload.get("item"), dict)
    ]


# The events that end a response and carry its whole ``output``.
_ENDS = ("response.completed", "response.incomplete", "response.failed")


def handed_back(text: str) -> list[tuple[str, dict[str, Any]]]:
    """(event, item) for every item the stream hands back: each ``response.output_item.done``
    item, then each item of the final response's ``output`` that no such event carried (some
    gateways send their items only there, where releases do not read them)."""
    return _handed_back(payloads(text))


def handed_back_in_messages(texts: list[str]) -> list[tuple[str, dict[str, Any]]]:
    """The same for a WebSocket's text messages, each one event's JSON (not JSON: skipped)."""
    found: list[Any] = []
    for text in texts:
        with suppress(json.JSONDecodeError):
            found.append(json.loads(text))
    return _handed_back(found)


def _handed_back(events: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    found = [("response.output_item.done", item) for item in _done_items(events)]
    seen = {json.dumps(item, sort_keys=True) for _, item in found}
    ends = [
        payload
        for payload in events
        if isinstance(payload, dict)
        and payload.get("type") in _ENDS
        and isinstance(payload.get("response"), dict)
    ]
    output = ends[-1]["response"].get("output") if ends else None
    for item in output if isinstance(output, list) else []:
        if isinstance(item, dict) and json.dumps(item, sort_keys=True) not in seen:
            found.append((str(ends[-1]["type"]), item))
    return found


def is_call(item: dict[str, Any]) -> bool:
    """A call the release would route to a tool (``function_call``, ``custom_tool_call``, ...):
    a hosted tool the API ran itself (``web_search_call``) has nothing for the release to run."""
    kind = item.get("type")
    return isinstance(kind, str) and kind.endswith("_call") and kind != "web_search_call"


__all__ = ["handed_back", "handed_back_in_messages", "is_call", "output_items", "payloads"]
