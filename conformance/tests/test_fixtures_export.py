"""``codex-conformance fixtures export DIR``: the bundle, its schemas and hashes, and refusals.

The manifest and the help text are snapshots of the kit's own renderings
(``pytest --snapshot-update`` after a deliberate change); no Codex golden is
ever a snapshot.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # no stubs in the project's lint extra
import pytest
from conftest import help_text
from syrupy.assertion import SnapshotAssertion

from codex_conformance import paths
from codex_conformance.bundle import BUNDLED_SCHEMAS
from codex_conformance.cli import main
from codex_conformance.export import build
from codex_conformance.lint import declared_clauses
from codex_conformance.tiers import load_tiers

SEED = {"kind": "seed", "document": "spec/demo.md"}


def case(case_id: str, op: str, clauses: list[str], **extra: Any) -> dict[str, Any]:
    edition = case_id.split("/")[1]
    return {
        "id": case_id,
        "edition": edition,
        "op": op,
        "args": {"text": "h\u00e9"},
        "expected": {"result": {"text": "H\u00c9"}},
        **extra,
        "clauses": clauses,
        "provenance": SEED,
    }


def tiny_kit(root: Path) -> tuple[Path, Path]:
    """A fixtures and a spec directory small enough to read whole in a snapshot."""
    fixtures, spec = root / "fixtures", root / "spec"
    files = {
        "demo/b.json": [
            case("demo/0.169.0/upper", "demo.upper", ["DEMO-UP-1"], compare="text-exact"),
            case("demo/0.25.0/upper", "demo.upper", ["DEMO-UP-1"]),
        ],
        "demo/a.json": [case("demo/0.25.0/echo", "demo.echo", ["DEMO-UP-1", "DEMO-ECHO-1"])],
        "other/cases.json": [case("other/0.169.0/lower", "other.lower", ["OTHER-1"])],
    }
    for name, cases in files.items():
        path = fixtures / name
        path.parent.mkdir(parents=True, exist_ok=True)
        body = {"format": 1, "area": path.parent.name, "cases": cases}
        path.write_text(json.dumps(body, indent=1), encoding="utf-8")
    (fixtures / "demo" / "_scenarios.json").write_text("[]", encoding="utf-8")  # capture input: left out
    spec.mkdir()
    (spec / "demo.md").write_text(
        "# demo\n\n### `DEMO-UP-1` upper case\n\nText upper-cased.\n\n#### detail\n\n"
        "```sh\n### not a heading\n```\n\n### `DEMO-ECHO-1` echo\n\nUnchanged.\n\n"
        "## Notes\n\nNot a clause.\n",
        encoding="utf-8",
    )
    (spec / "other.md").write_text("### `OTHER-1`   lower case  \nLower-cased.\n", encoding="utf-8")
    # OTHER-1 has no tier: the bundle says it counts as mandatory, as the kit's verdicts count it.
    (spec / "tiers.toml").write_text(
        '[[group]]\ntier = "mandatory"\nwhy = "Callers need it."\nclauses = ["DEMO-UP-1"]\n\n'
        '[[group]]\ntier = "advisory"\nwhy = "Only a text."\nclauses = ["DEMO-ECHO-1"]\n',
        encoding="utf-8",
    )
    return fixtures, spec


def export(tmp_path: Path, target: Path, *extra: str) -> int:
    fixtures, spec = (tmp_path / "fixtures", tmp_path / "spec")
    if not fixtures.exists():
        tiny_kit(tmp_path)
    return main(
        ["fixtures", "export", str(target), f"--fixtures-dir={fixtures}", f"--spec-dir={spec}", *extra]
    )


def test_the_manifest_of_a_tiny_kit(tmp_path: Path, snapshot: SnapshotAssertion) -> None:
    assert export(tmp_path, tmp_path / "bundle") == 0
    assert (tmp_path / "bundle" / "manifest.json").read_text(encoding="utf-8") == snapshot


def test_cases_are_grouped_by_area_and_edition_as_written(tmp_path: Path) -> None:
    assert export(tmp_path, tmp_path / "bundle") == 0
    demo = json.loads((tmp_path / "bundle" / "cases" / "demo" / "0.25.0.json").read_text(encoding="utf-8"))
    # File order, then case order; each case exactly as its file states it (no defaults filled in).
    assert [item["id"] for item in demo["cases"]] == ["demo/0.25.0/echo", "demo/0.25.0/upper"]
    assert "compare" not in demo["cases"][0]
    assert (
        demo["description"]
        == "Every demo case of edition 0.25.0, from fixtures/demo/a.json, fixtures/demo/b.json."
    )


def test_clauses_carry_their_title_page_text_and_cases(tmp_path: Path) -> None:
    assert export(tmp_path, tmp_path / "bundle") == 0
    index = json.loads((tmp_path / "bundle" / "clauses.json").read_text(encoding="utf-8"))
    first, second, third = index["clauses"]
    assert (first["id"], first["title"], first["page"], first["line"]) == (
        "DEMO-UP-1",
        "upper case",
        "spec/demo.md",
        3,
    )
    # A level-4 heading belongs to the clause; a '#' line inside a code block is no heading.
    assert first["text"] == "Text upper-cased.\n\n#### detail\n\n```sh\n### not a heading\n```"
    assert first["cases"] == ["demo/0.25.0/echo", "demo/0.25.0/upper", "demo/0.169.0/upper"]
    assert (second["text"], third["title"], third["text"]) == ("Unchanged.", "lower case", "Lower-cased.")
    # Each clause carries its tier and why (spec/tiers.toml); one the file misses counts as mandatory.
    assert [(c["tier"], c["tier_why"]) for c in index["clauses"]] == [
        ("mandatory", "Callers need it."),
        ("advisory", "Only a text."),
        ("mandatory", "No tier is given, so a failure counts as mandatory."),
    ]


def test_every_clause_of_the_kit_is_exported_with_its_own_tier() -> None:
    files, manifest = build(paths.fixtures_dir(), paths.spec_dir())
    index = json.loads(files[manifest.clauses])
    tiers = load_tiers(paths.spec_dir())
    exported = {clause["id"]: (clause["tier"], clause["tier_why"]) for clause in index["clauses"]}
    assert exported == {name: (tiered.tier.value, tiered.why) for name, tiered in tiers.clauses.items()}


def validate_bundle(root: Path) -> dict[str, Any]:
    """Every JSON file against its bundled schema, every listed hash, and nothing unlisted."""
    manifest: dict[str, Any] = json.loads((root / "manifest.json").read_text(encoding="utf-8"))

    def check(path: str, schema: str) -> None:
        schema_body = json.loads((root / "schemas" / schema).read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator(schema_body).validate(
            json.loads((root / path).read_text(encoding="utf-8"))
        )

    check("manifest.json", "bundle-manifest.schema.json")
    check(manifest["clauses"], "bundle-clauses.schema.json")
    for entry in manifest["cases"]:
        check(entry["path"], "fixture-file.schema.json")
    for entry in manifest["files"]:
        data = (root / entry["path"]).read_bytes()
        assert (hashlib.sha256(data).hexdigest(), len(data)) == (entry["sha256"], entry["bytes"])
    on_disk = {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()}
    assert on_disk == {entry["path"] for entry in manifest["files"]} | {"manifest.json"}
    return manifest


def test_the_bundle_validates_against_its_own_schemas(tmp_path: Path) -> None:
    assert export(tmp_path, tmp_path / "bundle") == 0
    manifest = validate_bundle(tmp_path / "bundle")
    assert {f"schemas/{name}" for name in BUNDLED_SCHEMAS} <= {entry["path"] for entry in manifest["files"]}


def test_the_kits_own_bundle_holds_every_case_and_clause() -> None:
    files, manifest = build(paths.fixtures_dir(), paths.spec_dir())
    cases = [json.loads(files[entry.path])["cases"] for entry in manifest.cases]
    ids = [item["id"] for group in cases for item in group]
    assert len(ids) == len(set(ids)) == manifest.counts.cases > 0
    declared, _ = declared_clauses(paths.spec_dir())
    clauses = json.loads(files["clauses.json"])["clauses"]
    assert sorted(clause["id"] for clause in clauses) == sorted(declared)
    # The same inputs give the same bytes: bundles compare by their manifests.
    assert build(paths.fixtures_dir(), paths.spec_dir())[0]["manifest.json"] == files["manifest.json"]


def test_an_existing_empty_directory_is_used(tmp_path: Path) -> None:
    (tmp_path / "bundle").mkdir()
    assert export(tmp_path, tmp_path / "bundle") == 0
    assert (tmp_path / "bundle" / "manifest.json").is_file()


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("codex-conformance: error: ")
    assert err.count("\n") == 1
    return err


def test_a_non_empty_directory_is_refused_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "bundle"
    target.mkdir()
    (target / "keep.txt").write_text("mine", encoding="utf-8")
    assert export(tmp_path, target) == 2
    assert f"{target} exists and is not empty; pass --force" in one_line_error(capsys)
    assert sorted(path.name for path in target.iterdir()) == ["keep.txt"]
    assert export(tmp_path, target, "--force") == 0
    assert (target / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert (target / "manifest.json").is_file()


@pytest.mark.parametrize("kind", ["file", "missing-parent"])
def test_a_target_that_cannot_be_a_bundle_directory(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "bundle.json"
    if kind == "file":
        target.write_text("{}", encoding="utf-8")
        message = f"{target} exists and is not a directory"
    else:
        target = tmp_path / "missing" / "bundle"
        message = f"directory {tmp_path / 'missing'} does not exist"
    assert export(tmp_path, target, "--force") == 2
    assert message in one_line_error(capsys)


def test_force_never_writes_through_a_symbolic_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    target = tmp_path / "bundle"
    target.mkdir()
    (target / "cases").symlink_to(outside, target_is_directory=True)
    (target / "README.md").symlink_to(outside / "victim.md")
    (outside / "victim.md").write_text("untouched", encoding="utf-8")
    assert export(tmp_path, target, "--force") == 2
    assert f"{target / 'cases'} is a symbolic link; refusing to write through it" in one_line_error(capsys)
    assert sorted(path.name for path in outside.iterdir()) == ["victim.md"]
    assert (outside / "victim.md").read_text(encoding="utf-8") == "untouched"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        ('"edition": "0.25.0"', "unknown edition '../../x'; known editions: 0.25.0, 0.94.0, 0.169.0"),
        ('"format": 1', "not a valid fixture file"),
    ],
)
def test_bad_fixtures_are_one_line_and_write_nothing(
    damage: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fixtures, _ = tiny_kit(tmp_path)
    path = fixtures / "demo" / "a.json"
    text = path.read_text(encoding="utf-8")
    replacement = '"edition": "../../x"' if "edition" in damage else '"format": 2'
    path.write_text(text.replace(damage, replacement), encoding="utf-8")
    assert export(tmp_path, tmp_path / "bundle") == 2
    assert message in one_line_error(capsys)
    assert not (tmp_path / "bundle").exists()


def test_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], snapshot: SnapshotAssertion
) -> None:
    assert help_text(monkeypatch, capsys, "fixtures", "export") == snapshot
