"""Cut values out of JSON text without re-serializing them.

The goldens of ``items.serialize`` are the release's own bytes (key order,
escapes, spacing), so the request body is scanned, not parsed and dumped
again.  Only what serde_json emits needs handling: compact JSON, valid by
construction; whitespace between tokens is skipped all the same.
"""

from __future__ import annotations

from codex_workshop.drive.errors import RawJsonError

_WHITESPACE = " \t\r\n"


def _skip_ws(text: str, index: int) -> int:
    while index < len(text) and text[index] in _WHITESPACE:
        index += 1
    return index


def value_end(text: str, start: int) -> int:
    """The index just past the JSON value that begins at ``start``."""
    if start >= len(text):
        raise RawJsonError("value expected at end of text")
    first = text[start]
    if first == '"':
        index = start + 1
        while index < len(text):
            char = text[index]
            if char == "\\":
                index += 2
            elif char == '"':
                return index + 1
            else:
                index += 1
        raise RawJsonError("unterminated string")
    if first in "{[":
        depth = 0
        index = start
        while index < len(text):
            char = text[index]
            if char == '"':
                index = value_end(text, index)
                continue
            if char in "{[":
                depth += 1
            elif char in "}]":
                depth -= 1
                if depth == 0:
                    return index + 1
            index += 1
        raise RawJsonError("unterminated container")
    index = start
    while index < len(text) and text[index] not in ",}]" + _WHITESPACE:
        index += 1
    if index == start:
        raise RawJsonError(f"unexpected {first!r} at {start}")
    return index


def member_value(text: str, key: str) -> tuple[int, int]:
    """(start, end) of the value of top-level member ``key`` of the object ``text``."""
    index = _skip_ws(text, 0)
    if not text.startswith("{", index):
        raise RawJsonError("not an object")
    index = _skip_ws(text, index + 1)
    while index < len(text) and text[index] != "}":
        key_end = value_end(text, index)
        name = text[index + 1 : key_end - 1]
        index = _skip_ws(text, key_end)
        if text[index] != ":":
            raise RawJsonError(f"':' expected at {index}")
        start = _skip_ws(text, index + 1)
        end = value_end(text, start)
        if name == key:
            return start, end
        index = _skip_ws(text, end)
        if index < len(text) and text[index] == ",":
            index = _skip_ws(text, index + 1)
    raise RawJsonError(f"no member {key!r}")


def array_elements(text: str) -> list[str]:
    """The exact text of each element of the JSON array ``text``."""
    index = _skip_ws(text, 0)
    if not text.startswith("[", index):
        raise RawJsonError("not an array")
    index = _skip_ws(text, index + 1)
    elements: list[str] = []
    while index < len(text) and text[index] != "]":
        end = value_end(text, index)
        elements.append(text[index:end])
        index = _skip_ws(text, end)
        if index < len(text) and text[index] == ",":
            index = _skip_ws(text, index + 1)
    return elements
