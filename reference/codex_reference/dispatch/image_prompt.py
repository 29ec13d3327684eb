"""What 0.169.0's view_image makes of a file's bytes (DISPATCH-IMAGE-1).

The release sniffs the format from the first bytes and decodes the image
(image 0.25.9, under its 512 MiB allocation limit: ``image_limits``; a file
over it is "invalid or unsupported image data").  PNG, JPEG and WebP that
fit 2048x2048 and 2,500 tiles of 32x32 pixels are sent as they are, under
their own MIME type; a GIF that size is re-encoded as PNG (its first frame,
``image_gif`` and ``image_png_write``).  Anything wider or taller than 2048
is resized to fit 2048x2048 with a triangle filter (``image_resize``) and
re-encoded: GIF and 8-bit RGB/RGBA PNG as PNG, a baseline JPEG (decoded as
zune-jpeg does, ``image_jpeg_read``) as JPEG (``image_jpeg_write``) are
modelled; WebP, other PNGs and other JPEGs are declined, as are images
the release shrinks to its tile budget (not captured closely enough).
Other formats (BMP included), bytes that are no image and a JPEG to resize
whose Huffman tables zune-jpeg refuses (``image_jpeg_read.Refused``) get
``None``: the release answers "invalid or unsupported image data".

The model decodes at most ``MODELLED_PIXELS`` pixels for one request,
whatever the number of images in it (``DecodeBudget``): the release decodes
any image under its limit in milliseconds; this model reads LZW and Huffman
codes one at a time in Python and computes on samples in pure Python
(``int_lanes``, ``array``), so a large image would take seconds.  An image beyond
the budget is declined (``NotModelled``), from its header, before anything
is allocated.  As the release does, the outcome for the last 32 distinct
files is kept by their bytes, so an image repeated in a request is decoded
once.

Where a release writes its PNGs differently, the caller names the way
(``rows``: ``image_png_write.adaptive_rows`` or
``adaptive_rows_up_for_repeats``, from the edition's table); the outcome is
kept by the bytes and that way.

Only the header of a passed-through file is read here; a file whose
header is damaged, which the release's full decode would reject, is
declined rather than guessed.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass

from codex_reference.errors import NotModelled
from codex_reference.rustlib import (
    image_gif,
    image_jpeg_read,
    image_jpeg_write,
    image_limits,
    image_png_read,
    image_png_write,
    image_resize,
)
from codex_reference.rustlib.image_limits import Header
from codex_reference.rustlib.image_png_write import RowFilters, adaptive_rows

__all__ = ["MAX_DIMENSION", "MAX_TILES", "MODELLED_PIXELS", "DecodeBudget", "prompt_image"]

MAX_DIMENSION = 2048
# 0.169.0 shrinks an image of more than 2,500 tiles of 32x32 pixels (a
# 1600x1600 PNG is sent as it is, 1590x1610 and 1700x1700 are shrunk).
MAX_TILES = 2_500
_TILE = 32
# The most pixels this model decodes (a GIF's screen, an image to resize):
# each costs a few microseconds (an LZW or Huffman code read in Python, the
# rest whole-image integer lanes and f32 arrays), and the largest capture (a
# 300x300 GIF) holds 90,000.  At this bound the slowest request, a 2049x48
# JPEG of noise decoded, resized and written again, takes about 0.5 s of CPU
# (conformance/workshop/benchmarks/image_codec_speed.py).
MODELLED_PIXELS = 100_000
_SHRUNK = "an image over 0.169.0's budget of 2,500 tiles of 32x32 is shrunk to fit it: not modelled"

_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"


def _tiles(width: int, height: int) -> int:
    return math.ceil(width / _TILE) * math.ceil(height / _TILE)


def _fits(width: int, height: int) -> bool:
    """Sent at this size: within 2048x2048 and the tile budget."""
    return width <= MAX_DIMENSION and height <= MAX_DIMENSION and _tiles(width, height) <= MAX_TILES


def _fitted(width: int, height: int) -> tuple[int, int]:
    """The size an image wider or taller than 2048 is resized to (within the tile budget, or declined)."""
    fitted = image_resize.fit_dimensions(width, height, MAX_DIMENSION)
    if _tiles(*fitted) > MAX_TILES:
        raise NotModelled(_SHRUNK)
    return fitted


class DecodeBudget:
    """The pixels one request may still have decoded: ``MODELLED_PIXELS`` over all its images.

    An image is charged once per request however often it appears (the release
    decodes it once: its cache), whether or not this process kept its outcome,
    so the answer never depends on what was asked before.
    """

    def __init__(self) -> None:
        self.remaining = MODELLED_PIXELS
        self._charged: set[bytes] = set()

    def charge(self, data: bytes, header: Header) -> None:
        """Declines an image too large for this model to decode quickly (the release would decode it)."""
        if data in self._charged:
            return
        pixels = header.width * header.height
        if pixels > self.remaining:
            raise NotModelled(
                f"decoding a {header.width}x{header.height} image is not modelled: the reference "
                f"decodes at most {MODELLED_PIXELS:,} pixels for a request ({self.remaining:,} left)"
            )
        self.remaining -= pixels
        self._charged.add(data)


@dataclass(frozen=True)
class _Decode:
    """The image must be decoded: as what, and its header."""

    mime: str
    header: Header


@dataclass(frozen=True)
class _Declined:
    reason: str


@dataclass(frozen=True)
class _Refused:
    """The release's decoder refuses the file (``image_jpeg_read.Refused``): no image."""


