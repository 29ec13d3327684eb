"""Each edition's SSE rules (spec/sse.md), each derived from the edition before it."""

from __future__ import annotations

from dataclasses import replace

from codex_reference.sse import items
from codex_reference.sse.completed_serde import COMPLETED_0_25_0, COMPLETED_0_94_0, COMPLETED_0_169_0
from codex_reference.sse.responses import (
    ErrorField,
    FatalFailure,
    SseRules,
    usage_as_sent,
    usage_zero_filled,
    usage_zero_filled_with_cache_writes,
)

SSE_0_25_0 = SseRules(
    normalize_item=items.NORMALIZE_ITEM_0_25_0,
    read_usage=usage_as_sent,
    defer_completed=True,
    report_response_id=False,  # 0.25.0 reads the id but nothing outside the process shows it
    keep_items_on_error=False,
    fatal_codes={},  # every response.failed is retried, whatever its code (E-SSE-1)
    fatal_message_codes={},
    rate_limit_codes={},  # and with the release's own backoff (E-SSE-2)
    incomplete_message=None,  # response.incomplete is an unknown event
    # Captured: failed-response-null, failed-error-code-number (SSE-FAIL-5).
    skip_failed_without_response=True,
    # Captured: failed-error-type-number, failed-error-plan-type-number,
    # failed-error-resets-at-string (0.25.0 reads no resets_at) (SSE-FAIL-5).
    error_fields={"type": ErrorField.STRING, "message": ErrorField.STRING, "plan_type": ErrorField.STRING},
    completed=COMPLETED_0_25_0,
)

_CONTENT_FILTER_GUIDANCE = (
    "<content_filter_guidance>\nYour previous response was blocked by a content filter. Do not treat "
    "this as a transient failure or try to reproduce or work around the blocked content through repeated "
    "attempts, altered formatting, splitting, encoding, tools, subagents, or later wakes. Briefly explain "
    "the limitation and offer a permitted alternative. Continue unrelated authorized work.\n"
    "</content_filter_guidance>"
)

_QUOTA_EXCEEDED = FatalFailure("Quota exceeded. Check your plan and billing details.")

# 0.94.0: items without their id, read on past nothing after response.completed,
# kept when the stream fails; three fatal codes (the stream still read on).
SSE_0_94_0 = replace(
    SSE_0_25_0,
    normalize_item=items.NORMALIZE_ITEM_0_94_0,
    read_usage=usage_zero_filled,
    defer_completed=False,
    keep_items_on_error=True,
    fatal_codes={
        "context_length_exceeded": FatalFailure(
            "Codex ran out of room in the model's context window. "
            "Start a new thread or clear earlier history before retrying."
        ),
        "insufficient_quota": _QUOTA_EXCEEDED,
        # Captured: failed-usage-not-included (0.25.0 retries it).
        "usage_not_included": FatalFailure(
            "To use Codex with your ChatGPT plan, upgrade to Plus: https://chatgpt.com/explore/plus."
        ),
    },
    # Captured: explored-7fc22982c0bf (cyber_policy is not captured from 0.94.0).
    fatal_message_codes={"invalid_prompt": ("Invalid request.", False)},
    rate_limit_codes={"rate_limit_exceeded": "stream disconnected before completion: "},
    # Captured: explored-f3b1d9ab31cd.
    usage_unreadable="failed to parse ResponseCompleted: {error}",
    skip_failed_without_response=False,
    # The code is typed too, and a resets_at (captured: failed-error-code-number,
    # failed-error-resets-at-string).
    error_fields={
        **SSE_0_25_0.error_fields,
        "code": ErrorField.STRING,
        "resets_at": ErrorField.I64,
    },
    completed=COMPLETED_0_94_0,
)

# 0.169.0: 0.94.0's rules, with the response id reported, cache writes in the
# usage, more fatal codes (policy, quota, overload), its own rate-limit text (and a
# second rate-limit code), and response.incomplete read.  0.171.0 reads a stream
# alike: its captures of every sse scenario equal 0.169.0's.
SSE_0_169_0 = replace(
    SSE_0_94_0,
    normalize_item=items.NORMALIZE_ITEM_0_169_0,
    read_usage=usage_zero_filled_with_cache_writes,
    report_response_id=True,
    # Upstream tests cyber_policy_error_is_fatal, cyber_policy_error_uses_fallback_for_empty_message,
    # invalid_prompt_without_type_is_invalid_request; the release agrees (SSE-FAIL-1).
    fatal_message_codes={
        "cyber_policy": ("This request has been flagged for possible cybersecurity risk.", True),
        # Captured: failed-bio-policy-no-message, -message, -blank-message (found by the
        # explorer on 0.171.0; 0.169.0 answers alike) and failed-misalignment-policy-*.
        "bio_policy": ("This content was flagged for possible biological risk.", True),
        "misalignment_policy_violation": (
            "This request was blocked due to a misalignment policy violation.",
            True,
        ),
        **SSE_0_94_0.fatal_message_codes,
    },
    # Three more quota codes and an overloaded server end the turn, whatever the message
    # (captured: failed-credit-balance-exhausted, failed-organization-spend-limit,
    # failed-project-spend-limit, failed-server-is-overloaded).
    fatal_codes={
        **SSE_0_94_0.fatal_codes,
        "credit_balance_exhausted": _QUOTA_EXCEEDED,
        "organization_spend_limit_exceeded": _QUOTA_EXCEEDED,
        "project_spend_limit_exceeded": _QUOTA_EXCEEDED,
        "server_is_overloaded": FatalFailure("Selected model is at capacity. Please try a different model."),
    },
    # slow_down is a rate limit too (captured: failed-slow-down; its delay is not captured).
    rate_limit_codes={"rate_limit_exceeded": "rate limit exceeded: ", "slow_down": "rate limit exceeded: "},
    # Only a full context window ends the stream at once; even the other
    # fatal failures are kept while the release reads on (SSE-FAIL-4).
    failure_ends_stream=frozenset({"context_length_exceeded"}),
    incomplete_message="Incomplete response returned, reason: {reason}",
    # Upstream test incomplete_response_emits_content_filter_error_message; the release agrees (SSE-FAIL-3).
    incomplete_retried_reasons=frozenset({"content_filter"}),
    # Captured: incomplete-content-filter-alone, -after-item (found by the explorer).
    incomplete_retried_guidance=_CONTENT_FILTER_GUIDANCE,
    # Captured: added-message-then-custom-call-without-id, added-custom-call-then-done-without-id,
    # added-message-then-message-without-id (found by the explorer on 0.171.0).
    done_takes_added_id=True,
    # Captured: added-message-then-unread-local-shell-call-then-message-null-id,
    # added-message-then-unknown-item-then-message-null-id, added-unknown-item-then-message-null-id
    # and the like (found by the explorer on 0.169.0, seed final-s25b).
    item_types=items.ITEM_TYPES_0_169_0,
    # Captured: tool-search-call-client-arguments-* (found by the explorer on 0.171.0).
    runs_tool_search=True,
    completed=COMPLETED_0_169_0,
    # Captured: failed-context-length-message-number (0.94.0 answers FAILED_UNREAD).
    codes_read_raw=frozenset({"context_length_exceeded"}),
)
