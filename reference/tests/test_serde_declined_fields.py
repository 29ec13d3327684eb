"""A declined field whose type is known (rustlib/serde_json.py, Shape.declined): its value is
read, so a wrong type is serde's error, and a parse that succeeds is declined, after any error
serde would give later (spec/dispatch.md DISPATCH-ARGS-1; captured for 0.25.0's exec_command:
serde-array-exec-command-*, exec-command-yield-time-string, exec-command-login-string).

The captured cases pin the errors; only the decline, which no case can hold, is checked here.
"""

from __future__ import annotations

import pytest

from codex_reference.errors import NotModelled
from codex_reference.rustlib.serde_json import SerdeError, Shape, from_str

_PARAMS = Shape(
    "struct",
    "struct Params",
    fields=(("cmd", Shape("string", "a string")), ("wait_ms", Shape("u64")), ("login", Shape("bool"))),
    required=frozenset({"cmd"}),
    defaulted=frozenset({"wait_ms", "login"}),
    declined=frozenset({"wait_ms", "login", "not_in_this_build"}),
    field_count=3,
)


@pytest.mark.parametrize("text", ['{"cmd": "ls"}', '["ls"]'])
def test_a_parse_without_the_declined_fields_is_answered(text: str) -> None:
    assert from_str(text, _PARAMS) == {"cmd": "ls"}


@pytest.mark.parametrize("text", ['{"cmd": "ls", "wait_ms": 5}', '["ls", 5]', '["ls", 5, true]'])
def test_a_parse_that_reads_a_declined_field_is_declined(text: str) -> None:
    with pytest.raises(NotModelled, match="wait_ms"):
        from_str(text, _PARAMS)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"cmd": "ls", "wait_ms": "soon"}', 'invalid type: string "soon", expected u64'),
        ('["ls", 5, "yes"]', 'invalid type: string "yes", expected a boolean'),
        ('{"wait_ms": 5}', "missing field `cmd`"),
        ('["ls", 5] x', "trailing characters"),
        ('["ls", 5, true, 1]', "trailing characters"),
    ],
)
def test_serdes_own_error_wins_over_the_decline(text: str, message: str) -> None:
    with pytest.raises(SerdeError, match=message):
        from_str(text, _PARAMS)


def test_a_declined_key_that_is_no_field_is_declined_where_it_stands() -> None:
    # Its type is not known, so even a later type error cannot be told.
    with pytest.raises(NotModelled, match="not_in_this_build"):
        from_str('{"not_in_this_build": 1, "wait_ms": "x"}', _PARAMS)
