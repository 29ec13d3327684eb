"""The fixture writer escapes invisible characters; escape_goldens rewrites old goldens, values kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from demo_cases import demo_case

from codex_conformance import invisible_json
from codex_conformance.cases import Case, FixtureFile, load_fixture_file
from codex_workshop.capture import escape_goldens
from codex_workshop.capture.escape_goldens import Refused, escape_tree, main
from codex_workshop.capture.fixture_writer import write_fixture

TEXT = "total\u202f3\u200b \u202eabc\u2028"


def case(output: str) -> Case:
    return demo_case("invisible", {"text": output}, {"value": output})


def test_the_fixture_writer_escapes_invisible_characters_and_the_value_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "captured-0.25.0.json"
    fixture = FixtureFile(area="demo", cases=[case(TEXT)])
    write_fixture(path, fixture)
    text = path.read_text(encoding="utf-8")
    assert invisible_json.raw_invisible(text) == []
    assert "total\\u202f3\\u200b \\u202eabc\\u2028" in text
    assert load_fixture_file(path) == fixture


def raw_golden(directory: Path, name: str, value: str) -> Path:
    path = directory / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"v": value}, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def test_the_rewrite_escapes_only_files_that_need_it_and_is_idempotent(tmp_path: Path) -> None:
    needs = raw_golden(tmp_path, "area/captured-0.25.0.json", TEXT)
    clean = raw_golden(tmp_path, "area/_scenarios.json", "caf\u00e9 \U0001f600")
    clean_bytes = clean.read_bytes()
    before = json.loads(needs.read_text(encoding="utf-8"))

    [done] = escape_tree(tmp_path)
    assert done.path == needs and done.characters == ["\u202f", "\u200b", "\u202e", "\u2028"]
    assert invisible_json.raw_invisible(needs.read_text(encoding="utf-8")) == []
    assert json.loads(needs.read_text(encoding="utf-8")) == before
    assert clean.read_bytes() == clean_bytes
    assert escape_tree(tmp_path) == []  # run again: nothing to do


def test_a_rewrite_that_would_change_the_value_is_refused_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = raw_golden(tmp_path, "captured-0.25.0.json", TEXT)
    original = path.read_bytes()
    monkeypatch.setattr(invisible_json, "json_escape", lambda character: "?")
    with pytest.raises(Refused, match="would change the parsed value"):
        escape_tree(tmp_path)
    assert path.read_bytes() == original


def test_a_file_that_is_not_json_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"v": "x\u202f"', encoding="utf-8")
    assert main([str(tmp_path)]) == 1
    assert f"{path}: not JSON" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == '{"v": "x\u202f"'


def test_the_command_names_what_it_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = raw_golden(tmp_path, "captured-0.25.0.json", "a\u00a0b")
    assert main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"{path}: escaped U+00A0 (parsed value identical)" in out
    assert main([str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("0 file(s) rewritten")
    assert main([str(tmp_path / "missing")]) == 2


def test_the_default_directory_is_the_checkouts_fixtures(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(escape_goldens, "fixtures_dir", lambda: tmp_path)
    raw_golden(tmp_path, "x.json", "a\u200bb")
    assert main([]) == 0
    assert invisible_json.raw_invisible((tmp_path / "x.json").read_text(encoding="utf-8")) == []


def test_a_link_is_never_written_through_and_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = raw_golden(tmp_path / "elsewhere", "target.json", TEXT)
    outside_bytes = outside.read_bytes()
    tree = tmp_path / "fixtures"
    tree.mkdir()
    (tree / "linked.json").symlink_to(outside)
    assert main([str(tree)]) == 0
    assert outside.read_bytes() == outside_bytes  # nothing written outside the tree it was given
    assert f"{tree / 'linked.json'}: left alone: a link" in capsys.readouterr().out
