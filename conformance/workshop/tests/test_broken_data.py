"""An area's ``broken.json``: its rows become the adapters ``with_rules`` and ``with_edition`` make,
in the file's order, and a malformed row is an error naming the file, the adapter and the field.

Every area's real file is read by ``test_broken_adapters.py``, which runs each
adapter; these tests read small files written here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from codex_reference.adapter import Handler, handle
from codex_reference.editions import EDITIONS, V0_25_0, V0_94_0, V0_169_0, Edition
from codex_workshop import broken
from codex_workshop.broken import DATA_FILE, BrokenAdapter, Row, area_adapters

GOOD_ROW: dict[str, Any] = {
    "clause": "MCP-NAME-2",
    "why": "0.25.0 hashes names of 64 bytes too",
    "edition": "0.25.0",
    "rules": "naming_rules",
    "set": {"max_name_bytes": 63},
}
CODE_ROW: Row = ("MCP-ORDER-1", "made in code", handle)


def written(folder: Path, table: Any) -> str:
    """The ``broken.py`` path of an area whose ``broken.json`` holds ``table``."""
    (folder / DATA_FILE).write_text(json.dumps(table), encoding="utf-8")
    return str(folder / "broken.py")


@pytest.fixture
def tables_built(monkeypatch: pytest.MonkeyPatch) -> list[Mapping[str, Edition]]:
    """The edition tables the adapters read are built from, in order (instead of their handlers)."""
    built: list[Mapping[str, Edition]] = []

    def recording(table: Mapping[str, Edition]) -> Handler:
        built.append(table)
        return handle

    monkeypatch.setattr(broken, "make_handler", recording)
    return built


def without(row: dict[str, Any], key: str) -> dict[str, Any]:
    return {name: value for name, value in row.items() if name != key}


def rules_of(edition: Edition, part: str) -> Any:
    return getattr(edition, part)


def with_part(edition: Edition, part: str, **changes: Any) -> Edition:
    """``edition`` with fields of its ``part`` rules replaced: what a row must build."""
    return replace(edition, **{part: replace(rules_of(edition, part), **changes)})


def changed(table: Mapping[str, Edition]) -> dict[str, Edition]:
    return {version: edition for version, edition in table.items() if edition != EDITIONS[version]}


def test_rows_keep_the_files_order_and_code_rows_their_place(tmp_path: Path) -> None:
    table = {"first": GOOD_ROW, "made-in-code": "broken.py", "last": {**GOOD_ROW, "why": "again"}}
    found = area_adapters(written(tmp_path, table), {"made-in-code": CODE_ROW})
    assert [(a.name, a.clause, a.why) for a in found] == [
        ("first", "MCP-NAME-2", "0.25.0 hashes names of 64 bytes too"),
        ("made-in-code", "MCP-ORDER-1", "made in code"),
        ("last", "MCP-NAME-2", "again"),
    ]
    assert found[1] == BrokenAdapter("made-in-code", "MCP-ORDER-1", "made in code", handle)


def test_set_gives_fields_new_values_read_as_the_declared_types(
    tmp_path: Path, tables_built: list[Mapping[str, Edition]]
) -> None:
    rows = {
        "limit": GOOD_ROW,
        # arrays are the tuple and frozenset the rules declare, null is None, 1 a float where one is declared
        "arrays": {**GOOD_ROW, "rules": "request", "set": {"reasoning_prefixes": [""]}},
        "set-of": {**GOOD_ROW, "edition": "0.94.0", "rules": "safety", "set": {"shells": ["bash", "sh"]}},
        "null": {**GOOD_ROW, "edition": "0.94.0", "rules": "chat", "set": {"length_error": None}},
        "float": {**GOOD_ROW, "edition": "0.169.0", "rules": "skills", "set": {"budget_factor": 1}},
        # without rules, the fields are the edition's own
        "edition-field": {
            **without(GOOD_ROW, "rules"),
            "edition": "0.94.0",
            "set": {"list_failure_scope": "all"},
        },
    }
    area_adapters(written(tmp_path, rows))
    assert [changed(table) for table in tables_built] == [
        {"0.25.0": with_part(V0_25_0, "naming_rules", max_name_bytes=63)},
        {"0.25.0": with_part(V0_25_0, "request", reasoning_prefixes=("",))},  # a tuple, not the JSON list
        {"0.94.0": with_part(V0_94_0, "safety", shells=frozenset({"bash", "sh"}))},
        {"0.94.0": with_part(V0_94_0, "chat", length_error=None)},
        {"0.169.0": with_part(V0_169_0, "skills", budget_factor=1.0)},
        {"0.94.0": replace(V0_94_0, list_failure_scope="all")},
    ]
    assert type(rules_of(tables_built[4]["0.169.0"], "skills").budget_factor) is float  # 1 == 1.0


def test_from_takes_each_field_from_the_edition_it_names(
    tmp_path: Path, tables_built: list[Mapping[str, Edition]]
) -> None:
    row = {**without(GOOD_ROW, "set"), "edition": "0.169.0", "rules": "approvals"}
    row["from"] = {"exec_request": "0.94.0", "retry_wanted": "0.25.0"}
    area_adapters(written(tmp_path, {"v1-requests": row}))
    wanted = with_part(
        V0_169_0,
        "approvals",
        exec_request=rules_of(V0_94_0, "approvals").exec_request,
        retry_wanted=rules_of(V0_25_0, "approvals").retry_wanted,  # a function: "from" takes any field
    )
    assert [changed(table) for table in tables_built] == [{"0.169.0": wanted}]


# (the row, what the error says after "<file>: adapter 'bad': ")
MALFORMED_ROWS = {
    "unknown edition": (
        {**GOOD_ROW, "edition": "0.26.0"},
        "edition: unknown edition '0.26.0'; known: 0.25.0",
    ),
    "no edition": (without(GOOD_ROW, "edition"), "edition: unknown edition None"),
    "unknown rule field": (
        {**GOOD_ROW, "set": {"max_name_byte": 63}},
        "field 'max_name_byte': NamingRules has no such field; it has allowed_punctuation",
    ),
    "unknown edition field": (
        {**without(GOOD_ROW, "rules"), "set": {"scope": "all"}},
        "field 'scope': Edition has no such field",
    ),
    "unknown field taken from another edition": (
        {**without(GOOD_ROW, "set"), "from": {"max_name_byte": "0.94.0"}},
        "field 'max_name_byte': NamingRules has no such field",
    ),
    "unknown edition to take a field from": (
        {**without(GOOD_ROW, "set"), "from": {"max_name_bytes": "0.93.0"}},
        "field 'max_name_bytes': unknown edition '0.93.0'",
    ),
    "edition to take a field from without those rules": (
        {
            **without(GOOD_ROW, "set"),
            "rules": "skills",
            "edition": "0.169.0",
            "from": {"budget_factor": "0.94.0"},
        },
        "rules: edition 0.94.0 has no skills rules",
    ),
    "no clause": (without(GOOD_ROW, "clause"), "no clause (a non-empty text)"),
    "empty clause": ({**GOOD_ROW, "clause": " "}, "no clause (a non-empty text)"),
    "no why": (without(GOOD_ROW, "why"), "no why (a non-empty text)"),
    "unknown rules": ({**GOOD_ROW, "rules": "naming"}, "rules: an edition has no rules 'naming'; it has"),
    "rules the edition lacks": ({**GOOD_ROW, "rules": "skills"}, "rules: edition 0.25.0 has no skills rules"),
    "value of another type": (
        {**GOOD_ROW, "set": {"max_name_bytes": "63"}},
        "field 'max_name_bytes': \"63\" is no int",
    ),
    "flag for a number": (
        {**GOOD_ROW, "set": {"max_name_bytes": True}},
        "field 'max_name_bytes': true is no int",
    ),
    "array of the wrong items": (
        {**GOOD_ROW, "rules": "request", "set": {"reasoning_prefixes": [1]}},
        "field 'reasoning_prefixes': [1] is no tuple[str, ...] | None",
    ),
    "value outside a literal": (
        {**without(GOOD_ROW, "rules"), "set": {"list_failure_scope": "some"}},
        "field 'list_failure_scope': \"some\" is no Literal['all', 'server']",
    ),
    "a function's field set from data": (
        {**GOOD_ROW, "edition": "0.94.0", "rules": "approvals", "set": {"retry_wanted": "always"}},
        "field 'retry_wanted': \"always\" is no collections.abc.Callable",
    ),
    "unknown key": ({**GOOD_ROW, "note": "x"}, "unknown key 'note'; a row has clause, why, edition"),
    "both set and from": (
        {**GOOD_ROW, "from": {"prefix": "0.94.0"}},
        'changes its fields by one of "set" (new values) or "from"',
    ),
    "neither set nor from": (
        without(GOOD_ROW, "set"),
        'changes its fields by one of "set" (new values) or "from"',
    ),
    "nothing set": ({**GOOD_ROW, "set": {}}, 'changes its fields by one of "set" (new values) or "from"'),
    "not an object": (["MCP-NAME-2"], 'a row is an object, or "broken.py" for an adapter broken.py makes'),
}


@pytest.mark.parametrize("problem", sorted(MALFORMED_ROWS))
def test_a_malformed_row_is_an_error_naming_the_file_the_adapter_and_the_field(
    problem: str, tmp_path: Path
) -> None:
    row, says = MALFORMED_ROWS[problem]
    module_file = written(tmp_path, {"good": GOOD_ROW, "bad": row})
    with pytest.raises(ValueError, match=re.escape(f"{tmp_path / DATA_FILE}: adapter 'bad': {says}")):
        area_adapters(module_file)


def test_a_code_row_must_be_made_in_code_and_placed_in_the_file(tmp_path: Path) -> None:
    module_file = written(tmp_path, {"good": GOOD_ROW, "made-in-code": "broken.py"})
    with pytest.raises(
        ValueError, match=re.escape("adapter 'made-in-code' is 'broken.py', but broken.py makes no row")
    ):
        area_adapters(module_file)
    # An adapter made in code but not placed would drop out of BROKEN unseen.
    with pytest.raises(
        ValueError, match=re.escape("broken.py makes 'unplaced', which the file does not place")
    ):
        area_adapters(module_file, {"made-in-code": CODE_ROW, "unplaced": CODE_ROW})


def test_a_name_written_twice_or_a_file_that_is_no_table_is_an_error(tmp_path: Path) -> None:
    (tmp_path / DATA_FILE).write_text('{"twice": "broken.py", "twice": "broken.py"}', encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"{tmp_path / DATA_FILE}: 'twice' written twice")):
        area_adapters(str(tmp_path / "broken.py"), {"twice": CODE_ROW})
    (tmp_path / DATA_FILE).write_text('{"open": ', encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"{tmp_path / DATA_FILE}: not JSON")):
        area_adapters(str(tmp_path / "broken.py"))
    with pytest.raises(ValueError, match="holds an object of adapters by name, not list"):
        area_adapters(written(tmp_path, [GOOD_ROW]))
