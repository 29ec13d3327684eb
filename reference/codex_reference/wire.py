"""Args → result for the wire ops (``sse.responses``), kept out of adapter.py."""

from __future__ import annotations

import itertools

from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.sse.responses import SseRules, read_responses


def chunks_of(stream: str, splits: JSON) -> list[bytes]:
    data = stream.encode("utf-8")
    if not isinstance(splits, list) or not all(isinstance(s, int) for s in splits):
        raise InvalidArgs("`splits` must be a list of byte offsets")
    bounds = [0, *sorted({s for s in splits if 0 < s < len(data)}), len(data)]
    return [data[a:b] for a, b in itertools.pairwise(bounds)]


def sse_responses(rules: SseRules, args: dict[str, JSON]) -> dict[str, JSON]:
    stream = args.get("stream")
    if not isinstance(stream, str):
        raise InvalidArgs("`stream` must be a string (the raw SSE text)")
    return read_responses(rules, chunks_of(stream, args.get("splits", [])))
