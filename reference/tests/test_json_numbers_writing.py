"""json_numbers.dumps: the standard library's encoder walks, each number is written by the edition.

The writer hands the walk to the json package's C encoder (issue #31: a walk
in Python took seconds on the millions of values a server's answer can
hold). These pin that the text is the one a walk by the definition gives:
keys and strings as serde_json writes them, each number by the writer it
was given and never mistaken for a string of the same text.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable

import pytest

from codex_reference.json_types import JSON
from codex_reference.mcp_output import json_numbers
from codex_reference.rustlib.serde_json_write import json_string

TEXT = (
    '{"n": 1E400, "s": "1E400", "list": [0, "0", -0, 1.50, 2e-7, true, null, [], {}],'
    ' "esc": "a\\"b\\\\c\\u0001\\u007f\\u2028\\n", "0": {"k": [12345678901234567890123, "x"]}}'
)


def _by_definition(value: JSON, number: Callable[[json_numbers.Number], str]) -> str:
    """The compact JSON text, walked in Python straight from the format's definition."""
    if isinstance(value, json_numbers.Number):
        return number(value)
    if isinstance(value, str):
        return json_string(value)
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ",".join(_by_definition(item, number) for item in value) + "]"
    assert isinstance(value, dict)
    return "{" + ",".join(json_string(k) + ":" + _by_definition(v, number) for k, v in value.items()) + "}"


WRITERS = [json_numbers.kept_text, json_numbers.serde_f64]


@pytest.mark.parametrize("number", WRITERS, ids=["kept_text", "serde_f64"])
def test_the_encoder_writes_the_text_a_walk_by_definition_writes(
    number: Callable[[json_numbers.Number], str],
) -> None:
    value = json_numbers.loads(TEXT.replace("1E400", "1E30"))
    assert json_numbers.dumps(value, number) == _by_definition(value, number)


def test_a_number_and_a_string_of_the_same_text_are_told_apart() -> None:
    value = json_numbers.loads('["7", 7, {"7": 7e0}]')
    assert json_numbers.dumps(value, json_numbers.serde_f64) == '["7",7,{"7":7.0}]'
    assert json_numbers.dumps(value, json_numbers.kept_text) == '["7",7,{"7":7e+0}]'


def test_a_number_past_f64_still_raises_out_of_the_encoder() -> None:
    with pytest.raises(json_numbers.NumberOutOfRange):
        json_numbers.dumps(json_numbers.loads(TEXT), json_numbers.serde_f64)


def test_the_python_walk_writes_what_the_c_encoder_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    # Where the json package has no C accelerator, its walk in Python serves.
    value = json_numbers.loads(TEXT.replace("1E400", "1E30"))
    with_c = json_numbers.dumps(value, json_numbers.serde_f64)
    monkeypatch.setattr(json.encoder, "c_make_encoder", None)
    assert json_numbers.dumps(value, json_numbers.serde_f64) == with_c


def test_a_value_that_is_not_json_is_refused() -> None:
    with pytest.raises(TypeError, match="not JSON"):
        json_numbers.dumps([object()], json_numbers.kept_text)
