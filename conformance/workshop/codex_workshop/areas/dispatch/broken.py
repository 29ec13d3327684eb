"""Broken ports of ``dispatch.call``: what is written back for a call, changed one rule at a time."""

from __future__ import annotations

import base64
import json
import posixpath
import re
import struct
import zlib
from collections.abc import Callable
from typing import Any
from unittest import mock

from codex_reference.adapter import Handler
from codex_reference.dispatch import image_prompt
from codex_reference.rustlib import (
    image_gif,
    image_jpeg_read,
    image_jpeg_write,
    image_png_write,
    image_resize,
)
from codex_workshop.areas.dispatch.run import CWD_FORM
from codex_workshop.broken import area_adapters, rewriting


def _image_jpg_mime(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """JPEG data URLs labelled image/jpg (the file extension, not the MIME type)."""
    output = result.get("item", {}).get("output")
    if isinstance(output, list):
        for part in output:
            part["image_url"] = part["image_url"].replace("data:image/jpeg;", "data:image/jpg;")


def _gif_as(convert: Callable[[bytes], str]) -> Handler:
    """The reference, except that a view_image of a GIF gets the data URL ``convert`` makes of it."""
    return _image_as(lambda content: content.startswith(b"GIF"), convert)


def _image_as(applies: Callable[[bytes], bool], convert: Callable[[bytes], str]) -> Handler:
    """The reference, except that a view_image of a file ``applies`` picks gets ``convert``'s data URL."""

    def change(result: dict[str, Any], args: dict[str, Any]) -> None:
        output = result.get("item", {}).get("output")
        if isinstance(output, list):
            # The file the image came from: 0.169.0 normalises the path as normpath does.
            path = posixpath.normpath(json.loads(args["item"]["arguments"])["path"])
            content = base64.b64decode(args["files"][path])
            if applies(content):
                output[0]["image_url"] = convert(content)

    return rewriting("dispatch.call", change)


def _data_url(mime: str, data: bytes) -> str:
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


def _gif_passed_through(content: bytes) -> str:
    """The GIF sent as it is (as PNG and JPEG are)."""
    return _data_url("image/gif", content)


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _gif_as_zlib_png(content: bytes) -> str:
    """A valid PNG of the right pixels, but written the usual way (filter None, zlib's default level)."""
    image = image_gif.decode_first_frame(content)
    stride = image.width * 4
    raw = b"".join(b"\x00" + image.rgba[y * stride : (y + 1) * stride] for y in range(image.height))
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 6, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + _png_chunk(b"IHDR", header) + _png_chunk(b"IDAT", zlib.compress(raw))
    return _data_url("image/png", png + _png_chunk(b"IEND", b""))


def _gif_transparent_black(content: bytes) -> str:
    """Transparent pixels written as (0, 0, 0, 0) instead of keeping their palette colour."""
    image = image_gif.decode_first_frame(content)
    pixels = bytearray(image.rgba)
    for i in range(0, len(pixels), 4):
        if pixels[i + 3] == 0:
            pixels[i : i + 3] = b"\x00\x00\x00"
    return _data_url("image/png", image_png_write.encode_rgba(image.width, image.height, bytes(pixels)))


def _large_jpeg(content: bytes) -> bool:
    return content.startswith(b"\xff\xd8\xff") and image_prompt.prompt_image(content) != (
        "image/jpeg",
        content,
    )


def _jpeg_refit(content: bytes, quality: int = image_jpeg_write.QUALITY) -> str:
    image = image_jpeg_read.decode(content)
    fitted = image_resize.fit_dimensions(image.width, image.height, image_prompt.MAX_DIMENSION)
    rgb = image_resize.resize((image.width, image.height), image.rgb, 3, fitted)
    return _data_url("image/jpeg", image_jpeg_write.encode_rgb(*fitted, rgb, quality))


def _jpeg_default_quality(content: bytes) -> str:
    """Re-encoded at the encoder's default quality, 75 (a port calling ``JpegEncoder::new``), not 85."""
    return _jpeg_refit(content, quality=75)


def _jpeg_plain_upsampling(content: bytes) -> str:
    """Subsampled chroma repeated into each pixel (a decoder without "fancy" upsampling)."""

    def repeat_columns(plane: image_jpeg_read.Plane) -> image_jpeg_read.Plane:
        samples = bytearray(2 * len(plane.samples))
        samples[0::2] = samples[1::2] = plane.samples
        return image_jpeg_read.Plane(2 * plane.width, plane.height, bytes(samples))

    def repeat_rows(plane: image_jpeg_read.Plane) -> image_jpeg_read.Plane:
        samples = b"".join(row + row for row in plane.rows())
        return image_jpeg_read.Plane(plane.width, 2 * plane.height, samples)

    with (
        mock.patch.object(image_jpeg_read, "_upsample_horizontal", repeat_columns),
        mock.patch.object(image_jpeg_read, "_upsample_vertical", repeat_rows),
    ):
        return _jpeg_refit(content)


_WORK_DIR = re.compile(CWD_FORM)  # the run's working directory, as the capture finds it


def _own_working_directory(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """A path in the output made absolute against the port's own directory, not the cwd the args give."""
    item = result.get("item")
    if isinstance(item, dict) and isinstance(item.get("output"), str):
        item["output"] = _WORK_DIR.sub("/tmp/codex-conformance-work-elsewhere", item["output"])


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "own-working-directory": (
            "DISPATCH-IMAGE-2",
            "view_image's missing path shown under its own working directory, not the cwd the args give",
            rewriting("dispatch.call", _own_working_directory),
        ),
        "image-jpg-mime": ("DISPATCH-IMAGE-1", "data:image/jpg", rewriting("dispatch.call", _image_jpg_mime)),
        "gif-passed-through": ("DISPATCH-IMAGE-1", "data:image/gif", _gif_as(_gif_passed_through)),
        "gif-zlib-png": ("DISPATCH-IMAGE-1", "PNG via zlib, no fdeflate", _gif_as(_gif_as_zlib_png)),
        "gif-transparent-black": (
            "DISPATCH-IMAGE-1",
            "transparent RGB zeroed",
            _gif_as(_gif_transparent_black),
        ),
        "jpeg-quality-75": (
            "DISPATCH-IMAGE-1",
            "large JPEG re-encoded at quality 75",
            _image_as(_large_jpeg, _jpeg_default_quality),
        ),
        "jpeg-plain-upsampling": (
            "DISPATCH-IMAGE-1",
            "4:2:0/4:2:2 chroma repeated, not interpolated",
            _image_as(_large_jpeg, _jpeg_plain_upsampling),
        ),
    },
)
