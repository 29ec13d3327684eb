"""Responses SSE events → the neutral result of ``sse.responses`` (spec/sse.md).

The per-edition differences are data in ``SseRules``; the one loop below
reads them.  Nothing here raises on malformed input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from enum import Enum

from codex_reference.json_types import JSON
from codex_reference.sse import number_token, tool_search_args
from codex_reference.sse.completed_serde import CompletedStruct, read_completed
from codex_reference.sse.item_forms import ZERO_UUID, without_call_answers
from codex_reference.sse.items import ItemNormalizer
from codex_reference.sse.reader import StreamBroken, read_all

UsageReader = Callable[[JSON], JSON]

CLOSED_EARLY = "stream closed before response.completed"
DISCONNECTED = "stream disconnected before completion: {message}"
# A response.failed whose error the release cannot read (SSE-FAIL-5).
FAILED_UNREAD = "response.failed event received"
_RETRY_AFTER = re.compile(r"(?i)try again in\s*(\d+(?:\.\d+)?)\s*(s|ms|seconds?)")


class ErrorField(Enum):
    STRING = "a string"
    I64 = "an i64"

    def reads(self, value: JSON) -> bool:
        if value is None:
            return True
        if self is ErrorField.STRING:
            return isinstance(value, str)
        return isinstance(value, int) and not isinstance(value, bool) and -(2**63) <= value < 2**63


@dataclass(frozen=True)
class FatalFailure:
    message: str


@dataclass(frozen=True)
class SseRules:
    normalize_item: ItemNormalizer
    read_usage: UsageReader
    # 0.25.0 holds response.completed until the stream closes and keeps acting on
    # later events; 0.169.0 ends the stream at response.completed (SSE-END-2).
    defer_completed: bool
    # Whether the completed result carries the response id (SSE-END-1).
    report_response_id: bool
    # Items received before a failed ending stay in history (SSE-KEEP-1).
    keep_items_on_error: bool
    # response.failed error codes the edition turns into a non-retryable error.
    fatal_codes: dict[str, FatalFailure]
    # Codes that end the turn with the server's own message, and the text used
    # instead when the message is missing (or, where the flag says so, blank).
    fatal_message_codes: dict[str, tuple[str, bool]]
    # Codes whose message's "try again in" delay is honoured, and the message prefix they get.
    rate_limit_codes: dict[str, str]
    # Template for response.incomplete, or None where the edition ignores the event.
    incomplete_message: str | None
    # 0.25.0 ignores a response.failed without a response; the others keep
    # FAILED_UNREAD for it (SSE-FAIL-5).
    skip_failed_without_response: bool
    # The typed fields of the struct the release reads the error into, each
    # optional: a value of another type fails the struct (SSE-FAIL-5).
    error_fields: dict[str, ErrorField]
    # The struct response.completed's response is read into (completed_serde.py).
    completed: CompletedStruct
    # Incomplete reasons the edition retries (as a stream error) instead of ending the turn.
    incomplete_retried_reasons: frozenset[str] = frozenset()
    # The developer message the edition records where the stream ends in such a
    # retried incomplete response (SSE-FAIL-3); None: none.
    incomplete_retried_guidance: str | None = None
    # A done item without an id (missing, null or "") takes the id of the item
    # the last output_item.added announced, if no done came between them (SSE-ITEM-6).
    done_takes_added_id: bool = False
    # The item types the edition's ResponseItem names; any other type reads as its
    # catch-all variant, which has no id.  An added or done item that does not read
    # leaves the announcement as it was (SSE-ITEM-6).
    item_types: frozenset[str] = frozenset()
    # Whether the release runs a client tool_search_call as it reads it, recording
    # its own output where the arguments do not read (SSE-ITEM-7).
    runs_tool_search: bool = False
    # response.failed codes that end the stream at once; any other failure is
    # kept while the release reads on (SSE-FAIL-4).
    failure_ends_stream: frozenset[str] = frozenset()
    # A response.completed whose response does not deserialize: None, the event
    # is skipped as if it were not sent; else the stream ends in this
    # retryable error, over {error} (SSE-END-4, SSE-END-5).
    usage_unreadable: str | None = None
    # Codes read from the raw error even where that struct does not read
    # (0.169.0's context window check; its other codes are not: captured
    # failed-*-message-number, SSE-FAIL-5).
    codes_read_raw: frozenset[str] = frozenset()


def _int_or(value: JSON, default: JSON) -> JSON:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _detail(usage: dict[str, JSON], details: str, key: str) -> JSON:
    section = usage.get(details)
    return section.get(key) if isinstance(section, dict) else None


def usage_as_sent(usage: JSON) -> JSON:
    if not isinstance(usage, dict):
        return None
    return {
        "input_tokens": usage.get("input_tokens"),
        "cached_input_tokens": _detail(usage, "input_tokens_details", "cached_tokens"),
        "output_tokens": usage.get("output_tokens"),
        "reasoning_output_tokens": _detail(usage, "output_tokens_details", "reasoning_tokens"),
        "total_tokens": usage.get("total_tokens"),
    }


def usage_zero_filled(usage: JSON) -> JSON:
    """Each count as read (serde has read each one: usage_serde), a detail 0 where the server sent none."""
    if not isinstance(usage, dict):
        return None
    return {
        "input_tokens": usage["input_tokens"],
        "cached_input_tokens": _int_or(_detail(usage, "input_tokens_details", "cached_tokens"), 0),
        "output_tokens": usage["output_tokens"],
        "reasoning_output_tokens": _int_or(_detail(usage, "output_tokens_details", "reasoning_tokens"), 0),
        "total_tokens": usage["total_tokens"],
    }


def usage_zero_filled_with_cache_writes(usage: JSON) -> JSON:
    """``usage_zero_filled`` with a count of cache writes after the cached input."""
    filled = usage_zero_filled(usage)
    if not isinstance(filled, dict):
        return None
    counts = list(filled.items())
    # The input details' cache_write_tokens, 0 when not sent (explored: usage-cache-write-tokens).
    writes = _int_or(_detail(usage, "input_tokens_details", "cache_write_tokens"), 0)
    return dict([*counts[:2], ("cache_write_input_tokens", writes), *counts[2:]])


def _retry_after_ms(message: str) -> int | None:
    match = _RETRY_AFTER.search(message)
    if match is None:
        return None
    millis = Decimal(match.group(1)) * (1 if match.group(2).lower() == "ms" else 1000)
    # The neutral form has the resolution the captures read: 100 ms, rounded
    # up, since 0.169.0 states the time left of the delay when it sleeps.
    return int((millis / 100).to_integral_value(rounding=ROUND_CEILING)) * 100


def _error(kind: str, message: str, retry_after_ms: int | None = None) -> dict[str, JSON]:
    return {"kind": "error", "error": kind, "message": message, "retry_after_ms": retry_after_ms}


def _read_error(rules: SseRules, response: JSON) -> tuple[JSON, str | None] | None:
    """(code, message) of the error as the release's struct reads it; None where it does not."""
    error = response.get("error") if isinstance(response, dict) else None
    if not isinstance(error, dict):
        return None
    if not all(kind.reads(error.get(name)) for name, kind in rules.error_fields.items()):
        return None
    message = error.get("message")
    assert message is None or isinstance(message, str)  # every edition types it
    return error.get("code"), message


