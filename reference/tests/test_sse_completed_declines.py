"""The response.completed payloads no capture shows are declined (an `unsupported`
naming what is missing), never answered by a guess or a traceback (SSE-END-5)."""

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


@pytest.mark.parametrize(
    ("response", "declined"),
    [
        ({"id": "r", "usage_metadata": {"amount": "1", "model": "m"}}, "usage_metadata member"),
        ({"id": "r", "usage_metadata": ["1"]}, "usage_metadata that is an array"),
        ({"id": "r", "usage": {**_USAGE, "input_tokens_details": []}}, "details array"),
        ({"id": "r", "usage": [5, [], 3, None, 8]}, "details array"),
        ({"id": "r", "usage": [5, [1, 2], 3, None, 8]}, "details array"),
        ({"id": "r", "usage": [5, None, 3, None, 8, {}]}, "sixth usage field"),
    ],
)
def test_uncaptured_payloads_are_declined_in_0_169(response: JSON, declined: str) -> None:
    answer = _answer("0.169.0", response)
    assert declined in str(answer.get("unsupported")), answer


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
