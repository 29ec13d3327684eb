from __future__ import annotations

import pytest

from codex_conformance.compare import (
    COMPARATORS,
    MAX_DIFF_LINES,
    MAX_NESTING,
    InvalidPattern,
    NestingTooDeep,
    compare,
    invalid_patterns,
    nesting_depth,
)


def test_json_exact_accepts_identical_values() -> None:
    assert compare("json-exact", {"a": [1, {"b": "é"}]}, {"a": [1, {"b": "é"}]}) is None


@pytest.mark.parametrize(
    ("expected", "actual", "summary"),
    [
        ({"n": 1}, {"n": 1.0}, "$.n: expected 1 got 1.0"),
        ({"n": 1}, {"n": True}, "$.n: expected 1 got true"),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}, '$: key order differs: expected ["a", "b"] got ["b", "a"]'),
        (
            {"tools": [{"name": "a__b"}]},
            {"tools": [{"name": "a__c"}]},
            '$.tools[0].name: expected "a__b" got "a__c"',
        ),
        ({"a": 1}, {}, '$: missing key "a"'),
        ({}, {"a": 1}, '$: unexpected key "a"'),
        ({"l": [1, 2]}, {"l": [1]}, "$.l: expected 2 items got 1"),
        ({"odd key": 1}, {"odd key": 2}, '$["odd key"]: expected 1 got 2'),
    ],
)
def test_json_exact_names_the_first_difference(
    expected: dict[str, object], actual: dict[str, object], summary: str
) -> None:
    mismatch = compare("json-exact", expected, actual)
    assert mismatch is not None
    assert mismatch.summary == summary


def test_json_exact_diff_is_pretty_printed_in_wire_order() -> None:
    mismatch = compare("json-exact", {"b": 1, "a": 2}, {"b": 1, "a": 3})
    assert mismatch is not None
    assert mismatch.diff.splitlines() == [
        "--- expected",
        "+++ actual",
        "@@ -1,4 +1,4 @@",
        " {",
        '   "b": 1,',
        '-  "a": 2',
        '+  "a": 3',
        " }",
    ]


def test_huge_diffs_are_capped() -> None:
    mismatch = compare("json-exact", {"l": list(range(1000))}, {"l": [n * 2 + 1 for n in range(1000)]})
    assert mismatch is not None
    lines = mismatch.diff.splitlines()
    assert len(lines) == MAX_DIFF_LINES + 1
    assert lines[-1].endswith("more diff lines not shown)")


def test_json_unordered_ignores_key_order_but_not_list_order_or_types() -> None:
    assert compare("json-unordered", {"a": 1, "b": {"c": 1, "d": 2}}, {"b": {"d": 2, "c": 1}, "a": 1}) is None
    assert compare("json-unordered", {"l": [1, 2]}, {"l": [2, 1]}) is not None
    assert compare("json-unordered", {"a": 1}, {"a": 1.0}) is not None


def test_json_pattern_checks_the_form_of_volatile_values() -> None:
    expected = {"id": {"$pattern": "call_[0-9]+"}, "name": "x"}
    assert compare("json-pattern", expected, {"id": "call_42", "name": "x"}) is None
    wrong_form = compare("json-pattern", expected, {"id": "call_4x", "name": "x"})
    assert wrong_form is not None
    assert wrong_form.summary == '$.id: expected a string matching /call_[0-9]+/ got "call_4x"'
    not_a_string = compare("json-pattern", expected, {"id": 42, "name": "x"})
    assert not_a_string is not None
    # Key order still matters, as in json-exact.
    assert compare("json-pattern", expected, {"name": "x", "id": "call_1"}) is not None


def test_json_pattern_diff_hides_values_that_matched() -> None:
    mismatch = compare("json-pattern", {"id": {"$pattern": "c_[0-9]"}, "n": 1}, {"id": "c_1", "n": 2})
    assert mismatch is not None
    assert "$pattern" not in mismatch.diff
    assert '-  "n": 1' in mismatch.diff


def test_json_subset_compares_only_the_named_keys() -> None:
    expected = {"tools": [{"name": "a"}, {"name": "b"}]}
    full = {"tools": [{"type": "function", "name": "a", "strict": False}, {"name": "b", "x": 1}]}
    assert compare("json-subset", expected, full) is None
    renamed = compare("json-subset", expected, {"tools": [{"name": "a"}, {"name": "c"}]})
    assert renamed is not None
    assert renamed.summary == '$.tools[1].name: expected "b" got "c"'
    assert '-      "name": "b"' in renamed.diff
    # A list must have exactly the asserted items, and a named key must be present.
    assert compare("json-subset", expected, {"tools": [{"name": "a"}]}) is not None
    missing = compare("json-subset", expected, {"tools": [{"name": "a"}, {"other": "b"}]})
    assert missing is not None
    assert missing.summary == '$.tools[1]: missing key "name"'
    # Types still count: 1 is not 1.0.
    assert compare("json-subset", {"n": 1}, {"n": 1.0, "m": 2}) is not None


