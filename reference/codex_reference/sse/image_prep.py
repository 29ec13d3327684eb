"""How 0.169.0 prepares an image it stores, in a call output or a message (SSE-ITEM-3, SSE-ITEM-5).

Captured (0.169.0, 0.171.0): server-call-output-images,
server-call-output-image-details, -remote-details, -undecodable-details,
-not-base64, -other-urls, -other-formats, -url-forms, -plain-url-details,
message-with-image-part, message-with-unreadable-image-part,
message-with-image-part-other-urls, -details, -gif.

- An http(s) URL, the scheme in any case, becomes a text part saying remote
  URLs are not supported, whatever its detail.
- A data URL (``data:`` in any case), with detail ``low``, becomes a text part
  saying low detail is not supported, whether it decodes or not.  Otherwise
  its media type is ignored and its bytes decoded: PNG bytes are kept, the
  URL written ``data:image/png;base64,...``; bytes no image format starts
  with, base64 that does not decode, or a data URL that is not base64 become
  a text part saying the image could not be processed.  Bytes of another
  image format (a GIF) are re-encoded as a PNG: the reference declines them.
- Any other URL (a file URL, a word, an empty string) is kept as sent, with
  its detail, ``low`` included.
"""

from __future__ import annotations

import base64
import binascii

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON
from codex_reference.mcp_output import images

OMITTED_UNPROCESSABLE = "image content omitted because it could not be processed"
OMITTED_REMOTE = "image content omitted because remote image URLs are not supported"
OMITTED_LOW = "image content omitted because detail 'low' is not supported; use 'high', 'original', or 'auto'"
# The details the release's ImageDetail knows; any other fails the part.
DETAILS = ("auto", "low", "high", "original")

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# How other image formats begin: the release would decode and re-encode them.
_OTHER_FORMATS = (
    b"\xff\xd8\xff",  # JPEG
    b"GIF8",
    b"RIFF",  # WebP
    b"BM",
    b"II*\x00",  # TIFF
    b"MM\x00*",
    b"\x00\x00\x01\x00",  # ICO
    b"\x00\x00\x02\x00",  # CUR
    b"qoif",
    b"DDS ",
    b"#?RADIANCE",
    b"#?RGBE",
    b"v/1\x01",  # OpenEXR
    b"farbfeld",
)


def _pnm(data: bytes) -> bool:
    return len(data) > 1 and data[0:1] == b"P" and data[1:2] in (b"1", b"2", b"3", b"4", b"5", b"6", b"7")


def _text(text: str) -> JSON:
    return {"type": "input_text", "text": text}


def prepared(url: str, detail: JSON) -> JSON:
    """The part 0.169.0 stores for an ``input_image`` with ``url`` and a known ``detail`` (or None)."""
    folded = url.lower()
    if folded.startswith(("http://", "https://")):
        return _text(OMITTED_REMOTE)
    if folded.startswith("data:"):
        if detail == "low":
            return _text(OMITTED_LOW)
        kept = _png_data_url(url)
        if kept is None:
            return _text(OMITTED_UNPROCESSABLE)
        url = kept
    return {"type": "input_image", "image_url": url, **({"detail": detail} if detail is not None else {})}


def _png_data_url(url: str) -> str | None:
    """The URL the release keeps for a data URL, None where it cannot process it."""
    header, comma, payload = url[len("data:") :].partition(",")
    # The marker in any case (captured: server-call-output-image-base64-upper).
    if not comma or not header.lower().endswith(";base64"):
        return None  # captured: data:image/png,abc
    try:
        data = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        return None
    if not data.startswith(_PNG_SIGNATURE):
        if data.startswith(_OTHER_FORMATS) or data[4:8] == b"ftyp" or _pnm(data):
            raise NotModelled("an image other than a PNG is re-encoded by the release; not modelled")
        return None
    try:
        return images.data_url(payload)
    except images.Undecodable:
        return None