def _failed(rules: SseRules, response: JSON) -> dict[str, JSON] | None:
    """The failure the release keeps; None where it ignores the event."""
    if response is None and rules.skip_failed_without_response:
        return None
    read = _read_error(rules, response)
    if read is None:
        code = _code(response)
        if code not in rules.codes_read_raw:
            return _error("retryable", DISCONNECTED.format(message=FAILED_UNREAD))
        read = (code, None)  # the code alone, without a message
    code, given = read
    message = given or ""
    if isinstance(code, str) and code in rules.fatal_codes:
        return _error("fatal", rules.fatal_codes[code].message)
    if isinstance(code, str) and code in rules.fatal_message_codes:
        fallback, blank_is_missing = rules.fatal_message_codes[code]
        if given is None or (blank_is_missing and not given.strip()):
            return _error("fatal", fallback)
        return _error("fatal", given)
    if isinstance(code, str) and code in rules.rate_limit_codes:
        return _error("retryable", rules.rate_limit_codes[code] + message, _retry_after_ms(message))
    return _error("retryable", DISCONNECTED.format(message=message))


def _code(response: JSON) -> str | None:
    """The error's code where it is a string: the rules name only such codes (and a
    list or an object in its place could not be looked up among them)."""
    error = response.get("error") if isinstance(response, dict) else None
    code = error.get("code") if isinstance(error, dict) else None
    return code if isinstance(code, str) else None


def _completed(rules: SseRules, response: JSON) -> dict[str, JSON] | None:
    """The completed end; None where the release skips the event; an error where it fails on it."""
    if response is None:
        return None  # every edition skips it (captured: completed-response-null)
    problem, read = read_completed(rules.completed, response)
    if problem is not None:
        if rules.usage_unreadable is None:
            return None  # 0.25.0 skips what does not read
        return _error("retryable", DISCONNECTED.format(message=rules.usage_unreadable.format(error=problem)))
    assert isinstance(read, dict)  # read_completed answers a map where there is no problem
    usage = rules.read_usage(read.get("usage"))
    if rules.report_response_id and usage is not None:
        return {"kind": "completed", "response_id": read.get("id"), "usage": usage}
    return {"kind": "completed", "usage": usage}


def _incomplete(rules: SseRules, template: str, response: JSON) -> dict[str, JSON]:
    details = response.get("incomplete_details") if isinstance(response, dict) else None
    reason = details.get("reason") if isinstance(details, dict) else None
    message = template.format(reason=reason if isinstance(reason, str) else "unknown")
    if isinstance(reason, str) and reason in rules.incomplete_retried_reasons:
        return _error("retryable", DISCONNECTED.format(message=message))
    return _error("fatal", message)


