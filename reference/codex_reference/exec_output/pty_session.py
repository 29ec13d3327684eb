"""0.25.0's ``exec_command``: a command run in a terminal, written back as plain text.

The command runs under a pseudo-terminal, whose output processing writes
every line feed as CR LF (a CR already before it stays: ``\\r\\r\\n``).  The
text is then cut to ``max_output_tokens`` (default 10,000) estimated tokens
of 4 bytes: in the middle, at line boundaries where the halves hold one,
around a ``…N tokens truncated…`` marker that counts the estimated tokens
removed and is sized by iterating on its own length (EXEC-PTY-3).
"""

from __future__ import annotations

from typing import Any

from codex_reference.args import I32, U64, flag, integer, optional_integer, seconds, string

_DEFAULT_MAX_TOKENS = 10_000
_BYTES_PER_TOKEN = 4
# The marker's count is guessed, then re-counted this many times.  Once a
# count is as long as the guess it came from, the cut and the count stay put:
# the release stops there, and going on answers the same.
_MARKER_ROUNDS = 4


def _tokens(byte_count: int) -> int:
    return -(-byte_count // _BYTES_PER_TOKEN)


def _is_continuation(data: bytes, index: int) -> bool:
    return index < len(data) and (data[index] & 0xC0) == 0x80


def _prefix_end(data: bytes, budget: int) -> int:
    """The end of the last line within the first ``budget`` bytes; without one (or when
    ``budget`` falls inside a character, where Rust's ``str::get`` gives nothing to
    search) the whole characters within them."""
    # ``budget`` is below len(data) (only a text over its budget is cut), and
    # data[0] starts a character: no bound checks are needed.
    if not _is_continuation(data, budget):
        newline = data.rfind(b"\n", 0, budget)
        if newline >= 0:
            return newline + 1
    end = budget
    while _is_continuation(data, end):
        end -= 1
    return end


def _suffix_start(data: bytes, budget: int) -> int:
    """The start of the first line within the last ``budget`` bytes; without one (or when
    their start falls inside a character) the first whole character in them."""
    start = len(data) - budget  # budget is below len(data), as in _prefix_end
    if not _is_continuation(data, start):
        newline = data.find(b"\n", start)
        if newline >= 0:
            return newline + 1
    while _is_continuation(data, start):
        start += 1
    return start


def _marker(count: int) -> str:
    return f"…{count} tokens truncated…"


def _joined(data: bytes, budget: int, marker: str) -> tuple[str, int]:
    """(the text kept around ``marker``, the estimated tokens it removes)."""
    keep = budget - len(marker.encode())
    head = _prefix_end(data, keep // 2)
    tail = max(_suffix_start(data, keep - keep // 2), head)
    text = data[:head].decode("utf-8") + marker + "\n" + data[tail:].decode("utf-8")
    return text, _tokens(tail - head)


def truncate(text: str, budget: int) -> tuple[str, int | None]:
    """(the text cut to ``budget`` bytes, the original token count if it was cut)."""
    data = text.encode("utf-8")
    if len(data) <= budget:
        return text, None
    total = _tokens(len(data))
    guess = 1
    for _ in range(_MARKER_ROUNDS):
        if budget <= len(_marker(guess).encode()):
            return _marker(total), total
        guess = _joined(data, budget, _marker(guess))[1]
    if budget <= len(_marker(guess).encode()):
        return _marker(total), total
    return _joined(data, budget, _marker(guess))[0], total


def format_output(args: dict[str, Any]) -> str:
    output = string(args, "output").replace("\n", "\r\n")
    if flag(args, "timed_out"):
        status = f"Process running with session ID {integer(args, 'session_id', *I32)}"
    else:
        status = f"Process exited with code {integer(args, 'exit_code', *I32)}"
    max_tokens = optional_integer(args, "max_output_tokens", *U64)
    budget = (_DEFAULT_MAX_TOKENS if max_tokens is None else max_tokens) * _BYTES_PER_TOKEN
    text, original = truncate(output, budget)
    warning = "" if original is None else f"Warning: truncated output (original token count: {original})\n"
    return (
        f"Wall time: {seconds(args, 'duration_seconds', 0.0):.3f} seconds\n{status}\n{warning}Output:\n{text}"
    )
