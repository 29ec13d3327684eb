"""``http.reply``: the requests, waits, notices and error of a reply given to every request.

Two layers retry (spec/http.md, HTTP-RETRY-1): the HTTP client repeats a
request on the statuses it retries (``request_max_retries``), then the turn
repeats the whole request on an error that is not fatal
(``stream_max_retries``), printing a notice each time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.http.rules import HttpRules
from codex_reference.http.statuses import status_line
from codex_reference.http.stream_body import read_body
from codex_reference.json_types import JSON

# The limits under which a wait tells the release's own backoff from a server's delay
# (the release's waits grow past a second after its second retry).
_TIMED_LIMIT = 1


@dataclass(frozen=True)
class _Attempt:
    """One attempt of the turn: its requests, the waits between them, and how it ends."""

    requests: int
    waits: list[int | None]
    error: str | None  # None: the response completed
    fatal: bool
    turn_wait: int | None  # before the turn's next attempt
    items: int


def _headers(args: dict[str, JSON]) -> list[tuple[str, str]]:
    headers = args.get("headers", [])
    if not isinstance(headers, list) or not all(
        isinstance(line, list) and len(line) == 2 and all(isinstance(part, str) for part in line)
        for line in headers
    ):
        raise InvalidArgs("`headers` must be an array of [name, value] string pairs")
    return [(line[0], line[1]) for line in headers]


def _limit(args: dict[str, JSON], key: str, default: int) -> tuple[int, bool]:
    """The limit, and whether it was given (a default one is no given one)."""
    if key not in args:
        raise InvalidArgs(f"missing `{key}` (an integer, or null for the release's default)")
    value = args[key]
    if value is None:
        return default, False
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10:
        raise InvalidArgs(f"`{key}` must be an integer from 0 to 10, or null")
    return value, True


def _retry_after(headers: list[tuple[str, str]]) -> int | None:
    """The reply's Retry-After in seconds (only that name: a renamed one is no delay)."""
    values = [value.strip() for name, value in headers if name.lower() == "retry-after"]
    if not values:
        return None
    if len(values) > 1 or not values[0].isdigit() or len(values[0]) > 3:
        raise NotModelled("a Retry-After that is not one number of seconds under 1,000")
    return int(values[0])


def _error_object(body: str) -> dict[str, JSON] | None:
    try:
        value = json.loads(body)
    except json.JSONDecodeError:
        return None
    error = value.get("error") if isinstance(value, dict) else None
    return error if isinstance(error, dict) else None


