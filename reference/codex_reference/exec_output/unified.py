"""0.169.0: unified exec (``exec_command``) output as plain text, cut in the middle.

A header (chunk id, wall time, exit code or the id of a still-running
session, the original token count), then ``Output:`` and the output, cut
in the middle to a byte or token budget when it is over it.  Tokens are
estimated as UTF-8 bytes / 4, rounded up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from codex_reference.args import I32, U64, flag, integer, optional_integer, seconds, string
from codex_reference.rustlib import strings

Mode = Literal["bytes", "tokens"]


@dataclass(frozen=True)
class MiddleTruncation:
    # The model's default budget (gpt-5: 10000 bytes); a smaller
    # max_output_tokens replaces it with a token budget.
    default_bytes: int
    bytes_per_token: int


def tokens(byte_count: int, rules: MiddleTruncation) -> int:
    return -(-byte_count // rules.bytes_per_token)


def policy(max_output_tokens: int | None, rules: MiddleTruncation) -> tuple[Mode, int]:
    """(mode, budget in bytes)."""
    if max_output_tokens is not None and max_output_tokens * rules.bytes_per_token < rules.default_bytes:
        return "tokens", max_output_tokens * rules.bytes_per_token
    return "bytes", rules.default_bytes


def _split(content: str, head_bytes: int, tail_bytes: int) -> tuple[str, int, str]:
    """(head, characters removed, tail): whole characters that end within the
    first ``head_bytes`` bytes and start within the last ``tail_bytes``."""
    # Cut on the UTF-8 bytes, each end moved to a character boundary: a walk by
    # character costs seconds on the megabytes an output may hold (issue #31).
    encoded = content.encode("utf-8")
    # Only a text over its budget is cut, so the head ends before the tail starts.
    head_end = head_bytes
    while _continues(encoded, head_end):
        head_end -= 1
    tail_start = len(encoded) - tail_bytes
    while _continues(encoded, tail_start):
        tail_start += 1
    head, tail = encoded[:head_end].decode("utf-8"), encoded[tail_start:].decode("utf-8")
    return head, len(content) - len(head) - len(tail), tail


def _continues(encoded: bytes, offset: int) -> bool:
    """Whether ``offset`` falls inside a character (on a UTF-8 continuation byte)."""
    return offset < len(encoded) and encoded[offset] & 0xC0 == 0x80


def truncate_middle(content: str, mode: Mode, budget: int, rules: MiddleTruncation) -> str:
    size = len(content.encode("utf-8"))
    if size <= budget:
        return content
    removed_tokens = tokens(size - budget, rules)
    # A budget of 0 (max_output_tokens 0) needs no case of its own: both halves are empty.
    head, removed_chars, tail = _split(content, budget // 2, budget - budget // 2)
    # Token budgets report estimated tokens cut; byte budgets report characters cut.
    count = removed_tokens if mode == "tokens" else removed_chars
    return f"{head}…{count} {mode_unit(mode)} truncated…{tail}"


def mode_unit(mode: Mode) -> str:
    return "tokens" if mode == "tokens" else "chars"


def formatted_truncate(content: str, mode: Mode, budget: int, rules: MiddleTruncation) -> str:
    size = len(content.encode("utf-8"))
    if size <= budget:
        return content
    return (
        f"Warning: truncated output (original token count: {tokens(size, rules)})\n"
        f"Total output lines: {len(strings.lines(content))}\n\n"
        + truncate_middle(content, mode, budget, rules)
    )


def format_output(args: dict[str, Any], rules: MiddleTruncation) -> str:
    content = string(args, "output")
    if flag(args, "timed_out"):
        status = f"Process running with session ID {integer(args, 'session_id', *I32)}"
    else:
        status = f"Process exited with code {integer(args, 'exit_code', *I32)}"
    mode, budget = policy(optional_integer(args, "max_output_tokens", *U64), rules)
    return (
        f"Chunk ID: {string(args, 'chunk_id')}\n"
        f"Wall time: {seconds(args, 'duration_seconds', 0.0):.4f} seconds\n"
        f"{status}\n"
        f"Original token count: {tokens(len(content.encode('utf-8')), rules)}\n"
        "Output:\n" + formatted_truncate(content, mode, budget, rules)
    )


TRUNCATION_0_169_0 = MiddleTruncation(default_bytes=10_000, bytes_per_token=4)
