"""The response.completed payloads no capture shows are declined (an `unsupported`
naming what is missing), never answered by a guess or a traceback (SSE-END-5, SSE-JSON-3)."""

from __future__ import annotations

import json

import pytest

from codex_reference.adapter import handle
from codex_reference.json_types import JSON

_USAGE = {"input_tokens": 5, "output_tokens": 3, "total_tokens": 8}


def _completed(response: JSON) -> str:
    event = {"type": "response.completed", "response": response}
    return f"event: response.completed\ndata: {json.dumps(event)}\n\n"


def _answer(edition: str, response: JSON) -> dict[str, JSON]:
    answer = handle({"op": "sse.responses", "args": {"edition": edition, "stream": _completed(response)}})
    assert isinstance(answer, dict)
    return answer


_TOKEN = "$serde_json::private::Number"


@pytest.mark.parametrize(
    "number",
    [
        {_TOKEN: "3", "a": 1},  # more members after the token
        {_TOKEN: 3},  # a value that is no string
        {_TOKEN: "1.50"},  # a number the release keeps as spelled
        {_TOKEN: ""},  # nothing to read
    ],
)
def test_uncaptured_number_maps_are_declined_in_0_169(number: JSON) -> None:
    """SSE-JSON-3: only a one-member map spelling an integer, or a string no number
    starts with, is captured."""
    answer = _answer("0.169.0", {"id": "r", "usage": [5, None, 3, None, 8, number]})
    assert "private number token" in str(answer.get("unsupported")), answer


def test_the_number_token_read_only_as_the_first_member() -> None:
    """After another member it is a member like any other: the map fails on its first key."""
    answer = _answer("0.169.0", {"id": "r", "usage": [5, None, 3, None, 8, {"a": 1, _TOKEN: "3"}]})
    assert answer["result"]["end"]["message"].endswith("expected field with custom name"), answer


def test_a_usage_metadata_array_needs_both_fields() -> None:
    """completed-usage-metadata-array-*: [amount, metadata], neither defaulted."""
    answer = _answer("0.169.0", {"id": "r", "usage_metadata": ["1"]})
    assert answer["result"]["end"]["message"].endswith(
        "invalid length 1, expected struct ResponseUsageMetadata with 2 elements"
    ), answer


def test_a_details_array_in_a_usage_object_reads_by_position() -> None:
    """As in a usage array (usage-array-details-array): `[2]` is the cached count."""
    answer = _answer("0.94.0", {"id": "r", "usage": {**_USAGE, "input_tokens_details": [2]}})
    assert answer["result"]["end"]["usage"]["cached_input_tokens"] == 2, answer


@pytest.mark.parametrize("edition", ["0.25.0", "0.94.0"])
def test_fields_older_editions_do_not_declare_are_ignored(edition: str) -> None:
    """usage_metadata and end_turn are 0.169.0's: the others complete whatever they hold."""
    answer = _answer(edition, {"id": "r", "usage_metadata": ["1"], "end_turn": "x"})
    assert answer["result"]["end"]["kind"] == "completed", answer


def test_an_array_response_reads_by_position() -> None:
    """[id, usage] completes 0.94.0's stream with that usage; 0.169.0 needs usage_metadata too."""
    answer = _answer("0.94.0", ["r", _USAGE])
    assert answer["result"]["end"]["usage"]["input_tokens"] == 5, answer
    answer = _answer("0.169.0", ["r", _USAGE])
    assert "invalid length 2" in answer["result"]["end"]["message"], answer
