"""0.94.0: the shell tool's JSON object, its text cut in the middle, then the object cut again.

The release formats ``{"output": <text>, "metadata": {"exit_code": N,
"duration_seconds": S}}`` (head_tail.py's object) where the text is the
command's output cut in the middle to a byte budget (unified.py's cut, with
a ``Total output lines: N`` header and no warning line).  A timed-out
command's text starts with ``command timed out after <ms> milliseconds``
and its exit code is 124.  The history then records the object itself cut
in the middle to a larger byte budget: an output heavy in characters JSON
escapes (newlines, ``\\r``) is cut twice, and the first marker is lost in the
second cut (captured: blank-lines, crlf-truncated, stderr-truncated).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from codex_reference.args import I32, flag, integer, seconds, string
from codex_reference.exec_output import head_tail
from codex_reference.exec_output.unified import MiddleTruncation, truncate_middle
from codex_reference.rustlib import strings

TIMED_OUT_EXIT_CODE = 124


@dataclass(frozen=True)
class JsonMiddleLimits:
    text: MiddleTruncation  # the budget of the command's text
    recorded_bytes: int  # the budget of the whole object as the history records it


def _text(content: str, rules: MiddleTruncation) -> str:
    if len(content.encode("utf-8")) <= rules.default_bytes:
        return content
    return f"Total output lines: {len(strings.lines(content))}\n\n" + truncate_middle(
        content, "bytes", rules.default_bytes, rules
    )


def format_output(args: dict[str, Any], limits: JsonMiddleLimits) -> str:
    content = string(args, "output")
    duration = seconds(args, "duration_seconds", 0.0)
    exit_code = integer(args, "exit_code", *I32)
    if flag(args, "timed_out"):
        # The measured duration in whole milliseconds (Duration::as_millis).
        content = f"command timed out after {round(duration * 1000)} milliseconds\n" + content
        exit_code = TIMED_OUT_EXIT_CODE
    recorded = head_tail.json_object(_text(content, limits.text), exit_code, duration)
    return truncate_middle(recorded, "bytes", limits.recorded_bytes, limits.text)


LIMITS_0_94_0 = JsonMiddleLimits(
    text=MiddleTruncation(default_bytes=10_000, bytes_per_token=4),
    # The history's budget is the tool's times 1.2.
    recorded_bytes=12_000,
)
