"""Streams shaped like what the field sends Codex, drawn from the Responses API's own typed models.

The event and item types are those of the ``openai`` package
(``openai.types.responses``): every member of its ``ResponseStreamEvent``
union is an event this strategy sends, every member of ``ResponseOutputItem``
an item it sends in ``response.output_item.done``, each object with its
fields present, missing, ``null``, empty or of another type
(``typed_values``).  The usage object gets the shapes gateways are reported
to send (issue #33: sub2api#22, CodexPlusPlus#1908, NVIDIA-NeMo/Gym#3313,
agentgateway#3597): detail objects empty or ``null``, counters ``null``.

Beside the models, the shapes field reports name: text deltas with no done
event after them, a message's ``status`` and its text parts' ``logprobs``
(what third-party Responses servers send), a ``response.completed`` that
carries the output instead of item events (gateways that rebuild it), and
streams without ``event:`` lines.  The line ends (CRLF included) and the
connection's damage are the explorer's (``explore.generate_stream``).

Nothing here knows what Codex does with a stream: that is what exploring it finds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from openai.types.responses import (
    ResponseCompletedEvent,
    ResponseFailedEvent,
    ResponseIncompleteEvent,
    ResponseOutputItem,
    ResponseOutputItemAddedEvent,
    ResponseOutputItemDoneEvent,
    ResponseStreamEvent,
    ResponseTextDeltaEvent,
    ResponseUsage,
)

from codex_conformance.generators import Draw
from codex_workshop.areas.typed_values import TEXTS, literal_type, members, object_of

__all__ = ["EVENT_MODELS", "ITEM_MODELS", "FieldEvent", "field_events", "usage_of"]

# (its `event:` name or None, its data text)
FieldEvent = tuple[str | None, str]

EVENT_MODELS: tuple[Any, ...] = members(ResponseStreamEvent)
ITEM_MODELS: tuple[Any, ...] = members(ResponseOutputItem)
_ENDS = (ResponseCompletedEvent, ResponseFailedEvent, ResponseIncompleteEvent)
# A usage as the Responses API sends it, every detail and counter in place.
_FULL_USAGE: dict[str, Any] = {
    "input_tokens": 5,
    "input_tokens_details": {"cached_tokens": 2},
    "output_tokens": 3,
    "output_tokens_details": {"reasoning_tokens": 1},
    "total_tokens": 8,
}


def usage_of(draw: Draw) -> Any:
    """A usage: from the model, or the full one with a detail object or a counter as gateways send it."""
    how = draw.integer(0, 4)
    if how == 0:
        return object_of(draw, ResponseUsage, 2)
    usage = json.loads(json.dumps(_FULL_USAGE))
    if how == 1:  # a detail object empty, null, with a null counter, or left out
        details = draw.choice(["input_tokens_details", "output_tokens_details"])
        counter = next(iter(usage[details]))
        usage[details] = draw.choice([{}, None, {counter: None}, {counter: 0}])
        if draw.integer(0, 4) == 0:
            del usage[details]
    elif how == 2:  # a counter null or left out
        counter = draw.choice(["input_tokens", "output_tokens", "total_tokens"])
        if draw.boolean():
            usage[counter] = None
        else:
            del usage[counter]
    elif how == 3:  # both detail objects as one gateway sends them
        both: dict[str, Any] | None = draw.choice([{}, None])
        usage["input_tokens_details"] = both
        usage["output_tokens_details"] = both
    return usage


def _item(draw: Draw, depth: int = 1) -> Any:
    return object_of(draw, draw.choice(ITEM_MODELS), depth)


def _item_done(draw: Draw, item: Any) -> dict[str, Any]:
    event: dict[str, Any] = object_of(draw, ResponseOutputItemDoneEvent, keep=frozenset({"item"}))
    event["item"] = item
    return event


def _any_event(draw: Draw) -> list[dict[str, Any]]:
    return [object_of(draw, draw.choice(EVENT_MODELS))]


def _item_event(draw: Draw) -> list[dict[str, Any]]:
    return [_item_done(draw, _item(draw))]


def _deltas_without_done(draw: Draw) -> list[dict[str, Any]]:
    """An item added and its text streamed, with no done event for either (issue #33)."""
    added: dict[str, Any] = object_of(draw, ResponseOutputItemAddedEvent, keep=frozenset({"item"}))
    added["item"] = {
        "type": "message",
        "id": "msg_1",
        "role": "assistant",
        "status": "in_progress",
        "content": [],
    }
    deltas = []
    for _ in range(draw.integer(1, 3)):
        delta: dict[str, Any] = object_of(draw, ResponseTextDeltaEvent)
        delta["item_id"] = "msg_1"
        deltas.append(delta)
    return [added, *deltas]


def _third_party_message(draw: Draw) -> list[dict[str, Any]]:
    """A message as third-party Responses servers send it: its ``status``, its parts' ``logprobs``."""
    logprobs = draw.choice(
        [[], None, [{"token": "ok", "bytes": [111, 107], "logprob": -0.5, "top_logprobs": []}]]
    )
    part = {"type": "output_text", "text": draw.choice(TEXTS), "annotations": [], "logprobs": logprobs}
    status = draw.choice(["completed", "in_progress", "incomplete"])
    message = {"id": "msg_1", "type": "message", "status": status, "role": "assistant", "content": [part]}
    return [_item_done(draw, message)]


_SHAPES: tuple[Callable[[Draw], list[dict[str, Any]]], ...] = (
    _any_event,
    _item_event,
    _item_event,
    _deltas_without_done,
    _third_party_message,
)


def _end(draw: Draw) -> dict[str, Any]:
    """A completed, failed or incomplete end from the models; a completed one with a usage as
    gateways send it, and now and then with the output it rebuilt in place of item events."""
    model = draw.choice(_ENDS)
    event: dict[str, Any] = object_of(draw, model, keep=frozenset({"response"}))
    response = event["response"]
    if model is ResponseCompletedEvent and draw.integer(0, 3):
        response["usage"] = usage_of(draw)
        if draw.integer(0, 3) == 0:
            response["output"] = [_item(draw, 2) for _ in range(draw.integer(1, 2))]
    return event


def field_events(draw: Draw) -> list[FieldEvent]:
    """A stream's events: a few from the shapes above, then (most of the time) an end."""
    events: list[dict[str, Any]] = []
    for _ in range(draw.integer(0, 4)):
        events.extend(draw.choice(_SHAPES)(draw))
    if draw.integer(0, 5):
        events.append(_end(draw))
    named = draw.integer(0, 2) != 0  # a third of the streams without `event:` lines
    return [(event["type"] if named else None, json.dumps(event, ensure_ascii=False)) for event in events]


def event_types() -> frozenset[str]:
    """Every event type the Responses API streams, as the models name them."""
    return frozenset(literal_type(model) for model in EVENT_MODELS)


def item_types() -> frozenset[str]:
    """Every item type it sends in ``response.output_item.done``."""
    return frozenset(literal_type(model) for model in ITEM_MODELS)
