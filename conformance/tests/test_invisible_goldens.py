"""Goldens hold no raw invisible character: each is a ``\\uXXXX`` escape, the value the release's.

The workshop's writers escape them (codex_conformance.invisible_json); a
golden written before that, or by hand, is rewritten value-identically by
``python -m codex_workshop.capture.escape_goldens``.
"""

from __future__ import annotations

import json

import pytest

from codex_conformance import invisible_json
from codex_conformance.invisible_json import NotValueIdentical, escape_invisible, raw_invisible
from codex_conformance.paths import fixtures_dir

# One of each kind: narrow no-break space, no-break space, zero-width space and
# joiner, right-to-left override, BOM, soft hyphen, line separator, DEL, a C1
# control, and a format character above the BMP (language tag).
INVISIBLE = "\u202f\u00a0\u200b\u200d\u202e\ufeff\u00ad\u2028\x7f\x85\U000e0001"
VISIBLE = "plain space, tab-free text, é, e\u0301, 日本, \U0001f600, \u2192"


def test_no_committed_golden_holds_a_raw_invisible_character() -> None:
    found = {
        str(path.relative_to(fixtures_dir())): [f"U+{ord(c):04X}" for c in raw_invisible(text)]
        for path in sorted(fixtures_dir().rglob("*.json"))
        if raw_invisible(text := path.read_text(encoding="utf-8"))
    }
    assert found == {}, "run: python -m codex_workshop.capture.escape_goldens"


def test_the_check_finds_each_kind_of_invisible_character() -> None:
    assert raw_invisible(json.dumps({"k": INVISIBLE + VISIBLE}, ensure_ascii=False)) == list(INVISIBLE)
    assert raw_invisible(json.dumps({"k": VISIBLE}, ensure_ascii=False, indent=1)) == []


def test_escaping_writes_each_as_a_json_escape_and_keeps_the_value() -> None:
    value = {"a\u200bkey": [INVISIBLE, VISIBLE, 1, 1.0, True, None, {"z": 1, "a": 2}]}
    text = json.dumps(value, ensure_ascii=False, indent=1)
    escaped = escape_invisible(text)
    assert raw_invisible(escaped) == []
    assert "\\u202f" in escaped and "\\udb40\\udc01" in escaped  # above the BMP: a surrogate pair
    assert VISIBLE in escaped  # visible non-ASCII stays as written
    assert json.loads(escaped) == value
    assert list(json.loads(escaped)["a\u200bkey"][6]) == ["z", "a"]
    assert escape_invisible(escaped) == escaped  # idempotent


def test_text_without_invisible_characters_comes_back_unchanged() -> None:
    text = '{"b": 1.0,  "a": "x"}'
    assert escape_invisible(text) is text


@pytest.mark.parametrize(
    ("one", "other"),
    [("1", "1.0"), ("1", "true"), ('{"a":1,"b":2}', '{"b":2,"a":1}'), ('{"a":1,"a":2}', '{"a":2}')],
)
def test_the_value_check_tells_apart_what_json_does(one: str, other: str) -> None:
    assert invisible_json._exact_value(one) != invisible_json._exact_value(other)


def test_an_escape_that_changed_the_value_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(invisible_json, "json_escape", lambda character: " ")
    with pytest.raises(NotValueIdentical):
        escape_invisible('{"a": "x\u202fy"}')


def test_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(ValueError, match="Expecting"):
        escape_invisible('{"a":\u00a01}')  # a no-break space where JSON allows only its whitespace
