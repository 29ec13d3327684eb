"""CPU time of the reference's image codecs on the largest images it decodes, next to the numpy codecs.

    python conformance/workshop/benchmarks/image_codec_speed.py [--repeat 3]

The reference decodes at most ``MODELLED_PIXELS`` (100,000) pixels for a
request (``dispatch/image_prompt.py``), and each fuzz call must stay under
2 s of CPU on a loaded machine, so the worst cases inside that budget
should take well under 1 s: a 2049x48 baseline JPEG (98,352 pixels) to be
resized to 2048x48 and written again as JPEG, a 2049x48 RGBA PNG (every row
Paeth-filtered, the slowest to read) resized and written as PNG, and a
316x316 GIF (99,856 pixels) written as PNG.  Noise is the worst input (every
JPEG coefficient and PNG byte non-zero); a smooth JPEG is timed too.  Each
codec is timed on its own, then ``prompt_image`` end to end (the sum of
its codecs, plus sniffing), as process CPU time, best of ``--repeat``.

The peer: until issue #32 the codecs ran on numpy.  No second
implementation is kept in the package; instead, when numpy is importable
here, this script runs itself again on the reference as of ``PEER`` (the
last commit whose codecs used numpy), extracted with ``git archive`` into a
temporary directory, and prints both columns.  Without numpy (or outside a
git checkout) only the pure-Python column is printed.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

PEER = "55605c1"  # the last commit whose image codecs ran on numpy
ROOT = Path(__file__).resolve().parents[3]

WIDE, LOW = 2049, 48  # 98,352 pixels: just over 2048 wide, so resized to 2048x48
SQUARE = 316  # 99,856 pixels, within 2048x2048: a GIF this size is only re-encoded


def _noise(count: int, seed: int) -> bytes:
    return random.Random(seed).randbytes(count)


def _smooth(width: int, height: int, channels: int) -> bytes:
    return bytes(
        ((x * 3 + y * 5) // 4 + c * 50) & 0xFF
        for y in range(height)
        for x in range(width)
        for c in range(channels)
    )


def _paeth_png(width: int, height: int, rgba: bytes) -> bytes:
    """An RGBA PNG with every row under Paeth (filter 4), the filter slowest to undo."""
    import struct
    import zlib

    stride = 4 * width
    raw = bytearray()
    prev = bytes(stride)
    for y in range(height):
        row = rgba[y * stride : (y + 1) * stride]
        raw.append(4)
        for i, x in enumerate(row):
            a, b, c = (row[i - 4] if i >= 4 else 0), prev[i], (prev[i - 4] if i >= 4 else 0)
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            predictor = a if pa <= pb and pa <= pc else b if pb <= pc else c
            raw.append((x - predictor) & 0xFF)
        prev = row

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw)))
        + chunk(b"IEND", b"")
    )


def _best(repeat: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        run()
        best = min(best, time.process_time() - started)
    return best


def measure(repeat: int) -> dict[str, float]:
    """Seconds of CPU per case, with the codecs importable from sys.path."""
    # The image writer is the workshop's now; the peer's tree (before the split) has it in the kit.
    try:
        image_files = importlib.import_module("codex_workshop.areas.dispatch.image_files")
    except ImportError:
        image_files = importlib.import_module("codex_conformance.areas.dispatch.image_files")
    GifFrame, gif = image_files.GifFrame, image_files.gif

    from codex_reference.dispatch import image_prompt
    from codex_reference.rustlib import (
        image_gif,
        image_jpeg_read,
        image_jpeg_write,
        image_png_read,
        image_png_write,
        image_resize,
    )

    rgb_noise, rgb_smooth = _noise(WIDE * LOW * 3, 1), _smooth(WIDE, LOW, 3)
    jpeg_noise = image_jpeg_write.encode_rgb(WIDE, LOW, rgb_noise)
    jpeg_smooth = image_jpeg_write.encode_rgb(WIDE, LOW, rgb_smooth)
    rgba = _noise(WIDE * LOW * 4, 2)
    png = _paeth_png(WIDE, LOW, rgba)
    colours = _noise(3 * 256, 3)
    palette = [(colours[i], colours[i + 1], colours[i + 2]) for i in range(0, len(colours), 3)]
    gif_file = gif(SQUARE, SQUARE, palette, [GifFrame(SQUARE, SQUARE, _noise(SQUARE * SQUARE, 4))])
    gif_rgba = image_gif.decode_first_frame(gif_file).rgba
    fitted = (2048, LOW)

    def prompt(data: bytes) -> Callable[[], object]:
        def run() -> object:
            image_prompt._cache.clear()  # the release's cache would answer a repeat at once
            return image_prompt.prompt_image(data)

        return run

    cases: dict[str, Callable[[], object]] = {
        "jpeg read (noise)": lambda: image_jpeg_read.decode(jpeg_noise),
        "jpeg read (smooth)": lambda: image_jpeg_read.decode(jpeg_smooth),
        "resize rgb 2049x48": lambda: image_resize.resize((WIDE, LOW), rgb_noise, 3, fitted),
        "jpeg write (noise)": lambda: image_jpeg_write.encode_rgb(*fitted, rgb_noise[: 2048 * LOW * 3]),
        "png read (paeth)": lambda: image_png_read.read_rgba(png),
        "resize rgba 2049x48": lambda: image_resize.resize_rgba(WIDE, LOW, rgba, *fitted),
        "png write 2048x48": lambda: image_png_write.encode_rgba(*fitted, rgba[: 2048 * LOW * 4]),
        "gif read 316x316": lambda: image_gif.decode_first_frame(gif_file),
        "png write 316x316": lambda: image_png_write.encode_rgba(SQUARE, SQUARE, gif_rgba),
        "prompt: jpeg 2049x48 (noise)": prompt(jpeg_noise),
        "prompt: jpeg 2049x48 (smooth)": prompt(jpeg_smooth),
        "prompt: png 2049x48": prompt(png),
        "prompt: gif 316x316": prompt(gif_file),
    }
    return {name: _best(repeat, run) for name, run in cases.items()}


def _peer(repeat: int) -> dict[str, float] | None:
    """The same figures for the reference as of PEER, or None where that cannot be run."""
    if importlib.util.find_spec("numpy") is None:
        return None
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", PEER, "reference", "conformance/codex_conformance"],
            check=True,
            capture_output=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp, filter="data")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join((f"{tmp}/reference", f"{tmp}/conformance")))
        result = subprocess.run(
            [sys.executable, __file__, "--json", "--repeat", str(repeat)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
        )
    figures: dict[str, float] = json.loads(result.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print this tree's figures as JSON only")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.repeat)))
        return
    ours = measure(args.repeat)
    peer = _peer(args.repeat)
    print(f"{'case':32} {'pure Python':>12} {f'numpy ({PEER})':>16}")
    for name, seconds in ours.items():
        other = f"{peer[name]:.3f} s" if peer and name in peer else "-"
        print(f"{name:32} {seconds:10.3f} s {other:>16}")


if __name__ == "__main__":
    main()
