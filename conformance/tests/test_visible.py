"""Diffs and summaries show invisible and look-alike characters escaped."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codex_conformance.compare import compare, text_lines
from codex_conformance.visible import visible

# Generated inputs are cheap but a loaded CI machine is slow: no deadline, no slowness check,
# the same examples every run.
LOADED_MACHINE = settings(
    deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True, database=None
)


def test_a_no_break_space_shows_in_a_text_diff() -> None:
    mismatch = compare("text-exact", {"stdout": "a b\n"}, {"stdout": "a\u00a0b\n"})
    assert mismatch is not None
    assert "-a b" in mismatch.diff.splitlines()
    assert "+a\\u00a0b" in mismatch.diff.splitlines()


def test_a_zero_width_space_shows_in_a_json_diff_and_its_summary() -> None:
    mismatch = compare("json-exact", {"name": "tool"}, {"name": "to\u200bol"})
    assert mismatch is not None
    assert '"to\\u200bol"' in mismatch.summary
    assert '+  "name": "to\\u200bol"' in mismatch.diff.splitlines()


def test_a_cyrillic_look_alike_shows_escaped() -> None:
    mismatch = compare("json-exact", {"name": "fo"}, {"name": "f\u043e"})
    assert mismatch is not None
    assert '+  "name": "f\\u043e"' in mismatch.diff.splitlines()


def test_a_line_separator_stays_on_its_line() -> None:
    # str.splitlines would cut the line at U+2028 and the character would vanish.
    mismatch = compare("text-exact", {"stdout": "a\n"}, {"stdout": "a\u2028b\n"})
    assert mismatch is not None
    assert "+a\\u2028b" in mismatch.diff.splitlines()
    assert text_lines("a\u2028b\nc") == ["a\u2028b\n", "c"]


def test_tabs_and_carriage_returns_have_short_escapes() -> None:
    assert visible("a\tb\r\n") == "a\\tb\\r\n"


def test_readable_text_is_left_as_it_is() -> None:
    for text in ("plain ASCII", "café", "中文", "emoji 😀", "naïve Ωmega"):
        assert visible(text) == text


def test_compatibility_forms_of_ascii_are_escaped() -> None:
    assert visible("\uff21\ufb01\u00b2") == "\\uff21\\ufb01\\u00b2"
    assert visible("\U000e0041") == "\\U000e0041"  # a tag character: invisible


@LOADED_MACHINE
@given(st.text(alphabet=st.characters(blacklist_characters="\\", blacklist_categories=["Cs"])), st.data())
def test_two_different_texts_never_look_the_same(first: str, data: st.DataObject) -> None:
    # Without backslashes in the input an escape cannot be confused with text,
    # so escaping is one-to-one: different texts print differently.
    second = data.draw(
        st.text(alphabet=st.characters(blacklist_characters="\\", blacklist_categories=["Cs"]))
    )
    if first != second:
        assert visible(first) != visible(second)
