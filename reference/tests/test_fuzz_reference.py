"""The reference on hostile input: a seeded sample of the fuzz stream, every answer defined, none hung.

Requests are the fixtures' own cases with one to three things broken
(codex_workshop.fuzz).  Every one must be answered with a result, an
error of a kind other than ``internal`` (a bug in the model) or
``unsupported``, and no exception may escape ``handle``.  Speed is not
asserted here (a loaded machine would fail it): a call is only bounded by a
timeout that means "hung".  conformance/workshop/benchmarks/fuzz_reference.py runs
the same stream by the million and reports calls over 2 s.  Tiny images
that claim huge sizes are answered from their headers.
"""

from __future__ import annotations

import base64
import itertools
import json
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from functools import cache
from typing import Any

import pytest

from codex_conformance.cases import Case, load_cases
from codex_conformance.paths import fixtures_dir
from codex_reference.adapter import handle
from codex_workshop.areas.dispatch.image_files import GifFrame, gif, png
from codex_workshop.fuzz import mutated_requests

# 30,000 calls in chunks of their own seed, so pytest-xdist can share them out.
CHUNKS = 6
CALLS_PER_CHUNK = 5_000
HUNG_AFTER_SECONDS = 120


@cache
def _cases() -> list[Case]:
    return load_cases(fixtures_dir())


def _shown(request: dict[str, Any]) -> str:
    """The request for a failure message: short, and printable whatever it holds."""
    return json.dumps(request, ensure_ascii=True, default=repr)[:600]


def _kind(response: Any) -> str | None:
    """The outcome of a well-formed response; None for anything else."""
    if not isinstance(response, dict) or len(response) != 1:
        return None
    if "error" in response:
        error = response["error"]
        kind = error.get("kind") if isinstance(error, dict) else None
        return f"error:{kind}" if isinstance(kind, str) else None
    return next(iter(response)) if set(response) <= {"result", "unsupported"} else None


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_fuzzed_request_gets_a_defined_answer(chunk: int) -> None:
    problems: list[str] = []
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        for request in itertools.islice(mutated_requests(_cases(), seed=1_000 + chunk), CALLS_PER_CHUNK):
            future = pool.submit(handle, request)
            try:
                response = future.result(timeout=HUNG_AFTER_SECONDS)
            except FutureTimeout:
                pytest.fail(f"hung: no answer within {HUNG_AFTER_SECONDS} s to {_shown(request)}")
            except Exception as escaped:  # handle must answer every request itself
                problems.append(f"escaped {type(escaped).__name__}: {escaped}  {_shown(request)}")
                continue
            kind = _kind(response)
            if kind is None or kind == "error:internal":
                problems.append(f"{kind or 'not a response'}: {str(response)[:300]}  {_shown(request)}")
    finally:
        pool.shutdown(wait=False)
    assert not problems, f"{len(problems)} bad answers, the first ones:\n" + "\n".join(problems[:10])


def _view_image(data: bytes) -> dict[str, Any]:
    args = {
        "edition": "0.169.0",
        "model": "gpt-5",
        "config": {},
        "files": {"f": base64.b64encode(data).decode("ascii")},
        "item": {"type": "function_call", "name": "view_image", "arguments": '{"path": "f"}', "call_id": "c"},
    }
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        response: dict[str, Any] = pool.submit(handle, {"op": "dispatch.call", "args": args}).result(
            timeout=HUNG_AFTER_SECONDS
        )
    except FutureTimeout:
        pytest.fail(f"hung: no answer within {HUNG_AFTER_SECONDS} s")
    finally:
        pool.shutdown(wait=False)
    return response


def _dot_gif(width: int, height: int) -> bytes:
    """A 1x1 frame on a ``width`` x ``height`` screen: a few dozen bytes whatever the size."""
    return gif(width, height, [(0, 0, 0), (255, 255, 255)], [GifFrame(1, 1, b"\x01")])


def _zeros_png(width: int, height: int) -> bytes:
    """An RGBA PNG of zeros: its IDAT deflates about a thousand to one."""
    return png(width, height, 6, 8, [bytes(4 * width)] * height)


def test_an_image_over_the_release_limit_is_refused_from_its_header() -> None:
    # 4096 x 65535 x 4 bytes is over image's max_alloc: the release's own answer, no decoding.
    output = _view_image(_dot_gif(4096, 65535))["result"]["item"]["output"]
    assert output == "unable to process image: invalid or unsupported image data"


@pytest.mark.parametrize("name", ["gif-2049x2049", "png-2100x100"])
def test_an_image_too_large_to_decode_in_python_is_declined(name: str) -> None:
    # Under the release's limit, so it decodes them (the PNG to resize it); the model declines
    # rather than spend seconds.
    data = _dot_gif(2049, 2049) if name.startswith("gif") else _zeros_png(2100, 100)
    assert "decodes at most" in _view_image(data)["unsupported"]
