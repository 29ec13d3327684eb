"""A file's lines as read_file sees them (HOST-READ-1, HOST-READ-2, HOST-READ-4).

Lines end at LF; a CR just before that LF goes with it, any other CR
stays (a last line without LF keeps its CR).  The text shown is the line's
bytes decoded lossily (each maximal invalid sequence one U+FFFD, as Rust's
``String::from_utf8_lossy``), cut to at most ``max_bytes`` UTF-8 bytes at a
character boundary.
"""

from __future__ import annotations

from codex_reference.rustlib.strings import take_bytes_at_char_boundary

__all__ = ["display", "split_lines"]


def split_lines(content: bytes) -> list[bytes]:
    pieces = content.split(b"\n")
    last = pieces.pop()  # after the final LF: empty, or a line without one
    lines = [piece[:-1] if piece.endswith(b"\r") else piece for piece in pieces]
    if last:
        lines.append(last)
    return lines


def display(line: bytes, max_bytes: int) -> str:
    return take_bytes_at_char_boundary(line.decode("utf-8", errors="replace"), max_bytes)
