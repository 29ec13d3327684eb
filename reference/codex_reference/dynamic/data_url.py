"""Inline ``data:`` URLs of dynamic tool content items (DYN-OUT-IMAGE-1, DYN-OUT-AUDIO-1).

An image's bytes go through the same loader as ``view_image``'s file
(DISPATCH-IMAGE-1: sniffed format, PNG/JPEG/WebP passed on, GIF and large
images re-encoded): the captures image-jpeg, image-gif, image-webp and
image-png-2049x4 give the very URLs the view-image-* captures give for the
same bytes.  So that model is reused, declines included.
"""

from __future__ import annotations

import base64
import binascii
from urllib.parse import unquote_to_bytes

from codex_reference.dispatch.image_prompt import DecodeBudget, prompt_image
from codex_reference.errors import NotModelled
from codex_reference.rustlib.image_png_write import RowFilters


def _parts(url: str) -> tuple[str, str]:
    head, comma, payload = url.partition(",")
    if not comma or not head.startswith("data:"):
        raise NotModelled(f"a data URL without a comma is not captured: {url[:40]!r}")
    return head, payload


def base64_bytes(url: str) -> bytes | None:
    """The bytes of a ``data:<mime>;base64,`` URL; None when the base64 does not decode
    (strictly: no missing padding, no stray characters; captured image-base64-unpadded)."""
    head, payload = _parts(url)
    if not head.endswith(";base64"):
        raise NotModelled("a data URL that is not base64 is not captured here")
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        return None


def image_url(url: str, budget: DecodeBudget, rows: RowFilters) -> str | None:
    """The URL the release sends for an inline image; None when it sends no image.

    ``budget``: what the request may still decode, over all its images; ``rows``: how the
    release filters the rows of a PNG it writes.
    """
    head, payload = _parts(url)
    if not head.endswith(";base64"):
        # Captured only with text that is no image (image-data-url-not-base64);
        # whether an image spelled so would be sent is not known.
        if prompt_image(unquote_to_bytes(payload), budget, rows) is None:
            return None
        raise NotModelled("an image in a data URL that is not base64 is not captured")
    data = base64_bytes(url)
    loaded = None if data is None else prompt_image(data, budget, rows)
    if loaded is None:
        return None
    # The bytes decide the type, not the URL's label (captured: image-mime-mismatch).
    mime, sent = loaded
    return f"data:{mime};base64," + base64.b64encode(sent).decode()
