"""The op a release answers by being run: ``http.reply`` (observe.py says how)."""

from __future__ import annotations

from typing import Any

from codex_workshop.areas import ReleaseOp
from codex_workshop.areas.http import observe
from codex_workshop.drive.args import optional, required
from codex_workshop.drive.errors import InvalidInputError


def _headers(args: dict[str, Any]) -> list[tuple[str, str]]:
    headers = optional(args, "headers", list, [])
    if not all(
        isinstance(line, list) and len(line) == 2 and all(isinstance(part, str) for part in line)
        for line in headers
    ):
        raise InvalidInputError("`headers` must be an array of [name, value] string pairs")
    return [(name, value) for name, value in headers]


def _limit(args: dict[str, Any], key: str) -> int | None:
    """A retry limit of the provider: an integer from 0 to 10, or null for the release's default."""
    if key not in args:
        raise InvalidInputError(f"missing arg `{key}` (an integer, or null for the release's default)")
    value = args[key]
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10:
        raise InvalidInputError(f"`{key}` must be an integer from 0 to 10, or null")
    return value


def http_reply(version: str, args: dict[str, Any]) -> dict[str, Any]:
    status = required(args, "status", int)
    if not 100 <= status <= 599:
        raise InvalidInputError("`status` must be an HTTP status from 100 to 599")
    reply = observe.scripted(
        status, _headers(args), required(args, "body", str), abort=optional(args, "abort", bool, False)
    )
    requests, streams = _limit(args, "request_max_retries"), _limit(args, "stream_max_retries")
    run = observe.run(version, reply, observe.provider(requests, streams))
    # The release's own waits pass the floor a server's delay is told by only after a second retry.
    timed = requests is not None and streams is not None and max(requests, streams) <= 1
    return observe.result(run, timed=timed)


OPS: dict[str, ReleaseOp] = {"http.reply": http_reply}