def _decode(data: str, arbitrary_precision: bool) -> dict[str, JSON] | None:
    try:
        event = json.loads(data)
        if arbitrary_precision:
            event = number_token.numbers_read(event)
    except (ValueError, RecursionError, number_token.Unparsed):
        return None  # SSE-JSON-1: the release logs and skips it
    return event if isinstance(event, dict) else None


def read_responses(rules: SseRules, chunks: Iterable[bytes]) -> dict[str, JSON]:
    items: list[dict[str, JSON]] = []
    end: dict[str, JSON] | None = None
    # A response.failed does not end the stream (but for the codes that do):
    # the release keeps the error and reads on; a later failure or ending
    # replaces it, and a response.completed wins over it (SSE-FAIL-4).
    failure: dict[str, JSON] | None = None
    # Where the release reads on after response.completed, a later one replaces it (SSE-END-2).
    completed: dict[str, JSON] | None = None
    retried_incomplete: dict[str, JSON] | None = None
    added_id: str | None = None
    for data in read_all(chunks):
        if isinstance(data, StreamBroken):
            break
        event = _decode(data, rules.completed.arbitrary_precision)
        if event is None:
            continue
        kind = event.get("type")
        if kind == "response.output_item.added":
            if _reads(rules, event.get("item")):
                added_id = _announced_id(rules, event.get("item"))
        elif kind == "response.output_item.done" and isinstance(event.get("item"), dict):
            sent = event["item"]
            if rules.done_takes_added_id and added_id is not None and sent.get("id") in (None, ""):
                sent = {**sent, "id": added_id}
            if _reads(rules, sent):
                added_id = None
            items.extend(_recorded(rules, sent))
        elif kind == "response.completed":
            ending = _completed(rules, event.get("response"))
            if ending is None:
                continue
            if ending["kind"] == "error":
                # A payload that does not read is kept like a failure: the release reads
                # on, and a later completed wins (captured: completed-unreadable-then-item,
                # completed-unreadable-then-completed).
                failure = ending
                continue
            completed = ending
            if not rules.defer_completed:
                break
        elif kind == "response.failed":
            failure = _failed(rules, event.get("response")) or failure
            if _code(event.get("response")) in rules.failure_ends_stream:
                break  # nothing completed before it: that ends the reading too
        elif kind == "response.incomplete" and rules.incomplete_message is not None:
            ending = _incomplete(rules, rules.incomplete_message, event.get("response"))
            if ending["error"] == "fatal":
                end = ending
                break
            # A retried reason is kept like a failure: the release reads on and a later
            # completed wins (captured: incomplete-content-filter-then-completed).
            failure = retried_incomplete = ending
    if end is None:
        end = completed or failure or _error("retryable", DISCONNECTED.format(message=CLOSED_EARLY))
    if end["kind"] == "error" and not rules.keep_items_on_error:
        items = []
    events = without_call_answers(items)
    if end is retried_incomplete and rules.incomplete_retried_guidance is not None:
        events.append({"type": "output_item.done", "item": _guidance(rules.incomplete_retried_guidance)})
    return {"events": events, "end": end}


def _recorded(rules: SseRules, sent: dict[str, JSON]) -> list[dict[str, JSON]]:
    """The events a done item records: the item as stored, and the release's own
    answer where it runs the item and fails on it (SSE-ITEM-7)."""
    item = rules.normalize_item(sent)
    if item is None:
        return []
    answer = tool_search_args.failed_answer(item) if rules.runs_tool_search else None
    return [{"type": "output_item.done", "item": shown} for shown in (item, answer) if shown is not None]


def _reads(rules: SseRules, item: JSON) -> bool:
    """Whether the release reads the item as a ResponseItem: a type it names must read
    as that variant, any other string type reads as the catch-all (captured:
    added-message-then-unread-*, -item-not-object-*, -unknown-item-*, added-unread-*,
    added-message-then-added-*)."""
    if not isinstance(item, dict) or not isinstance(item.get("type"), str):
        return False
    return item["type"] not in rules.item_types or rules.normalize_item(item) is not None


def _announced_id(rules: SseRules, item: JSON) -> str | None:
    """The id an output_item.added gives its item (captured: added-message-then-*); the
    catch-all variant has none (added-unknown-item-then-message-null-id)."""
    if not isinstance(item, dict) or item.get("type") not in rules.item_types:
        return None
    announced = item.get("id")
    return announced if isinstance(announced, str) and announced else None


def _guidance(text: str) -> dict[str, JSON]:
    """The developer message recorded after the items (captured: incomplete-content-filter-*),
    its made-up id the zero UUID (item_forms.py)."""
    content: list[JSON] = [{"type": "input_text", "text": text}]
    return {"type": "message", "id": f"msg_{ZERO_UUID}", "role": "developer", "content": content}
