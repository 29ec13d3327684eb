"""The sse explorer's field strategy sends every event and item type the Responses API's models name.

The types are read from the ``openai`` package's unions, not listed here: a
type the package adds is one the strategy must send, and one the strategy
drops fails ``test_every_openai_event_and_item_type_is_sent`` (shown by the
test that drops one).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest
from openai.types.responses import ResponseOutputItem, ResponseStreamEvent

from codex_conformance.generators import Draw, generated
from codex_reference.adapter import handle
from codex_workshop.areas import typed_values
from codex_workshop.areas.sse import explore, field
from codex_workshop.areas.sse.field import FieldEvent, field_events

# Streams enough for each of the ~60 event types to come up (each is drawn
# about once in 25 streams): a seed and count that send them all.
STREAMS = 2000


def _sent(streams: Iterable[list[FieldEvent]]) -> tuple[set[Any], set[Any], list[dict[str, Any]]]:
    """(event types, item types, usage objects) the streams carry."""
    events: set[Any] = set()
    items: set[Any] = set()
    usages: list[dict[str, Any]] = []
    for stream in streams:
        for _name, data in stream:
            event = json.loads(data)
            events.add(event.get("type"))
            item = event.get("item")
            if isinstance(item, dict):
                items.add(item.get("type"))
            response = event.get("response")
            if isinstance(response, dict) and isinstance(response.get("usage"), dict):
                usages.append(response["usage"])
    return events, items, usages


# What the package names, read here and not from the strategy, so that a strategy that drops a type fails.
OPENAI_EVENT_TYPES = {typed_values.literal_type(model) for model in typed_values.members(ResponseStreamEvent)}
OPENAI_ITEM_TYPES = {typed_values.literal_type(model) for model in typed_values.members(ResponseOutputItem)}


def _streams(seed: str = "field") -> list[list[FieldEvent]]:
    return generated(field_events, STREAMS, seed)


def test_the_models_name_the_event_and_item_types_codex_reads() -> None:
    # A sanity check on reading the unions: the types Codex dispatches on are among them.
    assert {"response.output_item.done", "response.completed", "response.failed"} <= OPENAI_EVENT_TYPES
    assert {
        "message",
        "reasoning",
        "function_call",
        "custom_tool_call",
        "local_shell_call",
    } <= OPENAI_ITEM_TYPES
    assert field.event_types() == OPENAI_EVENT_TYPES and field.item_types() == OPENAI_ITEM_TYPES


def test_every_openai_event_and_item_type_is_sent() -> None:
    events, items, _ = _sent(_streams())
    assert OPENAI_EVENT_TYPES - events == set()
    assert OPENAI_ITEM_TYPES - items == set()


def test_dropping_an_event_type_from_the_strategy_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    dropped = field.EVENT_MODELS[0]
    monkeypatch.setattr(field, "EVENT_MODELS", field.EVENT_MODELS[1:])
    events, _, _ = _sent(_streams())
    assert OPENAI_EVENT_TYPES - events == {typed_values.literal_type(dropped)}


def test_usages_have_the_shapes_gateways_send() -> None:
    _, _, usages = _sent(_streams())
    details = [
        usage.get(key, "absent")
        for usage in usages
        for key in ("input_tokens_details", "output_tokens_details")
    ]
    assert {} in details and None in details and "absent" in details
    assert any(isinstance(d, dict) and None in d.values() for d in details)
    assert any(usage.get("output_tokens", "absent") is None for usage in usages)


def test_field_reports_shapes_are_sent() -> None:
    streams = _streams()
    unnamed = [stream for stream in streams if stream and all(name is None for name, _ in stream)]
    assert unnamed, "streams without event: lines"
    messages = [json.loads(data).get("item") for stream in streams for _, data in stream]
    parts = [
        part
        for message in messages
        if isinstance(message, dict) and message.get("type") == "message" and "status" in message
        for part in message.get("content") or []
        if isinstance(part, dict)
    ]
    assert any("logprobs" in part for part in parts)
    kinds = [[json.loads(data).get("type") for _, data in stream] for stream in streams]
    assert any("response.output_text.delta" in k and "response.output_item.done" not in k for k in kinds)
    assert {"response.failed", "response.incomplete"} <= {kind for k in kinds for kind in k}


def test_each_field_is_at_times_missing_null_empty_or_mistyped() -> None:
    def draw_messages(draw: Draw) -> Any:
        return typed_values.object_of(draw, field.ITEM_MODELS[0])

    messages = generated(draw_messages, 400, "m")
    statuses = [message.get("status", "absent") for message in messages]
    assert all(any(status == shape for status in statuses) for shape in ("absent", None, ""))
    assert any(not isinstance(status, str | None) for status in statuses)
    assert all(message["type"] == "message" for message in messages)  # the tag is never damaged


def test_the_explorer_draws_a_fixed_share_of_field_streams() -> None:
    # The field's streams carry `sequence_number`, which the kit's pool never sends.
    streams = generated(explore.generate_stream, 400, "share")
    share = sum("sequence_number" in text for text, _ in streams) / len(streams)
    assert 1 / explore.FIELD_ONE_IN - 0.12 < share < 1 / explore.FIELD_ONE_IN + 0.12


@pytest.mark.parametrize("version", ["0.25.0", "0.94.0", "0.169.0"])
def test_field_streams_are_answered_by_the_reference_without_failing(version: str) -> None:
    for text in (text for text, _ in generated(explore.generate_stream, 300, f"ref-{version}")):
        response = handle({"op": "sse.responses", "args": {"edition": version, "stream": text, "splits": []}})
        assert "error" not in response or response["error"]["kind"] != "internal", (text, response)