def test_json_subset_matches_patterns() -> None:
    expected = {"next_cursor": {"$pattern": "[^:]*:2(:.*)?"}}
    assert compare("json-subset", expected, {"next_cursor": "ab:2:320", "skills": []}) is None
    wrong = compare("json-subset", expected, {"next_cursor": "ab:3:320"})
    assert wrong is not None
    assert wrong.summary.startswith("$.next_cursor: expected a string matching")
    assert compare("json-subset", expected, {"next_cursor": None}) is not None


def test_json_fields_compares_named_fields_whole() -> None:
    expected = {"files": {"a.txt": "x\n"}}
    full = {"exit_code": 0, "stdout": "ok", "files": {"a.txt": "x\n"}}
    assert compare("json-fields", expected, full) is None
    # An extra file inside a named field is a difference (unlike json-subset).
    extra = compare("json-fields", expected, {"files": {"a.txt": "x\n", "b.txt": ""}})
    assert extra is not None
    assert extra.summary == '$.files: unexpected key "b.txt"'
    missing = compare("json-fields", expected, {"stdout": "ok"})
    assert missing is not None
    assert missing.summary == '$: missing key "files"'


def test_text_exact_compares_strings_byte_for_byte() -> None:
    assert compare("text-exact", {"text": "a\nb\n"}, {"text": "a\nb\n"}) is None
    mismatch = compare("text-exact", {"text": "a\nb\n"}, {"text": "a\nb"})
    assert mismatch is not None
    assert mismatch.summary.startswith("$.text: texts differ from line 2")
    assert "+b  [no newline at end]" in mismatch.diff
    crlf = compare("text-exact", {"text": "a\n"}, {"text": "a\r\n"})
    assert crlf is not None
    assert "+a\\r" in crlf.diff


def test_text_exact_rejects_a_non_string_value() -> None:
    mismatch = compare("text-exact", {"text": "1"}, {"text": 1})
    assert mismatch is not None
    assert mismatch.summary == '$.text: expected "1" got 1'


def test_every_mode_of_the_case_format_has_a_comparator() -> None:
    from typing import get_args

    from codex_conformance.cases import CompareMode

    assert set(COMPARATORS) == set(get_args(CompareMode))
    with pytest.raises(ValueError, match="unknown comparison mode"):
        compare("bytes", {}, {})


def nested(depth: int, leaf: object = 0) -> object:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def test_nesting_depth_counts_levels_without_recursing() -> None:
    assert nesting_depth(1) == 0
    assert nesting_depth({"a": [1, {"b": []}]}) == 4
    assert nesting_depth(nested(100_000)) == 100_000


@pytest.mark.parametrize("mode", sorted(COMPARATORS))
def test_a_result_nested_100000_deep_is_refused_naming_its_depth(mode: str) -> None:
    with pytest.raises(
        NestingTooDeep, match=f"the result is nested 100001 levels deep; .* at most {MAX_NESTING}"
    ):
        compare(mode, {"v": 1}, {"v": nested(100_000)})


@pytest.mark.parametrize("mode", sorted(COMPARATORS))
def test_every_mode_compares_values_at_the_nesting_limit(mode: str) -> None:
    # The limit is below what the recursive comparators and diffs can handle,
    # even from inside a deep call stack (pytester runs, say).
    depth = MAX_NESTING - 1  # plus the top-level object
    expected = {"v": nested(depth, "a")}

    def from_deep_stack(levels: int) -> object:
        return (
            compare(mode, expected, {"v": nested(depth, "b")}) if levels == 0 else from_deep_stack(levels - 1)
        )

    assert from_deep_stack(300) is not None


@pytest.mark.parametrize("mode", ["json-pattern", "json-subset"])
def test_an_invalid_pattern_is_a_fixture_error_naming_it(mode: str) -> None:
    with pytest.raises(InvalidPattern, match=r"invalid \$pattern 'call_\(' at \$\.ids\[1\]: missing \)"):
        compare(mode, {"ids": ["x", {"$pattern": "call_("}]}, {"ids": ["x", "call_1"]})


def test_an_invalid_pattern_is_a_literal_where_patterns_do_not_apply() -> None:
    expected = {"id": {"$pattern": "call_("}}
    assert compare("json-exact", expected, {"id": {"$pattern": "call_("}}) is None


def test_invalid_patterns_lists_each_with_its_path() -> None:
    expected = {
        "a": {"$pattern": "("},
        "b": [{"c": {"$pattern": "ok"}}, {"$pattern": 5}],
        "odd key": {"$pattern": "["},
    }
    assert invalid_patterns(expected) == [
        "invalid $pattern '(' at $.a: missing ), unterminated subpattern at position 0",
        "$pattern at $.b[1] is not a string: 5",
        "invalid $pattern '[' at $[\"odd key\"]: unterminated character set at position 0",
    ]
