"""Inputs for exploring ``http.reply``: statuses, bodies and headers of the kinds gateways send.

A reply is a status (an error the field sends, or 200 with a body that is no
whole stream), a body (an OpenAI-style error, another JSON shape, plain text,
nothing, a usage-limit or quota error), a Content-Type or none, and at times a
one-second Retry-After under its own name or a gateway's.  Each retry limit
is 0 or 1, so that every wait can be told apart (spec/http.md).

Before these, the replies real gateways sent Codex are replayed
(``replays_recorded``: explore/recorded.py, conformance/workshop/recorded/).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from codex_conformance.generators import Draw, as_strategy
from codex_workshop.explorer import Args, Explorer, Response, answer_kinds, args_as_scenario
from codex_workshop.explorer.key_differences import key_differences

__all__ = ["EXPLORERS", "explored_http_args"]

STATUSES = [400, 401, 402, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504]
ERROR_BODIES = [
    '{"error":{"message":"refused","type":"invalid_request_error","code":"refused"}}',
    '{"error":{"message":"slow down","type":"rate_limit_exceeded","code":"rate_limit_exceeded"}}',
    '{"error":{"type":"usage_limit_reached","message":"limit"}}',
    '{"error":{"type":"usage_limit_reached","message":"limit","plan_type":"plus"}}',
    '{"error":{"type":"insufficient_quota","message":"quota","code":"insufficient_quota"}}',
    '{"error":{"message":"upstream failed"}}',
    '{"error":"a string"}',
    '{"detail":"Not Found"}',
    '{"message":"Internal server error"}',
    "upstream connect error",
    "",
]
# Bodies a 200 brings that hold no whole stream: a JSON response, a page, a stream cut short.
OK_BODIES = [
    '{"id":"resp_1","object":"response","output":[]}',
    "<html>sign in</html>",
    'event: response.created\ndata: {"type":"response.created","response":{"id":"resp_1"}}\n\n',
    'event: response.created\ndata: {"type":"response.cr',
    "",
]
CONTENT_TYPES = ["application/json", "text/plain", "text/html", "text/event-stream", None]
DELAY_HEADERS = ["Retry-After", "retry-after", "llm_provider-retry-after", "x-ratelimit-reset-requests"]


def _args(draw: Draw, edition: str) -> Args:
    ok = draw.integer(0, 4) == 0
    status = 200 if ok else draw.choice(STATUSES)
    body = draw.choice(OK_BODIES if ok else ERROR_BODIES)
    kind = draw.choice(CONTENT_TYPES)
    headers = [] if kind is None else [["Content-Type", kind]]
    if not ok and draw.boolean():
        headers.append([draw.choice(DELAY_HEADERS), "1"])
    return {
        "edition": edition,
        "status": status,
        "headers": headers,
        "body": body,
        "abort": ok and draw.boolean(),
        "request_max_retries": draw.integer(0, 1),
        "stream_max_retries": draw.integer(0, 1),
    }


def explored_http_args(edition: str) -> st.SearchStrategy[Args]:
    """The explorer's replies as a Hypothesis strategy, for a port's own property tests."""
    return as_strategy(lambda draw: _args(draw, edition))


def _text_start(side: Mapping[str, Any], key: str) -> str:
    return str(side.get(key))[:30]


def describe(release: Response, reference: Response) -> str:
    """Which parts of the result differ, texts by their first words."""
    if (kinds := answer_kinds(release, reference)) is not None:
        return kinds
    mine: dict[str, Any] = release["result"]
    theirs: dict[str, Any] = reference["result"]
    found = key_differences(mine, theirs, ("requests", "waits", "exit_code", "resent_items"))
    found += key_differences(mine, theirs, ("error", "notices"), _text_start)
    return " ".join(found) or "key order"


EXPLORERS = (
    Explorer(
        op="http.reply",
        generate=_args,
        scenario=args_as_scenario(
            "status", "headers", "body", "abort", "request_max_retries", "stream_max_retries"
        ),
        clauses=("HTTP-EXPLORE-1",),
        describe=describe,
        replays_recorded=True,
    ),
)