def _usage_limit_text(rules: HttpRules, error: dict[str, JSON]) -> str:
    plan = error.get("plan_type")
    if plan is not None and not isinstance(plan, str):
        raise NotModelled("a plan_type that is no string")
    text = rules.usage_limit_texts.get(plan)
    if text is None:
        raise NotModelled(f"the usage-limit text for plan {plan!r}")
    if "resets_at" in error:
        raise NotModelled("a usage limit that names the time it resets (resets_at)")
    seconds = error.get("resets_in_seconds")
    if seconds is None or rules.resets_in is None:
        return text.format(when="later")
    whole = (
        isinstance(seconds, int) and not isinstance(seconds, bool) and seconds >= 120 and seconds % 60 == 0
    )
    if "{when}" not in text or not whole or seconds >= 3600:
        raise NotModelled("this resets_in_seconds (captured: whole minutes, from 2 to 59, with a plan)")
    return text.format(when=rules.resets_in.format(minutes=seconds // 60))


def _shown_body(rules: HttpRules, body: str) -> str:
    if rules.blank_body_text is not None:
        if not body.strip():
            return rules.blank_body_text
        if body != body.strip():
            raise NotModelled("a body with white space around it, where blank ones are replaced")
    if rules.body_shown == "error-message":
        error = _error_object(body)
        message = error.get("message") if error is not None else None
        if isinstance(message, str) and message:  # an empty one is not used (404-empty-error-message)
            if message != message.strip():
                raise NotModelled("an error.message with white space around it")
            return message
    return body


def _status_attempt(
    rules: HttpRules, status: int, headers: list[tuple[str, str]], body: str, request_limit: int
) -> _Attempt:
    if not 400 <= status <= 599:
        raise NotModelled(f"status {status}: only 2xx, 4xx and 5xx replies are modelled")
    line = status_line(status)
    error = _error_object(body) if status == 429 else None
    if error is not None and error.get("type") == "usage_limit_reached":
        return _Attempt(1, [], _usage_limit_text(rules, error), True, None, 0)
    if (
        error is not None
        and rules.quota_text is not None
        and any(error.get(field) == "insufficient_quota" for field in rules.quota_fields)
    ):
        return _Attempt(1, [], rules.quota_text, True, None, 0)
    delay = _retry_after(headers)
    retried = status in rules.request_retried or (rules.request_retries_5xx and status >= 500)
    requests = request_limit + 1 if retried else 1
    wait = delay if rules.request_waits_retry_after else None
    if status == 500:
        text = rules.server_error_text
    elif status in rules.exhausted_text_statuses or (retried and rules.exhausted_text_for_request_retried):
        text = f"exceeded retry limit, last status: {line}"
    elif status in rules.body_only:
        text = body
    elif status in rules.body_hidden_for:
        text = f"unexpected status {line}: "  # neither the body nor the URL
    else:
        text = rules.unexpected_text.format(status_line=line, body=_shown_body(rules, body))
    fatal = status in rules.fatal and not (status in rules.retried_after_retry_after and delay is not None)
    turn_wait = delay if rules.turn_waits_retry_after else None
    return _Attempt(requests, [wait] * (requests - 1), text, fatal, turn_wait, 0)


def _body_attempt(rules: HttpRules, status: int, body: str, *, aborted: bool) -> _Attempt:
    if status != 200:
        raise NotModelled(f"status {status}: of the 2xx statuses only 200 is modelled")
    read = read_body(body, aborted=aborted)
    if read.completed:
        return _Attempt(1, [], None, False, None, read.items)
    text = rules.dropped_text if aborted else rules.closed_text
    return _Attempt(1, [], text, False, None, read.items)


def http_reply(rules: HttpRules, args: dict[str, JSON]) -> dict[str, JSON]:
    status, body, aborted = args.get("status"), args.get("body"), args.get("abort", False)
    if not isinstance(status, int) or isinstance(status, bool) or not 100 <= status <= 599:
        raise InvalidArgs("`status` must be an HTTP status from 100 to 599")
    if not isinstance(body, str):
        raise InvalidArgs("`body` must be a string")
    if not isinstance(aborted, bool):
        raise InvalidArgs("`abort` must be a boolean")
    headers = _headers(args)
    request_limit, request_given = _limit(args, "request_max_retries", rules.default_request_max_retries)
    turn_limit, turn_given = _limit(args, "stream_max_retries", rules.default_stream_max_retries)
    if 200 <= status <= 299:
        attempt = _body_attempt(rules, status, body, aborted=aborted)
    elif aborted:
        raise NotModelled("an error reply whose connection closes mid-body")
    else:
        attempt = _status_attempt(rules, status, headers, body, request_limit)
    attempts = 1 if attempt.error is None or attempt.fatal else turn_limit + 1
    waits: list[int | None] = []
    for index in range(attempts):
        if index:
            waits.append(attempt.turn_wait)
        waits += attempt.waits
    timed = request_given and turn_given and max(request_limit, turn_limit) <= _TIMED_LIMIT
    # Each failed attempt's whole items are history the next attempt sends.
    resent = attempt.items * (attempts - 1) if rules.keeps_items_on_retry else 0
    return {
        "requests": attempts * attempt.requests,
        "waits": waits if timed else None,
        "notices": [attempt.error] * (attempts - 1),
        "error": attempt.error,
        "exit_code": 0 if attempt.error is None else rules.error_exit_code,
        "resent_items": resent,
    }
