"""0.25.0: the shell tool's output as a JSON object, cut to head and tail lines.

The release writes ``{"output": <text>, "metadata": {"exit_code": N,
"duration_seconds": S}}`` (serde_json, in that order) where the text is the
interleaved stdout and stderr, cut when it exceeds the line or byte limit:
the first lines and the last lines, each side cut again to a byte budget,
around a marker naming the omitted lines.  A timed-out command gets a fixed
error text instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codex_reference.args import I32, flag, integer, seconds, string
from codex_reference.rustlib import floats, strings
from codex_reference.rustlib.serde_json_write import f32_text, json_string


@dataclass(frozen=True)
class HeadTailLimits:
    max_bytes: int
    max_lines: int
    head_lines: int
    tail_lines: int
    head_bytes: int
    timeout_text: str


def truncate(content: str, limits: HeadTailLimits) -> str:
    lines = strings.lines(content)
    total = len(lines)
    if len(content.encode("utf-8")) <= limits.max_bytes and total <= limits.max_lines:
        return content
    head_take = min(limits.head_lines, total)
    tail_take = min(limits.tail_lines, total - head_take)
    omitted = total - head_take - tail_take
    # Rejoining with "\n" is why CRLF becomes LF and the final newline goes
    # once an output is cut.
    head = "\n".join(lines[:head_take])
    tail = "\n".join(lines[total - tail_take :]) if tail_take else ""
    # The marker is there even when only bytes were cut ("omitted 0 of N").
    marker = f"\n[... omitted {omitted} of {total} lines ...]\n\n"
    head_budget = min(limits.head_bytes, limits.max_bytes - len(marker.encode("utf-8")))
    result = strings.take_bytes_at_char_boundary(head, head_budget) + marker
    # A budget the head used up (never below 0: the head was cut to leave room
    # for the marker) takes an empty tail.
    remaining = limits.max_bytes - len(result.encode("utf-8"))
    return result + strings.take_last_bytes_at_char_boundary(tail, remaining)


def _duration(seconds: float) -> str:
    # Measured as f32 seconds and rounded to a tenth before serializing.
    tenths = floats.round_half_away(floats.to_f32(floats.to_f32(seconds) * 10.0))
    return f32_text(floats.to_f32(tenths) / 10.0)


def json_object(text: str, exit_code: int, duration_seconds: float) -> str:
    """The ``{"output", "metadata"}`` object as serde_json writes it."""
    return (
        '{"output":'
        + json_string(text)
        + ',"metadata":{"exit_code":'
        + str(exit_code)
        + ',"duration_seconds":'
        + _duration(duration_seconds)
        + "}}"
    )


def format_output(args: dict[str, Any], limits: HeadTailLimits) -> str:
    if flag(args, "timed_out"):
        return limits.timeout_text
    content = truncate(string(args, "output"), limits)
    return json_object(content, integer(args, "exit_code", *I32), seconds(args, "duration_seconds", 0.0))


LIMITS_0_25_0 = HeadTailLimits(
    max_bytes=10 * 1024,
    max_lines=256,
    head_lines=128,
    tail_lines=128,
    head_bytes=5 * 1024,
    timeout_text="failed in sandbox None with execution error: command timed out",
)
