"""Small replicas of Rust standard-library behaviours the releases rely on."""

from __future__ import annotations

import hashlib
import unicodedata


def utf8_len(text: str) -> int:
    """Rust ``str::len``: a length in UTF-8 bytes, not in characters."""
    return len(text.encode("utf-8"))


def sha1_hex(text: str) -> str:
    """``format!("{:x}", Sha1::digest(text.as_bytes()))``: 40 lowercase hex digits."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def is_ascii_alphanumeric(char: str) -> bool:
    """Rust ``char::is_ascii_alphanumeric``; Python's ``isalnum`` accepts any script."""
    return char.isascii() and char.isalnum()


def _debug_char(char: str) -> str:
    # Rust's `{:?}` for char: quotes, escapes a few ASCII controls by name and
    # non-printable or combining characters as \u{..}.
    named = {"\t": "\\t", "\r": "\\r", "\n": "\\n", "'": "\\'", "\\": "\\\\", "\0": "\\0"}
    if char in named:
        return f"'{named[char]}'"
    if unicodedata.category(char) in {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn", "Me"}:
        return "'\\u{" + format(ord(char), "x") + "}'"
    return f"'{char}'"


def byte_slice_prefix(text: str, end: int) -> str:
    """``&text[..end]`` with byte index ``end``.

    Rust panics when ``end`` falls inside a multi-byte character; the panic
    message is reproduced (the release prints it and exits).  Raises
    ``ValueError`` carrying that message.
    """
    data = text.encode("utf-8")
    if end >= len(data):
        return text
    offset = 0
    for char in text:
        width = utf8_len(char)
        if offset == end:
            return data[:end].decode("utf-8")
        if offset < end < offset + width:
            raise ValueError(
                f"byte index {end} is not a char boundary; it is inside {_debug_char(char)} "
                f"(bytes {offset}..{offset + width}) of `{_truncate_for_display(text)}`"
            )
        offset += width
    return text


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
