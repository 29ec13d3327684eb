"""The content items of a call output the server streams, as the release stores them (SSE-ITEM-5).

A `function_call_output` whose `output` is a list is read item by item into
the release's typed content items; an item it cannot read fails the whole
output item, which is then not recorded.  Captured (0.94.0, 0.169.0):
server-call-output-content-items, server-call-output-images,
server-call-output-image-without-url, custom-call-output-image-and-text,
server-call-output-input-file, server-call-output-content-item-forms.

- A text part is written `{type, text}`.
- An `input_image` needs a string `image_url` (without one, or with one of
  another type, the item is not recorded).  0.94.0 keeps `{type, image_url}`,
  its `detail` dropped.  0.169.0 prepares it (image_prep.py), a `detail` it
  does not know failing the item.
- An `input_file` part (by `file_id`, `file_data` or `file_url`), a part of
  another type, without a type, or that is no object, and a text part whose
  `text` is no string, are not read: the item is not recorded
  (server-call-output-content-item-forms).
"""

from __future__ import annotations

from codex_reference.json_types import JSON
from codex_reference.sse import image_prep


class Unread(Exception):
    """The part does not deserialize: the output item is not recorded."""


def _text(part: dict[str, JSON]) -> JSON:
    if not isinstance(part.get("text"), str):
        # A text that is null, absent or of another type (captured by items:
        # function-call-output-text-not-string; by sse: server-call-output-content-item-forms).
        raise Unread
    return {"type": "input_text", "text": part["text"]}


def _image_url(part: dict[str, JSON]) -> str:
    url = part.get("image_url")
    if not isinstance(url, str):
        # Absent, null, a number or an object (captured: server-call-output-image-without-url,
        # server-call-output-content-item-forms).
        raise Unread
    return url


def _part(part: JSON) -> dict[str, JSON]:
    """The content item, where it reads: an object of type `input_text` or `input_image`.
    A string, a number, null or an array, an `output_text`, a `refusal`, an item without a
    type or an `input_file` fails the output, in every edition that records one (captured:
    server-call-output-content-item-forms, server-call-output-input-file; by items:
    function-call-output-part-string, function-call-output-part-output-text)."""
    if not isinstance(part, dict) or part.get("type") not in ("input_text", "input_image"):
        raise Unread
    return part


def kept_part(part: JSON) -> JSON:
    """0.94.0: a text as `{type, text}`, an image as `{type, image_url}`."""
    read = _part(part)
    if read["type"] == "input_text":
        return _text(read)
    return {"type": "input_image", "image_url": _image_url(read)}


def prepared_part(part: JSON) -> JSON:
    """0.169.0: a text as `{type, text}`, an image prepared (image_prep.py); a detail the
    release does not know (`medium`, `HIGH`, `""`, a number) fails the output
    (captured: server-call-output-image-details, -detail-number)."""
    read = _part(part)
    if read["type"] == "input_text":
        return _text(read)
    url = _image_url(read)
    detail = read.get("detail")
    if detail is not None and detail not in image_prep.DETAILS:
        raise Unread
    return image_prep.prepared(url, detail)
