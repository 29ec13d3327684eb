"""A client tool_search_call the release runs while reading the stream (SSE-ITEM-7, 0.169.0).

The release reads the call's ``arguments`` (a JSON value) into
``SearchToolCallParams``: ``query``, a string, and ``limit``, an optional
usize; other members are ignored; an array is read by position.  Numbers are read with serde_json's
arbitrary_precision, so a number that is no usize is ``invalid number``.
Where they do not read it records a ``function_call_output`` of its own,
``call_id`` empty, right after the call.  Captured: the sse scenarios
tool-search-call-client-arguments-*.
"""

from __future__ import annotations

from codex_reference.json_types import JSON
from codex_reference.sse.item_forms import ZERO_UUID
from codex_reference.sse.usage_serde import unexpected

_PREFIX = "failed to parse tool_search arguments: "
_U64_END = 2**64


def _limit_problem(limit: JSON) -> str | None:
    if limit is None:
        return None
    if isinstance(limit, (int, float)) and not isinstance(limit, bool):
        ok = isinstance(limit, int) and 0 <= limit < _U64_END
        return None if ok else "invalid number"
    # A map is the wrong type; serde_json's number map never gets here, the
    # event's parse made it a number (number_token.py; captured:
    # tool-search-call-client-arguments-limit-object, -object-empty).
    return f"invalid type: {unexpected(limit, True)}, expected usize"


def _query_problem(query: JSON) -> str | None:
    return None if isinstance(query, str) else f"invalid type: {unexpected(query, True)}, expected a string"


def _from_seq(arguments: list[JSON]) -> str | None:
    """The struct read by position: the query, then the limit, which has a serde
    default; a third element is too many (captured: tool-search-call-client-arguments-array-*)."""
    if not arguments:
        return "invalid length 0, expected struct SearchToolCallParams with 2 elements"
    problem = _query_problem(arguments[0])
    if problem is None and len(arguments) > 1:
        problem = _limit_problem(arguments[1])
    if problem is None and len(arguments) > len(("query", "limit")):
        problem = f"invalid length {len(arguments)}, expected fewer elements in array"
    return problem


def arguments_problem(arguments: JSON) -> str | None:
    """serde's message for the arguments, or None where they read."""
    if isinstance(arguments, list):
        return _from_seq(arguments)
    if not isinstance(arguments, dict):
        return f"invalid type: {unexpected(arguments, True)}, expected struct SearchToolCallParams"
    for key, value in arguments.items():
        problem = (
            _query_problem(value) if key == "query" else _limit_problem(value) if key == "limit" else None
        )
        if problem is not None:
            return problem
    return None if "query" in arguments else "missing field `query`"


def failed_answer(item: dict[str, JSON]) -> dict[str, JSON] | None:
    """The output the release records for a recorded client tool_search_call whose
    arguments do not read; None where they read (its answer is then the search's,
    which answers the call and is not shown: item_forms.without_call_answers)."""
    if item.get("type") != "tool_search_call" or item.get("execution") != "client":
        return None
    if not isinstance(item.get("call_id"), str):
        # No output is shown for a call without a call_id, absent or null (captured:
        # tool-search-call-client-no-call-id-arguments-null-no-completed, -null-call-id-arguments-string-).
        return None
    problem = arguments_problem(item.get("arguments"))
    if problem is None:
        return None
    return {
        "type": "function_call_output",
        "id": f"fco_{ZERO_UUID}",
        "call_id": "",
        "output": _PREFIX + problem,
    }
