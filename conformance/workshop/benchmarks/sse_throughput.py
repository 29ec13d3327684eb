"""SSE framing throughput: the reference reader against the openai SDK's decoder.

Both read the same ~50 MB Responses transcript (text deltas, reasoning
deltas, output items and a completion, LF line endings) in 64 KiB reads and
produce every event's ``data``; neither decodes the JSON, so this measures
framing only.  Prints MB/s for each and the ratio.  The SDK is not a
dependency of the kit; run this from a venv that has it:

    python3 -m venv /tmp/venv-bench && /tmp/venv-bench/bin/pip install openai
    /tmp/venv-bench/bin/python conformance/workshop/benchmarks/sse_throughput.py

(the reference package is found beside this file, no install needed).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "reference"))

from codex_reference.sse.reader import SseReader, StreamBroken

_TARGET_BYTES = 50 * 1024 * 1024
_READ_SIZE = 64 * 1024


def _event(payload: dict[str, object]) -> str:
    return f"event: {payload['type']}\ndata: {json.dumps(payload)}\n\n"


def transcript() -> bytes:
    words = ["the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog,", "naïvely", "✓", ""]
    parts: list[str] = []
    size = 0
    index = 0
    while size < _TARGET_BYTES:
        kind = index % 20
        if kind == 19:
            item = {"type": "message", "role": "assistant", "id": f"msg_{index}", "content": []}
            text = _event({"type": "response.output_item.done", "item": item})
        elif kind % 3 == 0:
            text = _event({"type": "response.reasoning_summary_text.delta", "delta": words[index % 9]})
        else:
            text = _event({"type": "response.output_text.delta", "delta": " ".join(words[: index % 9 + 1])})
        parts.append(text)
        size += len(text)
        index += 1
    parts.append(_event({"type": "response.completed", "response": {"id": "resp_1", "usage": None}}))
    return "".join(parts).encode("utf-8")


def _reads(data: bytes) -> Iterator[bytes]:
    for start in range(0, len(data), _READ_SIZE):
        yield data[start : start + _READ_SIZE]


def reference_events(data: bytes) -> int:
    reader = SseReader()
    count = 0
    for chunk in _reads(data):
        # A blank line without data gives "" (which the release never sees), like the SDK's empty event.
        count += sum(1 for event in reader.feed(chunk) if not isinstance(event, StreamBroken) and event)
    return count


def sdk_events(data: bytes) -> int:
    # The SDK's own stream decoder.  openai is not a dependency of the kit (see the docstring), so
    # mypy usually cannot find it; the ignore is unused where it is installed.
    from openai._streaming import SSEDecoder  # type: ignore[import-not-found, unused-ignore]

    return sum(1 for event in SSEDecoder().iter_bytes(_reads(data)) if event.data)


def _throughput(name: str, run: Callable[[bytes], int], data: bytes, rounds: int = 3) -> tuple[float, int]:
    best = float("inf")
    events = 0
    for _ in range(rounds):
        started = time.perf_counter()
        events = run(data)
        best = min(best, time.perf_counter() - started)
    rate = len(data) / best / 1e6
    print(f"{name:>12}: {rate:8.1f} MB/s  ({events} events, best of {rounds}: {best:.2f} s)")
    return rate, events


def main() -> int:
    data = transcript()
    print(f"transcript: {len(data) / 1e6:.1f} MB")
    ours, ours_events = _throughput("reference", reference_events, data)
    sdk, sdk_count = _throughput("openai SDK", sdk_events, data)
    if ours_events != sdk_count:
        print(f"event counts differ: reference {ours_events}, SDK {sdk_count}")
        return 1
    print(f"ratio reference / SDK: {ours / sdk:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
