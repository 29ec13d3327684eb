"""The content items of a call output the server streams (SSE-ITEM-5, output_parts.py).

Seen first from 0.169.0 in CI's explore sample, then captured in every edition
(server-call-output-images, server-call-output-image-without-url,
server-call-output-input-file): an image without ``image_url`` or an
``input_file`` leaves the item unrecorded; 0.94.0 keeps an image's URL only;
0.169.0 keeps a decodable PNG with its detail and writes a text for one it
leaves out.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from codex_reference.adapter import handle
from codex_reference.sse import image_prep

# A 1x1 PNG the release decodes (sse/0.169.0/message-with-image-part).
_PNG = (
    "data:image/png;base64,"
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
)


def _answer(edition: str, part: Any, kind: str = "function_call_output") -> dict[str, Any]:
    item = {"type": kind, "id": "x", "call_id": "c1", "output": [part]}
    event = {"type": "response.output_item.done", "output_index": 0, "item": item}
    stream = "data: " + json.dumps(event) + "\n\n"
    return handle({"op": "sse.responses", "args": {"edition": edition, "stream": stream, "splits": []}})


def _output(edition: str, part: Any) -> Any:
    events = _answer(edition, part)["result"]["events"]
    return events[0]["item"]["output"] if events else None


@pytest.mark.parametrize("edition", ["0.94.0", "0.169.0"])
@pytest.mark.parametrize(
    "part",
    [{"type": "input_image", "detail": "low"}, {"type": "input_file", "file_id": "file_1"}],
)
def test_an_image_without_a_url_or_a_file_leaves_the_item_unrecorded(
    edition: str, part: dict[str, Any]
) -> None:
    assert _output(edition, part) is None


def test_0_94_0_keeps_an_images_url_only() -> None:
    assert _output("0.94.0", {"type": "input_image", "image_url": "x", "detail": "high"}) == [
        {"type": "input_image", "image_url": "x"}
    ]


@pytest.mark.parametrize(
    ("part", "stored"),
    [
        (
            {"type": "input_image", "image_url": _PNG, "detail": "auto"},
            {"type": "input_image", "image_url": _PNG, "detail": "auto"},
        ),
        (
            {"type": "input_image", "image_url": _PNG, "detail": "low"},
            {"type": "input_text", "text": image_prep.OMITTED_LOW},
        ),
        (
            {"type": "input_image", "image_url": "https://example.org/a.png"},
            {"type": "input_text", "text": image_prep.OMITTED_REMOTE},
        ),
        (
            {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo="},
            {"type": "input_text", "text": image_prep.OMITTED_UNPROCESSABLE},
        ),
    ],
)
def test_0_169_0_prepares_an_image(part: dict[str, Any], stored: dict[str, Any]) -> None:
    assert _output("0.169.0", part) == [stored]


# A GIF is re-encoded as a PNG by the release (captured: server-call-output-image-other-formats).
_GIF = "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="


def test_what_is_not_captured_is_declined() -> None:
    assert "unsupported" in _answer("0.169.0", {"type": "input_image", "image_url": _GIF})


@pytest.mark.parametrize("detail", ["medium", "HIGH", "", 5])
def test_a_detail_the_release_does_not_know_fails_the_output(detail: Any) -> None:
    """Captured: server-call-output-image-details, -detail-number."""
    assert _output("0.169.0", {"type": "input_image", "image_url": _PNG, "detail": detail}) is None


# Captured by items: function-call-output-part-output-text, -part-string, -text-not-string;
# by sse: server-call-output-content-item-forms (0.94.0 and 0.169.0 alike).
_UNREAD_PARTS = [
    {"type": "refusal", "refusal": "no"},
    {"type": "output_text", "text": "t"},
    {"text": "t"},
    "x",
    7,
    None,
    ["x"],
    {"type": "input_text", "text": True},
    {"type": "input_text"},
    {"type": "input_image", "image_url": 7},
    {"type": "input_image", "image_url": {"url": _PNG}},
]


@pytest.mark.parametrize("edition", ["0.94.0", "0.169.0"])
@pytest.mark.parametrize("part", _UNREAD_PARTS)
def test_an_output_whose_content_item_does_not_read_is_not_recorded(edition: str, part: Any) -> None:
    assert _answer(edition, part)["result"]["events"] == []


def test_0_94_0_reads_a_custom_tools_output_as_a_string_only() -> None:
    text = {"type": "input_text", "text": "ok"}
    assert _answer("0.94.0", text, kind="custom_tool_call_output")["result"]["events"] == []
    assert _answer("0.169.0", text, kind="custom_tool_call_output")["result"]["events"][0]["item"][
        "output"
    ] == [text]


def test_a_text_in_a_call_output_is_still_answered() -> None:
    assert _output("0.169.0", {"type": "input_text", "text": "ok"}) == [{"type": "input_text", "text": "ok"}]