# The release's image cache (codex-rs/utils/image: 32 entries, keyed by the
# SHA-1 of the bytes); here a decoded image's outcome, a decline's reason
# included, by the bytes.  It saves time only: the budget is charged either
# way.  A decline is raised afresh each time (one exception raised again
# would grow its traceback with every call).
_CACHE_SIZE = 32
_cache: OrderedDict[tuple[RowFilters, bytes], tuple[str, bytes] | _Declined | _Refused] = OrderedDict()
_cache_lock = threading.Lock()


def _fitted_png(width: int, height: int, rgba: bytes, rows: RowFilters) -> bytes:
    """The PNG of an image, first resized to fit 2048x2048 (``image_resize``) if larger."""
    if width > MAX_DIMENSION or height > MAX_DIMENSION:
        fitted = _fitted(width, height)
        rgba = image_resize.resize_rgba(width, height, rgba, *fitted)
        width, height = fitted
    elif not _fits(width, height):
        raise NotModelled(_SHRUNK)
    return image_png_write.encode_rgba(width, height, rgba, rows)


def _fitted_jpeg(data: bytes) -> bytes:
    """A JPEG larger than 2048x2048: decoded, resized in RGB and written as JPEG again."""
    image = image_jpeg_read.decode(data)
    fitted = _fitted(image.width, image.height)
    rgb = image_resize.resize((image.width, image.height), image.rgb, 3, fitted)
    return image_jpeg_write.encode_rgb(*fitted, rgb)


def _header(data: bytes) -> tuple[str, Header | None] | None:
    """(MIME type the release sends it as, header) of an image format it decodes; None for others."""
    if data.startswith((b"GIF87a", b"GIF89a")):
        return "image/gif", image_limits.gif_header(data)
    if data.startswith(_PNG):
        return "image/png", image_limits.png_header(data)
    if data.startswith(_JPEG):
        return "image/jpeg", image_limits.jpeg_header(data)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp", image_limits.webp_header(data)
    return None


def prompt_image(
    data: bytes, budget: DecodeBudget | None = None, rows: RowFilters = adaptive_rows
) -> tuple[str, bytes] | None:
    """(MIME type, bytes) of the image the release sends, or None for no image it can decode.

    ``budget`` is the request's, shared by all the images it holds; a fresh one by default.
    ``rows``: how the release filters the rows of a PNG it writes.
    """
    plan = _plan(data)
    if not isinstance(plan, _Decode):
        return plan
    (budget or DecodeBudget()).charge(data, plan.header)
    key = (rows, data)
    with _cache_lock:
        known = _cache.get(key)
        if known is not None:
            _cache.move_to_end(key)
    if known is None:
        try:
            known = _decoded(data, plan.mime, rows)
        except NotModelled as declined:
            known = _Declined(str(declined))
        except image_jpeg_read.Refused:
            known = _Refused()
        with _cache_lock:
            _cache[key] = known
            while len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
    if isinstance(known, _Declined):
        raise NotModelled(known.reason)
    if isinstance(known, _Refused):
        return None
    return known


def _plan(data: bytes) -> tuple[str, bytes] | _Decode | None:
    """What the release does with the file, as far as its header tells: no image, sent as it is,
    or decoded (every GIF; a PNG or JPEG to resize)."""
    sniffed = _header(data)
    if sniffed is None:
        return None
    mime, header = sniffed
    if header is None or not header.width or not header.height:
        raise NotModelled(f"an {mime} file whose header gives no dimensions is not modelled")
    if header.refused or header.over_limit:
        # A header the decoder refuses, or image's max_alloc: a decoding error, before any pixel is read.
        return None
    if mime == "image/gif":
        return _Decode(mime, header)
    if _fits(header.width, header.height):
        if mime == "image/jpeg" and image_jpeg_read.huffman_refused(data):
            return None  # the release decodes it before sending it as it is, and cannot
        return mime, data
    if header.width <= MAX_DIMENSION and header.height <= MAX_DIMENSION:
        raise NotModelled(_SHRUNK)
    if mime == "image/webp":
        raise NotModelled("image/webp files larger than 2048x2048 are resized and re-encoded: not modelled")
    return _Decode(mime, header)


def _decoded(data: bytes, mime: str, rows: RowFilters) -> tuple[str, bytes]:
    if mime == "image/gif":
        image = image_gif.decode_first_frame(data)
        return "image/png", _fitted_png(image.width, image.height, image.rgba, rows)
    if mime == "image/jpeg":
        return mime, _fitted_jpeg(data)
    return mime, _fitted_png(*image_png_read.read_rgba(data), rows)
