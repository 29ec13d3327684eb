"""serde_json's private number token in an event, where the release parses with arbitrary_precision.

With arbitrary_precision (0.169.0 on), serde_json writes a number as a map of
one member, ``{"$serde_json::private::Number": "<digits>"}``, and reads such a
map back as that number wherever it parses a JSON value: a map whose first key
is the token is read as the number its string spells, so a gateway that sends
that map sends the number (captured: the sse scenarios
tool-search-call-client-arguments-limit-private-number, whose recorded call
shows ``"limit": 3``, and usage-array-six-private-number).  A string that is no
number fails the event's parse, so the event is skipped like any event that is
no JSON (SSE-JSON-1; captured: ...-limit-private-number-bad).
"""

from __future__ import annotations

import re

from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON

TOKEN = "$serde_json::private::Number"
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
# A first character no JSON number can start with: the parse fails at once.
_NO_NUMBER_START = re.compile(r"[^-0-9]")


class Unparsed(Exception):
    """The event's data does not parse: the release skips the event."""


def numbers_read(value: JSON) -> JSON:
    """``value`` with every token map replaced by its number; Unparsed where one holds no number."""
    if isinstance(value, list):
        return [numbers_read(element) for element in value]
    if not isinstance(value, dict):
        return value
    if value and next(iter(value)) == TOKEN:
        return _token_number(value)
    return {key: numbers_read(member) for key, member in value.items()}


def _token_number(value: dict[str, JSON]) -> int:
    spelled = value[TOKEN]
    if len(value) == 1 and isinstance(spelled, str):
        if _INTEGER.fullmatch(spelled):
            return int(spelled)
        if _NO_NUMBER_START.match(spelled):
            raise Unparsed(spelled)
    # More members after the token, a value other than a string, or a number
    # other than an integer (kept in the release as it was spelled).
    raise NotModelled("this form of serde_json's private number token is not captured")
