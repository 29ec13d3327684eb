"""Rust string behaviours the apply_patch code relies on, replicated exactly.

Python's own ``str.strip``/``splitlines``/``repr`` differ from Rust's
``trim``/``lines``/``{:?}`` in small ways that change which patches apply
and what the release prints, so the parser and applier use these instead.
"""

from __future__ import annotations

import unicodedata

# Rust `char::is_whitespace`: the Unicode White_Space property.  Python's
# `str.strip()` also strips U+001C..U+001F, which Rust keeps.
RUST_WHITESPACE = frozenset(
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
_WS = "".join(sorted(RUST_WHITESPACE))


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
    if not text:
        return []
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return [part[:-1] if part.endswith("\r") else part for part in parts]


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


def utf8_error_display(data: bytes) -> str | None:
    """``std::str::from_utf8(data)``'s error as ``Display`` prints it, or None if valid.

    ``invalid utf-8 sequence of N bytes from index I`` when a bad sequence is
    complete, ``incomplete utf-8 byte sequence from index I`` when the data
    ends inside one.  Python's decoder reports the same maximal bad subpart.
    """
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            return f"incomplete utf-8 byte sequence from index {exc.start}"
        return f"invalid utf-8 sequence of {exc.end - exc.start} bytes from index {exc.start}"
    return None
