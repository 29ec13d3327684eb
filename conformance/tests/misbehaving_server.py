"""A JSON-lines adapter server that misbehaves on purpose: ``python misbehaving_server.py MODE``.

It answers like ``fake_adapters.correct`` except on op ``demo.upper``, where
it misbehaves as MODE says (see ``MODES``); ``stderr-flood`` misbehaves at
start-up instead and then answers every request correctly, and
``every-twice`` answers every request, hello included, twice.  Every start is
logged to stderr, so tests can count restarts.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from fake_adapters import correct

MIB = 1024 * 1024


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def _correct(request: dict[str, Any]) -> bytes:
    return _line({"id": request["id"], **correct({"op": request["op"], "args": request["args"]})})


def _raw_text(request: dict[str, Any], text_json: str) -> bytes:
    """A reply whose text is written by hand (for what json.dumps would refuse or cannot make)."""
    return b'{"id": %d, "result": {"text": %s}}\n' % (request["id"], text_json.encode())


def _endless_line(request: dict[str, Any]) -> bytes:
    # 300 MB with no newline, written a chunk at a time so this process stays small.
    out = sys.stdout.buffer
    out.write(b'{"id": %d, "result": {"text": "' % request["id"])
    chunk = b"x" * MIB
    for _ in range(300):
        out.write(chunk)
    out.flush()
    time.sleep(3600)
    return b""


def _close_stdout(request: dict[str, Any]) -> bytes:
    sys.stdout.flush()
    os.close(1)
    time.sleep(3600)
    return b""


def _exit(request: dict[str, Any]) -> bytes:
    print("exiting on purpose", file=sys.stderr, flush=True)
    sys.exit(3)


def _hang(request: dict[str, Any]) -> bytes:
    time.sleep(3600)
    return b""


def _copy_after(delay: float) -> Callable[[dict[str, Any]], bytes]:
    """The reply, then the same reply again in a second write ``delay`` seconds later."""

    def reply_twice(request: dict[str, Any]) -> bytes:
        sys.stdout.buffer.write(_correct(request))
        sys.stdout.buffer.flush()
        time.sleep(delay)
        return _correct(request)

    return reply_twice


# The copy of a reply comes this long after it (a second write): the kit may
# already have moved on to the next request, or be about to send it.
LATE_COPY_DELAYS = {"late-double": 0.2, "double-apart": 0.0, "double-50ms": 0.05, "double-500ms": 0.5}


def _with_id(request: dict[str, Any], request_id: object) -> bytes:
    return _line({**json.loads(_correct(request)), "id": request_id})


# What each mode writes in answer to demo.upper.
MODES: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "garbage": lambda request: b"this is not json\n",
    "wrong-id": lambda request: _line({"id": request["id"] + 100, "result": {}}),
    "string-id": lambda request: _with_id(request, str(request["id"])),
    "bool-id": lambda request: _with_id(request, True),
    "float-id": lambda request: _with_id(request, float(request["id"])),
    "exit": _exit,
    "hang": _hang,
    "huge-reply": lambda request: _raw_text(request, '"' + "x" * (50 * MIB) + '"'),
    "endless-line": _endless_line,
    "invalid-utf8": lambda request: b'{"id": %d, "result": {"text": "\xff\xfe"}}\n' % request["id"],
    "double": lambda request: _correct(request) * 2,  # both copies in one write
    **{mode: _copy_after(delay) for mode, delay in LATE_COPY_DELAYS.items()},
    "stale-id": lambda request: _with_id(request, request["id"] - 1),  # the id of the request before
    "closed-stdout": _close_stdout,
    "deep": lambda request: _raw_text(request, "[" * 100_000 + "]" * 100_000),
    "huge-int": lambda request: _raw_text(request, "1" + "0" * 4999),
    "nan": lambda request: _raw_text(request, "NaN"),
    "stderr-flood": _correct,  # misbehaves at start-up instead
    "every-twice": _copy_after(0.0),  # misbehaves on every op, hello included
}


def main() -> None:
    mode = sys.argv[1]
    misbehave = MODES[mode]
    print(f"misbehaving server starting in mode {mode}", file=sys.stderr, flush=True)
    if mode == "stderr-flood":
        # 10 MB before reading the first request: the kit must drain stderr
        # from the start, or this write blocks and hello times out.
        sys.stderr.write(("log line that nobody reads " * 40 + "\n") * (10 * MIB // 1081))
        sys.stderr.flush()
    out = sys.stdout.buffer
    for line in sys.stdin:
        request = json.loads(line)
        on_every_op = mode == "every-twice"
        reply = misbehave(request) if on_every_op or request["op"] == "demo.upper" else _correct(request)
        out.write(reply)
        out.flush()


if __name__ == "__main__":
    main()
