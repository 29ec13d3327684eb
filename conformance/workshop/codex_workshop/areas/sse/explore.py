"""Inputs for exploring ``sse.responses``: event streams shuffled, cut, repeated, with unknown events.

Half the streams are the field's (``field.py``: the Responses API's own event
and item types from the ``openai`` package, with their fields missing, null,
empty or mistyped, and the shapes field reports name); the other half are
built from the kit's pool below.  One explorer with a fixed share, rather
than a second one to select: CI's explore sample and ``--write`` take both
without a new flag, and every stream, whichever pool it came from, gets the
same damage a connection does.

A stream is built from a pool of events (items, deltas, created and added
events, unknown types, data that is not JSON or has no type, completed,
failed and incomplete ends), then damaged the ways a connection or a server
can: events shuffled, one repeated, the end dropped or the stream cut at
any byte, comments and ``id:``/``retry:`` fields between events, LF, CRLF
or lone-CR line ends, a missing final blank line, and reads cut at random
byte offsets (inside characters too).

Left out of the kit's pool on purpose: failures whose message asks for a
delay (what a capture reads of a delay is timing, and a generated one may
fall below what timing can tell); the field's texts name no delay either.  One release run
consumes one stream, so nothing is batched.

Before any of these, the streams real gateways sent Codex are replayed
(``replays_recorded``: explore/recorded.py, conformance/workshop/recorded/).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from codex_conformance.generators import Draw, as_strategy
from codex_workshop.areas.sse.field import FieldEvent, field_events
from codex_workshop.explorer import Args, Explorer, Response, answer_kinds, args_as_scenario
from codex_workshop.explorer.key_differences import key_differences
from codex_workshop.explorer.made_up_ids import UUID_V7, with_settled_id

__all__ = ["EXPLORERS", "FIELD_ONE_IN", "explored_sse_args", "generate_stream"]

# One stream in this many is the field's (field.py), the others the kit's pool's.
FIELD_ONE_IN = 2

TEXTS = ["ok", "", "h\u00e9llo \U0001f600", "line\nbreak", 'quote " and \\', "\u2028"]


def _message(draw: Draw, index: int) -> dict[str, Any]:
    part: dict[str, Any] = {"type": "output_text", "text": draw.choice(TEXTS)}
    if draw.integer(0, 2):
        part["annotations"] = draw.choice([[], [{"type": "url_citation", "url": "https://example.org"}]])
    item: dict[str, Any] = {"type": "message", "role": "assistant", "id": f"msg_{index}", "content": [part]}
    if draw.integer(0, 5) == 0:
        item["phase"] = "commentary"
    return item


def _reasoning(draw: Draw, index: int) -> dict[str, Any]:
    item: dict[str, Any] = {"type": "reasoning", "id": f"rs_{index}"}
    item["summary"] = [{"type": "summary_text", "text": draw.choice(TEXTS)}] if draw.boolean() else []
    if draw.boolean():
        item["encrypted_content"] = "gAAAA-opaque"
    return item


def _usage(draw: Draw) -> Any:
    return draw.choice(
        [
            {
                "input_tokens": 5,
                "input_tokens_details": {"cached_tokens": 2},
                "output_tokens": 3,
                "output_tokens_details": {"reasoning_tokens": 1},
                "total_tokens": 8,
            },
            {
                "input_tokens": 1,
                "input_tokens_details": None,
                "output_tokens": 1,
                "output_tokens_details": None,
                "total_tokens": 2,
            },
            {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0},
            None,
        ]
    )


def _completed(draw: Draw) -> dict[str, Any]:
    response: dict[str, Any] = {"id": draw.choice(["resp_1", "resp_\u00e9"])}
    usage = _usage(draw)
    if usage is not None or draw.boolean():
        response["usage"] = usage
    return {"type": "response.completed", "response": response}


def _failed(draw: Draw) -> dict[str, Any]:
    code = draw.choice(
        [
            "context_length_exceeded",
            "insufficient_quota",
            "server_error",
            "invalid_prompt",
            "cyber_policy",
            None,
        ]
    )
    error: dict[str, Any] = {"message": draw.choice(["The server had an error.", "", "Bad \u00e9"])}
    if code is not None:
        error["code"] = code
    return {"type": "response.failed", "response": {"id": "resp_1", "error": error}}


def _event(draw: Draw, index: int) -> tuple[str | None, str]:
    """One event: (its ``event:`` name or None, its data text)."""
    kind = draw.integer(0, 13)
    data: Any
    if kind <= 3:
        item = _message(draw, index) if kind <= 2 else _reasoning(draw, index)
        data = {"type": "response.output_item.done", "item": item}
    elif kind == 4:
        data = {"type": "response.created", "response": {"id": "resp_1"}}
    elif kind == 5:
        data = {"type": "response.output_item.added", "item": _message(draw, index)}
    elif kind == 6:
        delta = draw.choice(["response.output_text.delta", "response.reasoning_summary_text.delta"])
        data = {"type": delta, "delta": draw.choice(TEXTS)}
    elif kind == 7:
        data = {"type": draw.choice(["response.something_new", "response.in_progress", "", "done"]), "x": 1}
    elif kind == 8:
        return draw.choice(["response.output_item.done", None]), draw.choice(["{not json", "", "[1]", "null"])
    elif kind == 9:
        data = {"item": index}
    elif kind == 10:
        data = _failed(draw)
    elif kind == 11:
        details = {"reason": "max_output_tokens"}
        data = {"type": "response.incomplete", "response": {"id": "resp_1", "incomplete_details": details}}
    else:
        data = _completed(draw)
    name = data.get("type") if isinstance(data.get("type"), str) else None
    if draw.integer(0, 9) == 0:
        name = draw.choice(["response.completed", "message", None])  # an event: line that disagrees
    return name, json.dumps(data, ensure_ascii=False)


def _frame(draw: Draw, events: list[FieldEvent], end: str) -> str:
    lines: list[str] = []
    for name, data in events:
        if draw.integer(0, 7) == 0:
            lines.append(draw.choice([": keep-alive", "id: 7", "retry: 10", ":"]))
        if name is not None:
            lines.append(f"event: {name}")
        lines.append(f"data: {data}" if draw.integer(0, 7) else f"data:{data}")
        lines.append("")
    return "".join(line + end for line in lines)


def _kit_events(draw: Draw) -> list[FieldEvent]:
    events = [_event(draw, index) for index in range(draw.integer(0, 5))]
    if draw.integer(0, 3):
        events.append(("response.completed", json.dumps(_completed(draw))))
    return events


def generate_stream(draw: Draw) -> tuple[str, list[int]]:
    """(stream text, read cuts): a normal stream most of the time, damaged one way or more."""
    events = field_events(draw) if draw.integer(1, FIELD_ONE_IN) == 1 else _kit_events(draw)
    if events and draw.integer(0, 4) == 0:  # shuffled
        order = [draw.integer(0, 1000) for _ in events]
        events = [event for _, event in sorted(zip(order, events, strict=True), key=lambda pair: pair[0])]
    if events and draw.integer(0, 4) == 0:  # one event sent twice
        events.insert(draw.integer(0, len(events)), draw.choice(events))
    stream = _frame(draw, events, draw.choice(["\n", "\n", "\n", "\r\n", "\r"]))
    data = stream.encode("utf-8")
    cut = draw.integer(0, 5)
    if cut == 0 and data:  # the connection drops at some byte
        stream = data[: draw.integer(0, len(data))].decode("utf-8", errors="ignore")
    elif cut == 1:  # no final blank line
        stream = stream.rstrip("\r\n")
    size = len(stream.encode("utf-8"))
    splits = sorted({draw.integer(1, max(size - 1, 1)) for _ in range(draw.choice([0, 0, 1, 3]))})
    return stream, splits if size > 1 else []


def _args(draw: Draw, edition: str) -> Args:
    stream, splits = generate_stream(draw)
    return {"edition": edition, "stream": stream, "splits": splits}


def explored_sse_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's streams as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _args(draw, edition))


# 0.169.0 makes up `<prefix>_<UUIDv7>` for a call, an output, a message, a reasoning item, an
# additional_tools item, an image generation call, a web search, a compaction or a tool search output
# (`tso_`: acceptance run final-s24) without an id (or with an empty one); the reference writes the
# zero UUID (spec/sse.md, SSE-ITEM-3, SSE-ITEM-4, SSE-ITEM-5), so the release's is settled to it.
_MADE_UP_ID = re.compile(rf"\A(fc|ctc|lsh|fco|ctco|tsc|tso|msg|rs|at|ig|ws|cmp)_{UUID_V7}\Z")


def settle(release: Response) -> tuple[Response, Args]:
    """The release's made-up item ids as the reference writes them."""
    result = release["result"]
    events = [
        {**event, "item": with_settled_id(event["item"], _MADE_UP_ID)} for event in result.get("events") or []
    ]
    return {"result": {**result, "events": events}}, {}


