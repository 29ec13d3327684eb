"""``codex-conformance fixtures lint`` catches each kind of broken fixture or spec."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import DEMO_FIXTURES, DEMO_SPEC

from codex_conformance.cli import main
from codex_conformance.lint import lint


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path]:
    fixtures, spec = tmp_path / "fixtures", tmp_path / "spec"
    shutil.copytree(DEMO_FIXTURES, fixtures)
    shutil.copytree(DEMO_SPEC, spec)
    return fixtures, spec


def edit_cases(fixtures: Path, change: Callable[[dict[str, Any]], object]) -> None:
    path = fixtures / "demo" / "echo.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def problems(tree: tuple[Path, Path]) -> list[str]:
    return [str(problem) for problem in lint(*tree)]


def test_the_demo_fixtures_are_clean(tree: tuple[Path, Path]) -> None:
    assert problems(tree) == []


def test_duplicate_case_id(tree: tuple[Path, Path]) -> None:
    edit_cases(tree[0], lambda data: data["cases"].append(dict(data["cases"][0])))
    assert problems(tree) == [
        "demo/echo.json: demo/0.25.0/echo-key-order: duplicate case id (first in demo/echo.json)"
    ]


def test_unknown_clause(tree: tuple[Path, Path]) -> None:
    edit_cases(tree[0], lambda data: data["cases"][0]["clauses"].append("DEMO-NOPE-9"))
    assert problems(tree) == [
        "demo/echo.json: demo/0.25.0/echo-key-order: clause DEMO-NOPE-9 is not declared in spec/"
    ]


def test_clause_without_a_case(tree: tuple[Path, Path]) -> None:
    with (tree[1] / "demo.md").open("a", encoding="utf-8") as spec:
        spec.write("\n### `DEMO-LONELY-1` nobody tests this\n")
    assert problems(tree) == ["demo.md:23: clause DEMO-LONELY-1 has no case"]


def test_a_heading_inside_a_fenced_block_declares_nothing(tree: tuple[Path, Path]) -> None:
    # An example of the heading syntax is text (as export reads it), not a clause wanting a case;
    # the heading after the fence closes still is one.
    with (tree[1] / "demo.md").open("a", encoding="utf-8") as spec:
        spec.write("\n```md\n### `DEMO-SHOWN-1` an example\n```\n\n### `DEMO-LONELY-1` after it\n")
    edit_cases(tree[0], lambda data: data["cases"][0]["clauses"].append("DEMO-SHOWN-1"))
    assert problems(tree) == [
        "demo/echo.json: demo/0.25.0/echo-key-order: clause DEMO-SHOWN-1 is not declared in spec/",
        "demo.md:27: clause DEMO-LONELY-1 has no case",
    ]


def test_a_clause_of_the_property_checks_needs_no_case(tree: tuple[Path, Path]) -> None:
    (tree[1] / "properties.md").write_text("### `PROP-DEMO-1` shown by property checks\n", encoding="utf-8")
    assert problems(tree) == []


def test_a_clause_waiting_for_explored_cases_needs_no_case(tree: tuple[Path, Path]) -> None:
    (tree[1] / "explored.md").write_text("### `DEMO-EXPLORE-1` found by explore\n", encoding="utf-8")
    assert problems(tree) == []


def test_invalid_file(tree: tuple[Path, Path]) -> None:
    edit_cases(tree[0], lambda data: data["cases"][0].pop("provenance"))
    found = problems(tree)
    assert len(found) == 1
    assert found[0].startswith("demo/echo.json: schema: at cases/0: 'provenance' is a required property")


def test_file_that_is_not_json(tree: tuple[Path, Path]) -> None:
    (tree[0] / "demo" / "broken.json").write_text("{", encoding="utf-8")
    assert problems(tree)[0].startswith("demo/broken.json: not readable JSON")


def test_id_area_and_edition_must_match(tree: tuple[Path, Path]) -> None:
    def change(data: dict[str, Any]) -> None:
        data["cases"][0]["id"] = "other/0.169.0/echo-key-order"

    edit_cases(tree[0], change)
    assert problems(tree) == [
        "demo/echo.json: other/0.169.0/echo-key-order: id does not begin with its area 'demo'/",
        "demo/echo.json: other/0.169.0/echo-key-order: "
        "id names edition 0.169.0 but the case's edition is 0.25.0",
    ]


def test_unknown_edition(tree: tuple[Path, Path]) -> None:
    def change(data: dict[str, Any]) -> None:
        data["cases"][0]["id"] = "demo/1.2.3/echo-key-order"
        data["cases"][0]["edition"] = "1.2.3"

    edit_cases(tree[0], change)
    assert problems(tree) == [
        "demo/echo.json: demo/1.2.3/echo-key-order: unknown edition '1.2.3'; "
        "known editions: 0.25.0, 0.94.0, 0.169.0, 0.171.0"
    ]


def test_cli_lint_exit_codes(tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    fixtures, spec = tree
    assert main(["fixtures", "lint", f"--fixtures-dir={fixtures}", f"--spec-dir={spec}"]) == 0
    edit_cases(fixtures, lambda data: data["cases"].append(dict(data["cases"][0])))
    assert main(["fixtures", "lint", f"--fixtures-dir={fixtures}", f"--spec-dir={spec}"]) == 1
    assert "duplicate case id" in capsys.readouterr().out
    assert main(["fixtures", "lint", "--fixtures-dir=/nowhere", f"--spec-dir={spec}"]) == 2
    assert capsys.readouterr().err == "codex-conformance: error: fixtures directory /nowhere does not exist\n"


def test_any_of_listing_one_result_twice(tree: tuple[Path, Path]) -> None:
    def twice(data: dict[str, Any]) -> None:
        result = data["cases"][0]["expected"]["result"]
        data["cases"][0]["expected"] = {"any_of": [{"result": result}, {"result": dict(result)}]}

    edit_cases(tree[0], twice)
    assert problems(tree) == [
        "demo/echo.json: demo/0.25.0/echo-key-order: any_of lists the same result twice"
    ]


def set_stamp_pattern(fixtures: Path, pattern: str, compare: str = "json-pattern") -> None:
    path = fixtures / "demo" / "misc.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["cases"][0]["expected"]["result"]["call_id"] = {"$pattern": pattern}
    data["cases"][0]["compare"] = compare
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("compare", ["json-pattern", "json-subset"])
def test_invalid_pattern(tree: tuple[Path, Path], compare: str) -> None:
    set_stamp_pattern(tree[0], "call_(", compare)
    assert problems(tree) == [
        "demo/misc.json: demo/0.169.0/stamp-call-id: "
        "invalid $pattern 'call_(' at $.call_id: missing ), unterminated subpattern at position 5"
    ]


def test_a_pattern_is_a_literal_in_other_modes(tree: tuple[Path, Path]) -> None:
    set_stamp_pattern(tree[0], "call_(", "json-exact")
    assert problems(tree) == []


def write_misc(fixtures: Path, text: str) -> None:
    (fixtures / "demo" / "misc.json").write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 100_000 + "]" * 100_000, "not readable JSON: nested too deep to parse"),
        ('{"format": ' + "9" * 5000 + "}", "not readable JSON: Exceeds the limit (4300 digits)"),
        ('{"format": NaN}', "not readable JSON: NaN is not JSON"),
    ],
)
def test_a_file_the_kit_cannot_read_is_one_problem(tree: tuple[Path, Path], text: str, problem: str) -> None:
    write_misc(tree[0], text)
    found = problems(tree)
    assert len(found) == 1
    assert found[0].startswith(f"demo/misc.json: {problem}")


def test_a_case_nested_too_deep(tree: tuple[Path, Path]) -> None:
    def deep(data: dict[str, Any]) -> None:
        data["cases"][0]["args"]["value"] = json.loads("[" * 150 + "]" * 150)

    edit_cases(tree[0], deep)
    assert problems(tree) == [
        "demo/echo.json: case 0 (demo/0.25.0/echo-key-order) is nested 152 levels deep; "
        "a case may nest at most 100 levels"
    ]


def test_a_spec_page_that_is_not_utf8_is_one_problem(
    tree: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    fixtures, spec = tree
    (spec / "latin1.md").write_bytes("### `DEMO-CAF\xc9-1` caf\xe9\n".encode("latin-1"))
    found = problems(tree)
    assert found == [
        "latin1.md: cannot read spec page: 'utf-8' codec can't decode byte 0xc9 in position 13: "
        "invalid continuation byte"
    ]
    assert main(["fixtures", "lint", f"--fixtures-dir={fixtures}", f"--spec-dir={spec}"]) == 1
    out, err = capsys.readouterr()
    assert out == found[0] + "\n"
    assert "Traceback" not in err


def test_a_live_looking_credential_is_a_problem(tree: tuple[Path, Path]) -> None:
    token = "sk-" + "proj" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6"  # built here, so this file holds none
    edit_cases(tree[0], lambda data: data["cases"][0].update(description=f"uses {token}"))
    found = problems(tree)
    assert len(found) == 1 and "looks like a live credential" in found[0]
