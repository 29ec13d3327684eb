"""Rust's ``str`` and ``char`` (the standard library), replicated where Python's differ.

Python's ``str.strip``/``splitlines``/``repr``/``isalnum`` differ from Rust's
``trim``/``lines``/``{:?}``/``is_ascii_alphanumeric`` in small ways that
change which patches apply, how outputs are cut and what a release prints, so
the areas use these instead.  Lengths and cut points are in UTF-8 bytes, as
Rust's are.
"""

from __future__ import annotations

import unicodedata

__all__ = [
    "RUST_WHITESPACE",
    "byte_slice_prefix",
    "debug_str",
    "debug_str_list",
    "is_ascii_alphanumeric",
    "lines",
    "take_bytes_at_char_boundary",
    "take_last_bytes_at_char_boundary",
    "trim",
    "trim_end",
    "trim_start",
    "utf8_error_display",
    "utf8_len",
]

# `char::is_whitespace`: the Unicode White_Space property.  Python's
# `str.strip()` also strips U+001C..U+001F, which Rust keeps.
RUST_WHITESPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
_WS = "".join(sorted(RUST_WHITESPACE))


def utf8_len(text: str) -> int:
    """``str::len``: a length in UTF-8 bytes, not in characters."""
    return len(text.encode("utf-8"))


def is_ascii_alphanumeric(char: str) -> bool:
    """``char::is_ascii_alphanumeric``; Python's ``isalnum`` accepts any script."""
    return char.isascii() and char.isalnum()


def trim(text: str) -> str:
    """``str::trim``."""
    return text.strip(_WS)


def trim_end(text: str) -> str:
    """``str::trim_end``."""
    return text.rstrip(_WS)


def trim_start(text: str) -> str:
    """``str::trim_start``."""
    return text.lstrip(_WS)


def lines(text: str) -> list[str]:
    """``str::lines``: split on ``\\n`` only, drop one ``\\r`` before it, no empty last line.

    Python's ``splitlines`` also breaks at ``\\r``, form feeds, U+2028 and
    more, which the release keeps inside a line.
    """
    parts = text.split("\n")  # "" splits to [""], popped below: no lines
    if parts[-1] == "":
        parts.pop()
    return [part[:-1] if part.endswith("\r") else part for part in parts]


def take_bytes_at_char_boundary(text: str, max_bytes: int) -> str:
    """The longest prefix of at most ``max_bytes`` UTF-8 bytes that ends on a char boundary."""
    data = text.encode("utf-8")
    if len(data) <= max_bytes:
        return text
    return data[:max_bytes].decode("utf-8", errors="ignore")


def take_last_bytes_at_char_boundary(text: str, max_bytes: int) -> str:
    """The longest suffix of at most ``max_bytes`` UTF-8 bytes that starts on a char boundary."""
    data = text.encode("utf-8")
    if len(data) <= max_bytes:
        return text
    # errors="ignore" drops the continuation bytes of a character cut at the start (0 keeps nothing).
    return data[len(data) - max_bytes :].decode("utf-8", errors="ignore")


def byte_slice_prefix(text: str, end: int) -> str:
    """``&text[..end]`` with byte index ``end``.

    Rust panics when ``end`` falls inside a multi-byte character; the panic
    message is reproduced (the release prints it and exits).  Raises
    ``ValueError`` carrying that message.
    """
    head = take_bytes_at_char_boundary(text, end)
    start = utf8_len(head)
    if start == end or head == text:
        return head
    char = text[len(head)]
    raise ValueError(
        f"byte index {end} is not a char boundary; it is inside {_debug_char(char)} "
        f"(bytes {start}..{start + utf8_len(char)}) of `{_truncate_for_display(text)}`"
    )


def _truncate_for_display(text: str) -> str:
    # core::str's slice_error_fail shows at most 256 bytes of the string,
    # cut at a char boundary, followed by "[...]" when it had to cut.
    limit = 256
    if utf8_len(text) <= limit:
        return text
    out: list[str] = []
    used = 0
    for char in text:
        width = utf8_len(char)
        if used + width > limit:
            break
        out.append(char)
        used += width
    return "".join(out) + "[...]"


def _debug_char(char: str) -> str:
    # `{:?}` for a char: quotes, escapes a few ASCII controls by name and
    # non-printable or combining characters as \u{..}.
    named = {"\t": "\\t", "\r": "\\r", "\n": "\\n", "'": "\\'", "\\": "\\\\", "\0": "\\0"}
    if char in named:
        return f"'{named[char]}'"
    if unicodedata.category(char) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn", "Me"}:
        return "'\\u{" + format(ord(char), "x") + "}'"
    return f"'{char}'"


_NOT_PRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs"}
_GRAPHEME_EXTEND = {"Mn", "Me"}
_NAMED_ESCAPES = {"\t": "\\t", "\r": "\\r", "\n": "\\n", '"': '\\"', "\\": "\\\\", "\0": "\\0"}


def debug_str(text: str) -> str:
    """``format!("{:?}", text)``: a double-quoted string with Rust's escapes.

    Non-printable characters (controls, format characters, separators other
    than the ASCII space) and combining marks become ``\\u{hex}``.
    """
    out = ['"']
    for char in text:
        if char in _NAMED_ESCAPES:
            out.append(_NAMED_ESCAPES[char])
        elif char != " " and unicodedata.category(char) in _NOT_PRINTABLE | _GRAPHEME_EXTEND:
            out.append("\\u{" + format(ord(char), "x") + "}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def debug_str_list(items: list[str]) -> str:
    """``format!("{:?}", vec_of_strings)``: ``["a", "b"]``."""
    return "[" + ", ".join(debug_str(item) for item in items) + "]"


def utf8_error_display(error: UnicodeDecodeError) -> str:
    """``std::str::from_utf8``'s error as ``Display`` prints it, from Python's error on the same bytes.

    ``invalid utf-8 sequence of N bytes from index I`` when a bad sequence is
    complete, ``incomplete utf-8 byte sequence from index I`` when the data
    ends inside one.  Python's decoder reports the same maximal bad subpart.
    """
    if error.reason == "unexpected end of data":
        return f"incomplete utf-8 byte sequence from index {error.start}"
    return f"invalid utf-8 sequence of {error.end - error.start} bytes from index {error.start}"
