"""JSON text with its invisible characters written as ``\\uXXXX`` escapes, the value unchanged.

A golden holding a raw U+202F (narrow no-break space) reads as a space, a
raw U+200B or a bidirectional control as nothing, and a raw U+2028 breaks
the line in some editors and not in others: a reviewer cannot see what the
release sent.  JSON lets any character of a string be written as an
escape, so the fixture writers write these ones escaped and the parsed
value stays exactly what the release produced (``escape_invisible`` proves
it, and refuses otherwise).

Invisible here: control characters (DEL and the C1 block; the C0 ones
cannot appear raw in a JSON string, and tab, line feed and carriage return
outside strings are the layout), format characters (zero-width spaces and
joiners, the BOM, bidirectional controls, soft hyphen), every space
separator but U+0020, and the line and paragraph separators.  Other
non-ASCII text (accents, CJK, emoji, combining marks) stays as written.
"""

from __future__ import annotations

import json
import re
import unicodedata

_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp"})
# The JSON layout's own characters, and the space, are never escaped.
_LAYOUT = frozenset(" \t\n\r")
# Only these can be invisible: a cheap first pass over mostly ASCII text.
_CANDIDATE = re.compile(r"[^\x00-\x7e]")


class NotValueIdentical(ValueError):
    """The escaped text would not parse to the same JSON value (never expected: a refusal to write)."""


def is_invisible(character: str) -> bool:
    return character not in _LAYOUT and unicodedata.category(character) in _INVISIBLE_CATEGORIES


def json_escape(character: str) -> str:
    """The character as JSON writes it escaped: ``\\u202f``; above the BMP, a surrogate pair."""
    code = ord(character)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def raw_invisible(text: str) -> list[str]:
    """The distinct invisible characters ``text`` holds raw, in order of first appearance."""
    found = dict.fromkeys(match.group() for match in _CANDIDATE.finditer(text) if is_invisible(match.group()))
    return list(found)


def escape_invisible(text: str) -> str:
    """``text`` (a JSON document) with each invisible character escaped; the same text if it has none.

    Raises ``NotValueIdentical`` unless the result parses to the very same
    value: same types (``1`` is not ``1.0`` nor ``true``), same strings, same
    keys in the same order, duplicates included.  Raises ``ValueError`` if
    ``text`` is not JSON.
    """
    characters = raw_invisible(text)
    if not characters:
        return text
    escaped = text
    for character in characters:
        # A character outside a string is not valid JSON, and one after a
        # backslash ends an invalid escape: either way the check below refuses.
        escaped = escaped.replace(character, json_escape(character))
    if _exact_value(escaped) != _exact_value(text):
        raise NotValueIdentical("escaping the invisible characters would change the parsed value")
    return escaped


def _exact_value(text: str) -> str:
    """A form of the parsed value that tells apart everything JSON does (``==`` takes 1 for true)."""
    value = json.loads(text, object_pairs_hook=lambda pairs: ("object", pairs))
    return repr(value)