def _shown_end(end: Mapping[str, Any], key: str) -> object:
    """Texts by their start, numbers blanked; usage and ids by presence only."""
    return re.sub(r"\d+", "#", str(end.get(key)))[:60] if key in ("kind", "error", "message") else key in end


def describe(release: Response, reference: Response) -> str:
    """How the recorded items and the end differ, without the items' own text."""
    if (kinds := answer_kinds(release, reference)) is not None:
        return kinds
    mine, theirs = release["result"], reference["result"]
    found = []
    events = [result.get("events") or [] for result in (mine, theirs)]
    if events[0] != events[1]:
        if len(events[0]) != len(events[1]):
            found.append(f"events:{len(events[0])}≠{len(events[1])}")
        else:
            first = next(i for i, (a, b) in enumerate(zip(*events, strict=True)) if a != b)
            found.append(f"events:{events[0][first].get('item', {}).get('type')} item form")
    ends = [result.get("end") or {} for result in (mine, theirs)]
    keys = ("kind", "error", "message", "retry_after_ms", "usage", "response_id")
    found += key_differences(ends[0], ends[1], keys, _shown_end, prefix="end.")
    return " ".join(found) or "key order"


EXPLORERS = (
    Explorer(
        op="sse.responses",
        generate=_args,
        scenario=args_as_scenario("stream", "splits"),
        clauses=("SSE-EXPLORE-1",),
        describe=describe,
        settle=settle,
        replays_recorded=True,
    ),
)
