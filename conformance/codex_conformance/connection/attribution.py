"""Which request a line that cannot be read whole belongs to: its top-level ``id``.

``codex-conformance serve`` answers a request line it cannot accept with a
protocol error carrying the line's id, so the kit gets an answer at once
instead of waiting out its timeout.  When the line does not even decode
(nested too deep, a huge number elsewhere, invalid UTF-8 in another member,
cut short, too long), ``leading_id`` finds the id without parsing the rest:
it walks the top-level object's members in the line's first bytes, skipping
every other value by counting brackets, and reads the ``id`` value alone.
"""

from __future__ import annotations

import json
import re

from codex_conformance.connection.jsonline import decode_line
from codex_conformance.protocol import ProtocolError, is_wire_id

SCANNED_BYTES = 64 * 1024  # the id is looked for in this much of the line (the kit writes it first)

# One token: a string (or the rest of the line if it never closes), a
# structural character, or a bare scalar (number, true, false, null, junk).
_TOKEN = re.compile(
    rb'[ \t\r\n]*(?:(?P<string>"[^"\\]*(?:\\(?:.|\Z)[^"\\]*)*(?:"|\Z))'
    rb"|(?P<mark>[\[\]{}:,])|(?P<bare>[^ \t\r\n\[\]{}:,\"]+))",
    re.DOTALL,
)


def leading_id(raw: bytes) -> int | None:
    """The integer ``id`` member of the JSON object that ``raw`` starts with, or None if none is found."""
    text = raw[:SCANNED_BYTES]
    first = _TOKEN.match(text)
    if first is None or first["mark"] != b"{":
        return None
    position = first.end()
    while True:
        key = _TOKEN.match(text, position)
        if key is None or key["string"] is None or not _closed(key["string"]):
            return None  # "}" (no id at all), or not an object member
        colon = _TOKEN.match(text, key.end())
        if colon is None or colon["mark"] != b":":
            return None
        value = _TOKEN.match(text, colon.end())
        if value is None:
            return None
        if _is_id_key(key["string"]):
            # The id must be a bare value that visibly ends where the member
            # does: one that runs to the end of what was scanned may be cut short.
            after = _TOKEN.match(text, value.end())
            if value["bare"] is None or after is None or after["mark"] not in (b",", b"}"):
                return None
            return _integer(value["bare"])
        value_end = _skip_value(text, value)
        if value_end is None:
            return None
        separator = _TOKEN.match(text, value_end)
        if separator is None or separator["mark"] != b",":
            return None
        position = separator.end()


def _closed(string: bytes) -> bool:
    return len(string) >= 2 and string.endswith(b'"') and not _escaped_end(string)


def _escaped_end(string: bytes) -> bool:
    # '"abc\\"' ends with a quote that a backslash escapes when the run of
    # backslashes before it is odd.
    body = string[1:-1]
    return (len(body) - len(body.rstrip(b"\\"))) % 2 == 1


def _is_id_key(string: bytes) -> bool:
    try:
        return bool(json.loads(string) == "id")
    except ValueError:  # not UTF-8, a bad escape
        return False


def _integer(bare: bytes) -> int | None:
    try:
        value = decode_line(bare)
    except ProtocolError:
        return None
    return value if is_wire_id(value) else None


def _skip_value(text: bytes, value: re.Match[bytes]) -> int | None:
    """Where the value that starts with token ``value`` ends, or None if it does not end in ``text``."""
    if value["mark"] not in (b"[", b"{"):
        return value.end() if value["mark"] is None else None
    depth = 1
    position = value.end()
    while depth:
        token = _TOKEN.match(text, position)
        if token is None:
            return None
        if token["mark"] in (b"[", b"{"):
            depth += 1
        elif token["mark"] in (b"]", b"}"):
            depth -= 1
        position = token.end()
    return position
