"""What a release does with one Responses SSE stream, in the neutral form of ``sse.responses``.

The release is run once (``codex exec --json``) against the mock server, which
sends the stream under test as the first response, cut into reads at the
given byte offsets, and a recovery stream to any retry.  Four observations
are turned into the result mechanically (see spec/sse.md, "How a result is
observed"):

- the items the release recorded into its history from the stream, read from
  the session rollout file (they are what the next request's ``input``
  carries): ``events``;
- whether a second request arrived (the release retries): the stream ended in
  a retryable error; the delay the release states in its retry warning is the
  one it honoured, when it is not its own backoff;
- the retry notice or the final error the release printed: the message;
- the usage (and, where the release records it, the response id) of a
  completed stream.

Deltas and other events that leave no trace outside the process are not in
the result: an outside observer cannot see them, and the kit does not guess.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from codex_conformance.editions import get_edition
from codex_conformance.mock_responses_server import ScriptedStream, simple_reply_stream
from codex_workshop.drive.cache import release_binary
from codex_workshop.drive.errors import CaptureError
from codex_workshop.drive.exec_run import ExecRun, run_exec

PROMPT = "conformance sse probe"
RECOVERY_TEXT = "codex-conformance recovery"
# One retry is enough to see whether a failure is retryable; more would only
# make captures slower.
_PROVIDER = {"stream_max_retries": 1, "request_max_retries": 1}
# The delay a release sleeps before retrying is read from its own warning,
# `stream disconnected - retrying turn|sampling request (1/1 in <delay>)...`,
# which it logs with `RUST_LOG=codex_core=warn`: timing the gap between the
# two requests read 900 ms as 1,000 on a loaded machine (the release builds
# the retried request after the sleep, tens of ms under load).  0.169.0 states
# the time left of the server's delay (`896.410245ms` of 900), so the stated
# delay is rounded *up* to a whole 100 ms.  The releases' own first backoff is
# about 200 ms (jittered): a stated delay this long can only be the server's.
# The SSE reader's trace (`SSE event: {...}`, codex_core::client in 0.25.0,
# codex_api::sse from 0.94.0) timestamps each event as the release reads it: the
# failing event is read no earlier than the last one traced before the warning.
_RUST_LOG = {"RUST_LOG": "codex_core=warn,codex_core::client=trace,codex_api::sse=trace"}
_RETRY_STATEMENT = re.compile(
    r"retrying (?:turn|sampling request) \(\d+/\d+ in (?P<amount>\d+(?:\.\d+)?)(?P<unit>ns|µs|ms|s)\)"
)
# The statement is a warning of the release's own: the traced events echo the stream's
# text, which may say anything, so only a WARN line of codex_core is read.
_WARN_LINE = re.compile(r"^(?:\S+\s+)?WARN codex_core[\w:]*: .*$", re.MULTILINE)
_EVENT_TRACE = re.compile(
    r"^(\S+)Z\s+TRACE (?:codex_core::client|codex_api::sse[\w:]*): SSE event: ", re.MULTILINE
)
_UNIT_NS = {"ns": 1, "µs": 1_000, "ms": 1_000_000, "s": 1_000_000_000}
# A release that states the *time left* (0.169.0) states less than it honours by
# the time between reading the failure and logging; rounding up to 100 ms covers
# that only while it is under 100 ms.  That time is bounded by the lag from the
# last event traced before the warning (the failing one or an earlier one) to
# the warning; without a traced event, from the failing request's arrival plus the
# sender's own pauses between reads.  Measured from the request, a loaded machine
# (load 12-18) read 0.10-0.6 s, almost all of it the stream's transport, no part
# of the sleep: a run whose lag is over this limit is run again, up to eight runs
# in all, unless no delay in the lag's reach could be the server's (the stated one
# plus the lag is still under the floor below: the release's own backoff).
_STATEMENT_LAG_LIMIT_S = 0.09
_STATEMENT_ATTEMPTS = 8
# The tracing timestamp that opens a log line: `2026-11-26T19:06:19.783579Z  WARN ...`.
_LOG_TIMESTAMP = re.compile(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+)Z\s")
_HONOURED_DELAY_FLOOR_NS = 700_000_000
# The gap between the requests may not be shorter than the stated sleep; a
# little slack for the two clocks' readings.
_GAP_SLACK_S = 0.01
_RETRY_NOTICES = (
    re.compile(r"^stream error: (?P<message>.*); retrying \d+/\d+ in .*$", re.DOTALL),  # 0.25.0
    re.compile(r"^Reconnecting\.\.\. \d+/\d+ \((?P<message>.*)\)$", re.DOTALL),  # 0.169.0
    # Releases between them (0.47.0-0.77.0 in the timeline) say only that they reconnect.
    re.compile(r"^Re-?connecting\.\.\. \d+/\d+$"),
)
# The JSON event a release prints a retry notice in (0.8.0-0.23.0: background_event).
_NOTICE_EVENTS = ("stream_error", "error", "background_event")
# Rollout bookkeeping the release adds to an item it stores; not part of the item.
_ROLLOUT_ONLY_KEYS = ("internal_chat_message_metadata_passthrough",)
# What a release records when it answers a call with its tool (`unsupported
# call: get_weather` for a tool it lacks), then sends in a follow-up request.
# 0.169.0 answers a tool_search_call too (a tool_search_output, whose call_id is the call's
# own, null where the call has none).
_CALL_KINDS = ("function_call", "custom_tool_call", "local_shell_call", "tool_search_call")
_CALL_OUTPUT_KINDS = ("function_call_output", "custom_tool_call_output", "tool_search_output")


@dataclass(frozen=True)
class StreamUnderTest:
    text: str
    splits: tuple[int, ...] = ()  # byte offsets where the sender cuts the stream into reads

    def scripted(self) -> ScriptedStream:
        data = self.text.encode("utf-8")
        bounds = [0, *sorted(set(s for s in self.splits if 0 < s < len(data))), len(data)]
        chunks = [data[a:b] for a, b in itertools.pairwise(bounds)]
        # A short pause between reads makes each cut reach the client as its own read.
        return ScriptedStream(chunks, [0.0] + [0.005] * (len(chunks) - 1))


def observe(version: str, stream: StreamUnderTest) -> dict[str, Any]:
    lags: list[float] = []
    # The sender's own pauses between reads come before the release can read the failure:
    # a recorded gateway stream of 20 writes spends 0.1 s in them, which is no lag of the release's.
    pauses = sum(stream.scripted().delays)
    for _attempt in range(_STATEMENT_ATTEMPTS):
        run = _run(version, stream)
        lag = statement_lag_s(run, pauses=pauses)
        if lag is None or lag < _STATEMENT_LAG_LIMIT_S or _own_backoff_within(run.stderr, lag):
            return {"events": _recorded_items(run), "end": _end(run)}
        lags.append(lag)
    raise CaptureError(
        f"the release logged its retry delay {', '.join(f'{lag:.3f}' for lag in lags)} s after it read the "
        f"stream's last event in {len(lags)} runs: too late to read the delay it honours (machine too loaded)"
    )


def statement_lag_s(run: ExecRun, *, pauses: float = 0.0) -> float | None:
    """How long after the release read the stream's last event before its retry warning it
    logged the warning (read from its trace; without one, after the failing request arrived and
    the sender's ``pauses`` passed); None when it did not retry, or its log line has no timestamp."""
    requests = _responses_requests(run)
    match = _statement(run.stderr)
    if len(requests) < 2 or match is None:
        return None
    logged = _line_time(run.stderr, match.start())
    if logged is None:
        return None
    read = _last_event_read(run.stderr, before=match.start())
    return logged - (read if read is not None else float(requests[0].received_wall) + pauses)


def _statement(log: str) -> re.Match[str] | None:
    """The release's retry warning, in a WARN line of its own."""
    for line in _WARN_LINE.finditer(log):
        match = _RETRY_STATEMENT.search(log, line.start(), line.end())
        if match is not None:
            return match
    return None


def _stated_ns(match: re.Match[str]) -> int:
    whole, _, fraction = match.group("amount").partition(".")
    unit = _UNIT_NS[match.group("unit")]
    return int(whole) * unit + int(fraction.ljust(9, "0")[:9]) * unit // 1_000_000_000


def _own_backoff_within(log: str, lag: float) -> bool:
    """Whether every delay the stated one could be short of, by at most ``lag``, is under the
    floor: the release slept its own backoff, however late it logged it."""
    match = _statement(log)
    return match is not None and _stated_ns(match) + lag * 1e9 < _HONOURED_DELAY_FLOOR_NS


def _timestamp(text: str) -> float:
    seconds, _, fraction = text.partition(".")
    stamp = datetime.strptime(f"{seconds}.{fraction[:6]}", "%Y-%m-%dT%H:%M:%S.%f")
    return stamp.replace(tzinfo=UTC).timestamp()


def _line_time(log: str, position: int) -> float | None:
    """The wall-clock time of the log line holding ``position``; None without a timestamp."""
    stamp = _LOG_TIMESTAMP.match(log, log.rfind("\n", 0, position) + 1)
    return None if stamp is None else _timestamp(stamp.group(1))


def _last_event_read(log: str, *, before: int) -> float | None:
    """When the release traced the last SSE event it read before ``before``; None if it traced none."""
    traced = list(_EVENT_TRACE.finditer(log, 0, before))
    return _timestamp(traced[-1].group(1)) if traced else None


def _run(version: str, stream: StreamUnderTest) -> ExecRun:
    edition = get_edition(version)
    recovery = simple_reply_stream(RECOVERY_TEXT, response_id="resp_recovery")
    return run_exec(
        release_binary(version),
        model=edition.capture_model,
        servers=[],
        prompt=PROMPT,
        streams=[stream.scripted(), recovery],
        provider=_PROVIDER,
        exec_flags=("--json",),
        env=_RUST_LOG,
    )


def rollout_items(lines: Sequence[Any]) -> list[dict[str, Any]]:
    """The response items of rollout lines, in order, in the form they are sent."""
    items: list[dict[str, Any]] = []
    for line in lines:
        if not isinstance(line, dict):
            continue
        if line.get("type") == "response_item" and isinstance(line.get("payload"), dict):
            item = dict(line["payload"])  # 0.94.0 on: {"type": "response_item", "payload": item}
        elif "type" in line and "record_type" not in line and "payload" not in line:
            item = dict(line)  # 0.25.0: the item itself
        else:
            continue
        for key in _ROLLOUT_ONLY_KEYS:
            item.pop(key, None)
        items.append(item)
    return items


def _is_prompt(item: dict[str, Any]) -> bool:
    content = item.get("content")
    return (
        item.get("type") == "message"
        and item.get("role") == "user"
        and isinstance(content, list)
        and any(isinstance(c, dict) and c.get("text") == PROMPT for c in content)
    )


def _is_recovery(item: dict[str, Any]) -> bool:
    return "codex-conformance recovery" in json.dumps(item.get("content"))


def _history_of_stream(run: ExecRun) -> list[dict[str, Any]]:
    """The items recorded after the prompt and before the recovery reply's."""
    history = rollout_items(run.rollout)
    starts = [index for index, item in enumerate(history) if _is_prompt(item)]
    if not starts:
        raise CaptureError(f"the rollout has no prompt message (exit {run.returncode})")
    items: list[dict[str, Any]] = []
    for item in history[starts[-1] + 1 :]:
        if _is_recovery(item):
            break
        items.append(item)
    return items


def _call_ids(items: list[dict[str, Any]]) -> set[Any]:
    """The call ids an output the release writes itself carries: each call's own, and for a
    call without one its id or the empty id (`LocalShellCall without call_id or id`)."""
    ids: set[Any] = set()
    for item in items:
        if item.get("type") in _CALL_KINDS:
            call_id = item.get("call_id")
            if item.get("type") == "tool_search_call":
                ids.add(call_id)
            else:
                ids |= {call_id} if isinstance(call_id, str) else {"", item.get("id")}
    return ids


def _answers_a_call(item: dict[str, Any], calls: set[Any]) -> bool:
    return item.get("type") in _CALL_OUTPUT_KINDS and item.get("call_id") in calls


def _recorded_items(run: ExecRun) -> list[dict[str, Any]]:
    """The items recorded from the stream: an output answering one of its calls is left out,
    since the release writes one itself when it runs the call (spec/sse.md, SSE-ITEM-4), and a
    server's output of the same call_id cannot be told from it."""
    items = _history_of_stream(run)
    calls = _call_ids(items)
    return [{"type": "output_item.done", "item": item} for item in items if not _answers_a_call(item, calls)]


def followed_up(run: ExecRun, events: list[dict[str, Any]]) -> bool:
    """A second request that is no retry: the release neither warned that it retries nor printed
    a retry notice, and it answered a call of the stream (the request carries the answer)."""
    if len(_responses_requests(run)) < 2 or _statement(run.stderr) or _has_retry_notice(events):
        return False
    items = _history_of_stream(run)
    calls = _call_ids(items)
    return any(_answers_a_call(item, calls) for item in items)


def json_lines(text: str) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for line in text.split("\n"):  # LF only: a U+2028 in a string is no line end
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            lines.append(value.get("msg", value) if isinstance(value.get("msg"), dict) else value)
    return lines


def _responses_requests(run: ExecRun) -> list[Any]:
    return [r for r in run.requests if r.method == "POST" and r.path.split("?")[0].endswith("/responses")]


def _end(run: ExecRun) -> dict[str, Any]:
    requests = _responses_requests(run)
    events = json_lines(run.stdout)
    if len(requests) >= 2 and not followed_up(run, events):
        gap_s = requests[1].received_at - requests[0].received_at
        return {
            "kind": "error",
            "error": "retryable",
            "message": retry_message(events),
            "retry_after_ms": honoured_delay_ms(run.stderr, gap_s=gap_s),
        }
    message = fatal_message(events)
    if message is None:
        return {"kind": "completed", **completed_usage(run, events, followed=len(requests) >= 2)}
    return {"kind": "error", "error": "fatal", "message": message, "retry_after_ms": None}


def honoured_delay_ms(log: str, gap_s: float) -> int | None:
    """The server's delay the release slept before its retry, rounded up to a whole 100 ms;
    None when the sleep was the release's own backoff."""
    match = _statement(log)
    if match is None:
        raise CaptureError("the release retried but logged no `retrying ... in <delay>` warning")
    stated_ns = _stated_ns(match)
    if stated_ns / 1e9 > gap_s + _GAP_SLACK_S:
        said = match.group(0)
        raise CaptureError(f"the release said it would wait ({said!r}) but retried after {gap_s:.3f} s")
    if stated_ns < _HONOURED_DELAY_FLOOR_NS:
        return None
    return -(-stated_ns // 100_000_000) * 100


def _retry_notice(events: list[dict[str, Any]]) -> re.Match[str] | None:
    for event in events:
        if event.get("type") in _NOTICE_EVENTS:
            for notice in _RETRY_NOTICES:
                match = notice.match(str(event.get("message", "")))
                if match:
                    return match
    return None


def _has_retry_notice(events: list[dict[str, Any]]) -> bool:
    return _retry_notice(events) is not None


def retry_message(events: list[dict[str, Any]]) -> str | None:
    """The error a release's retry notice shows; None when its notice shows none."""
    match = _retry_notice(events)
    if match is None:
        raise CaptureError("the release retried but printed no retry notice")
    return match.groupdict().get("message")


def fatal_message(events: list[dict[str, Any]]) -> str | None:
    for event in events:
        if event.get("type") == "turn.failed":  # 0.169.0
            return str(event["error"]["message"])
    for event in reversed(events):
        if event.get("type") == "error":  # 0.25.0
            return str(event["message"])
    return None


def _recorded_before(line: dict[str, Any], until: float | None) -> bool:
    """Whether the rollout line's timestamp (`2026-11-26T19:06:19.783Z`) is before ``until``
    (a wall-clock time); a line without one counts."""
    stamp = line.get("timestamp")
    if until is None or not isinstance(stamp, str):
        return True
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return True
    return when.timestamp() < until


def completed_usage(run: ExecRun, events: list[dict[str, Any]], *, followed: bool = False) -> dict[str, Any]:
    """The usage of a completed stream, and the response id where the release records it;
    ``followed``: a call's follow-up request was answered too (its usage is not the stream's)."""
    # 0.169.0 records the response id with the usage (token_usage_record), 0.94.0 the usage
    # in a token_count event (the last one).  After a call's follow-up request the release
    # records that response's and its own estimates too: only what it recorded before
    # that request arrived is this stream's.
    counted: dict[str, Any] | None = None
    requests = _responses_requests(run)
    until = requests[1].received_wall if followed and len(requests) >= 2 else None
    for line in run.rollout:
        payload = line.get("payload") if isinstance(line, dict) else None
        if not isinstance(payload, dict) or not _recorded_before(line, until):
            continue
        kind = line.get("type")
        if kind == "response_item" and _is_recovery(payload):
            break
        if kind == "token_usage_record":
            return {"response_id": payload.get("response_id"), "usage": payload.get("usage")}
        if kind == "event_msg" and payload.get("type") == "token_count" and payload.get("info"):
            counted = {"usage": payload["info"]["last_token_usage"]}
    if counted is not None:
        return counted
    # 0.25.0 prints the usage only, and nothing when there is none; after a follow-up
    # the last count printed is the recovery reply's (which has one), so a lone one is not
    # the stream's.
    counts = [event for event in events if event.get("type") == "token_count"]
    if counts and (len(counts) >= 2 or not followed):
        return {"usage": {key: value for key, value in counts[0].items() if key != "type"}}
    return {"usage": None}
