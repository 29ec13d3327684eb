"""Each edition's rules for a reply before or instead of a stream (spec/http.md)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

# How a status's body appears in the `unexpected status` text: as sent, the `error.message`
# of a JSON error body (else as sent), or not at all.
BodyShown = Literal["raw", "error-message", "none"]


@dataclass(frozen=True)
class HttpRules:
    # Statuses the HTTP client retries itself (`request_max_retries`) before the turn sees an
    # error; every 5xx is retried so where `request_retries_5xx`.
    request_retried: frozenset[int]
    request_retries_5xx: bool
    # Whether the client's own retries wait the reply's Retry-After (whole seconds).
    request_waits_retry_after: bool
    # Statuses whose error ends the turn at once (no turn retry).
    fatal: frozenset[int]
    # Of those, the ones a Retry-After turns into a turn retry after that delay.
    retried_after_retry_after: frozenset[int]
    # Whether the turn's retry waits the reply's Retry-After (else the release's own backoff).
    turn_waits_retry_after: bool
    # Statuses shown as `exceeded retry limit, last status: ...` (once the client gave up on
    # them, or at once); the others as `unexpected status ...: <body>`.
    exhausted_text_statuses: frozenset[int]
    exhausted_text_for_request_retried: bool
    # Statuses shown by their body alone (as sent).
    body_only: frozenset[int]
    unexpected_text: str  # over {status_line}, {body}
    body_shown: BodyShown
    # What stands for a body that is empty or white space (None: the body as it is).
    blank_body_text: str | None
    # Statuses shown as `unexpected status <line>: ` and nothing after.
    body_hidden_for: frozenset[int]
    server_error_text: str  # a 500, whatever its body
    # By the body's plan_type (None: no plan); `{when}` is `later`, or when the limit resets
    # where the release reads `resets_in_seconds` (`resets_in` its phrase, over {minutes}).
    usage_limit_texts: dict[str | None, str]
    resets_in: str | None
    # 429 with an `insufficient_quota` error (None: no text of its own); the fields it is read from.
    quota_text: str | None
    quota_fields: tuple[str, ...]
    closed_text: str  # a 2xx body that ends without response.completed
    dropped_text: str  # a connection closed mid-body
    keeps_items_on_retry: bool
    error_exit_code: int
    default_request_max_retries: int = 4
    default_stream_max_retries: int = 5


_CLOSED = "stream disconnected before completion: stream closed before response.completed"
_LIMIT = "You've hit your usage limit."

HTTP_0_25_0 = HttpRules(
    request_retried=frozenset({401, 429}),
    request_retries_5xx=True,
    request_waits_retry_after=True,
    fatal=frozenset(),
    retried_after_retry_after=frozenset(),
    turn_waits_retry_after=False,
    exhausted_text_statuses=frozenset(),
    exhausted_text_for_request_retried=True,
    body_only=frozenset(),
    unexpected_text="unexpected status {status_line}: {body}",
    body_shown="raw",
    blank_body_text=None,
    body_hidden_for=frozenset(),
    server_error_text="We're currently experiencing high demand, which may cause temporary errors.",
    usage_limit_texts={
        None: f"{_LIMIT} Try again later.",
        "plus": f"{_LIMIT} Upgrade to Pro (https://openai.com/chatgpt/pricing) or try again {{when}}.",
    },
    resets_in="in {minutes} minutes",
    quota_text=None,
    quota_fields=(),
    closed_text=_CLOSED,
    dropped_text="stream disconnected before completion: Transport error: error decoding response body",
    keeps_items_on_retry=False,
    error_exit_code=0,
)

# 0.94.0: only server errors are retried by the client; a 429 and a 400 end the turn; the
# URL follows the body; a 401's body is not shown; `codex exec` exits 1 on an error.
HTTP_0_94_0 = replace(
    HTTP_0_25_0,
    request_retried=frozenset(),
    request_waits_retry_after=False,
    fatal=frozenset({400, 429}),
    exhausted_text_statuses=frozenset({429}),
    exhausted_text_for_request_retried=False,
    body_only=frozenset({400}),
    unexpected_text="unexpected status {status_line}: {body}, url: {{base_url}}/responses",
    body_hidden_for=frozenset({401}),
    usage_limit_texts={
        None: f"{_LIMIT} Try again later.",
        "plus": f"{_LIMIT} Upgrade to Pro (https://chatgpt.com/explore/pro), visit "
        "https://chatgpt.com/codex/settings/usage to purchase more credits or try again later.",
    },
    resets_in=None,
    dropped_text="stream disconnected before completion: Transport error: network error: "
    "error decoding response body",
    error_exit_code=1,
)

_LIMIT_CURLY = "You\u2019ve hit your usage limit."

# 0.169.0 (0.171.0 alike): both layers wait a Retry-After again, and a 429 with one is
# retried by the turn after that delay instead of ending it; an insufficient quota has its
# own text, the body's error.message is shown, typographic apostrophes, and the items of a
# dropped stream are sent again.
HTTP_0_169_0 = replace(
    HTTP_0_94_0,
    request_waits_retry_after=True,
    retried_after_retry_after=frozenset({429}),
    turn_waits_retry_after=True,
    body_shown="error-message",
    # Captured: 404-empty-body, 404-blank-body (found by the explorer on 0.169.0).
    blank_body_text="Unknown error",
    body_hidden_for=frozenset(),
    server_error_text="We\u2019re currently experiencing high demand, which may cause temporary errors.",
    usage_limit_texts={
        None: f"{_LIMIT_CURLY} Try again later.",
        "plus": f"{_LIMIT_CURLY} Upgrade to Pro (https://chatgpt.com/explore/pro), visit "
        "https://chatgpt.com/settings/usage to purchase more credits or try again later.",
    },
    quota_text="Quota exceeded. Check your plan and billing details.",
    quota_fields=("type", "code"),
    keeps_items_on_retry=True,
)
