"""The JSON chunks of a Chat Completions SSE stream, as both editions' readers take them (spec/chat.md).

What is not a chunk is the same in every edition: a stream that breaks or a
``[DONE]`` ends it (CHAT-SSE-END-1), and an event that is not JSON is skipped
(CHAT-SSE-JSON-1).  What a chunk means is each edition's reader's own.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from codex_reference.errors import InvalidArgs
from codex_reference.json_types import JSON
from codex_reference.sse.reader import StreamBroken, read_all
from codex_reference.wire import chunks_of

DONE = "[DONE]"


def chat_chunks(args: dict[str, JSON]) -> Iterator[JSON]:
    """The parsed ``data`` of the op's ``stream``, read in its ``splits``, up to its end."""
    stream = args.get("stream")
    if not isinstance(stream, str):
        raise InvalidArgs("`stream` must be a string (the raw SSE text)")
    for data in read_all(chunks_of(stream, args.get("splits", []))):
        if isinstance(data, StreamBroken) or data.strip() == DONE:  # CHAT-SSE-END-1: nothing after is read
            return
        try:
            yield json.loads(data)
        except (ValueError, RecursionError):
            continue  # CHAT-SSE-JSON-1
