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
  its `detail` dropped.  0.169.0 prepares it: a PNG data URL it decodes is kept with its `detail` (`high`,
  `auto`); `detail: "low"`, an undecodable image and a remote URL each become a
  text part saying why the image was omitted.
- An `input_file` part (by `file_id`, `file_data` or `file_url`), a part of
  another type, without a type, or that is no object, and a text part whose
  `text` is no string, are not read: the item is not recorded
  (server-call-output-content-item-forms).
"""

from __future__ import annotations

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON
from codex_reference.mcp_output import images


class Unread(Exception):
    """The part does not deserialize: the output item is not recorded."""


_PNG_DATA = "data:image/png;base64,"
_REMOTE = ("http://", "https://")
# 0.169.0's texts for an image it leaves out (captured: server-call-output-images).
OMITTED_UNPROCESSABLE = "image content omitted because it could not be processed"
OMITTED_REMOTE = "image content omitted because remote image URLs are not supported"
OMITTED_LOW = "image content omitted because detail 'low' is not supported; use 'high', 'original', or 'auto'"
_KEPT_DETAILS = ("high", "auto")


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
    """0.169.0: a text as `{type, text}`, an image prepared (kept, or a text saying why not)."""
    read = _part(part)
    if read["type"] == "input_text":
        return _text(read)
    url = _image_url(read)
    detail = read.get("detail")
    if detail is not None and detail != "low" and detail not in _KEPT_DETAILS:
        raise NotModelled(
            f"how the release prepares a call output's image with detail {detail!r} is not captured"
        )
    if url.startswith(_REMOTE):
        if detail == "low":
            raise NotModelled(
                "which of two reasons the release gives for a remote low-detail image is not captured"
            )
        return {"type": "input_text", "text": OMITTED_REMOTE}
    if not url.startswith(_PNG_DATA):
        raise NotModelled(
            "how the release prepares a call output's image other than a PNG data URL is not captured"
        )
    try:
        images.data_url(url[len(_PNG_DATA) :])
    except images.Undecodable:
        if detail == "low":
            raise NotModelled(
                "which of two reasons the release gives for an undecodable low-detail image is not captured"
            ) from None
        return {"type": "input_text", "text": OMITTED_UNPROCESSABLE}
    if detail == "low":
        return {"type": "input_text", "text": OMITTED_LOW}
    return {"type": "input_image", "image_url": url, **({"detail": detail} if detail is not None else {})}
