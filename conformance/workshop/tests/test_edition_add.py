"""`codex-conformance edition add`: a release as an edition, shown on a stand-in release.

The stand-in "release" is the reference with one rule changed (a broken
adapter of the mcp area, ``joined-limit-off-by-one``): its captures are the
nearest edition's cases answered by it, so exactly the cases of the changed
rule have new expected values, and the report must name their clause and
nothing else.  The tables are derived from the committed files into a copy
(CI's lanes are read from the kit's table when they run: a new newest
edition runs in full, the previous newest joins the sampled ones); nothing
runs a release or asks the registry.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import types
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from test_edition_derivation import derivation_problems

import codex_workshop.areas.mcp
from codex_conformance.areas import discover
from codex_conformance.cases import Case, FixtureFile, load_fixture_file
from codex_conformance.cli import build_parser, main
from codex_conformance.editions import EDITIONS
from codex_reference.adapter import Handler, handle
from codex_workshop.areas import parts_of
from codex_workshop.capture.fixture_writer import write_fixture
from codex_workshop.checkout import repository_root
from codex_workshop.edition import derive, lanes
from codex_workshop.edition.add import (
    AddResult,
    Resolved,
    Steps,
    add_edition,
    areas_captured,
    nearest_edition,
    write_tables,
)
from codex_workshop.timeline import releases

ROOT = repository_root()
BROKEN_NAME = "joined-limit-off-by-one"
BROKEN_CLAUSE = "MCP-NAME-2"
# The files an edition's tables are written in, relative to the checkout.
TABLE_FILES = (
    "conformance/codex_conformance/editions.py",
    "reference/codex_reference/editions.py",
)


def _broken_row() -> tuple[str, Handler]:
    """The stand-in's rule change: (the edition it changes, the reference with it changed)."""
    rows = json.loads((Path(codex_workshop.areas.mcp.__file__).parent / "broken.json").read_text("utf-8"))
    (adapter,) = [a for a in parts_of(discover()["mcp"]).broken_adapters() if a.name == BROKEN_NAME]
    assert adapter.clause == BROKEN_CLAUSE
    return rows[BROKEN_NAME]["edition"], adapter.handle


def _after(version: str) -> str:
    """A made-up release after ``version`` and before the next edition."""
    major, minor, patch = version.split(".")
    return f"{major}.{minor}.{int(patch) + 1000}"


def _load_module(name: str, text: str) -> types.ModuleType:
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    try:
        exec(compile(text, name, "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def _row(version: str, nearest: str) -> derive.DrivingRow:
    return derive.DrivingRow(version, nearest, f"@openai/codex@{version}-linux-x64", "sha512-stand-in")


def test_the_derived_tables_are_the_nearest_editions_under_the_new_version() -> None:
    nearest = list(EDITIONS)[-1]
    version = _after(nearest)
    kit_text = (ROOT / TABLE_FILES[0]).read_text(encoding="utf-8")
    kit = _load_module("derived_kit_editions", derive.derive_driving_table(kit_text, _row(version, nearest)))
    assert list(kit.EDITIONS)[-2:] == [nearest, version]
    new, old = kit.EDITIONS[version], kit.EDITIONS[nearest]
    differ = {f.name for f in fields(new) if getattr(new, f.name) != getattr(old, f.name)}
    assert differ == {"version", "summary", "package_spec", "tarball_sha512"}
    assert new.package_spec == f"@openai/codex@{version}-linux-x64"
    reference_text = (ROOT / TABLE_FILES[1]).read_text(encoding="utf-8")
    derived = derive.derive_reference_table(reference_text, version, nearest)
    reference = _load_module("derived_reference_editions", derived)
    assert reference.EDITIONS[version] == replace(reference.EDITIONS[nearest], version=version)
    # Each is a derivation from the nearest edition, as the kit's test requires of every table.
    assert f"{derive.table_name(version)} = replace({derive.table_name(nearest)}" in derived
    assert derivation_problems(derived, "derived") == []
    # Derived again, nothing changes: a second run keeps the tables written.
    assert derive.derive_reference_table(derived, version, nearest) == derived
    # Within the formatter's line length, however many editions are listed (it wraps EDITIONS so).
    for _ in range(4):
        nearest, version = version, _after(version)
        derived = derive.derive_reference_table(derived, version, nearest)
    assert max(len(line) for line in derived.splitlines()) <= 110
    assert list(_load_module("many_editions", derived).EDITIONS)[-2:] == [nearest, version]


def test_an_edition_between_two_is_listed_in_release_order() -> None:
    oldest, second = list(EDITIONS)[:2]
    version = _after(oldest)
    text = derive.derive_reference_table((ROOT / TABLE_FILES[1]).read_text(encoding="utf-8"), version, oldest)
    assert list(_load_module("between", text).EDITIONS)[:3] == [oldest, version, second]


def _lanes_output(kit_editions: str, tmp_path: Path, *, module: str = "codex_workshop.edition.lanes") -> str:
    """What .ci/lanes reads (``python3 -m codex_workshop.edition.lanes``) with the kit's table of this
    text: run as the script runs it, from the sources alone, and with ``-S`` (no site packages: the
    machine's python3 before anything is installed)."""
    kit = tmp_path / "kit" / "codex_conformance"
    kit.mkdir(parents=True)
    (kit / "__init__.py").write_text("", encoding="utf-8")
    (kit / "editions.py").write_text(kit_editions, encoding="utf-8")
    path = os.pathsep.join([str(tmp_path / "kit"), str(ROOT / "conformance" / "workshop")])
    done = subprocess.run(
        [sys.executable, "-S", "-m", module],
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout if done.returncode == 0 else f"exit {done.returncode}: {done.stderr}"


def test_ci_runs_the_newest_edition_in_full_and_samples_the_older(tmp_path: Path) -> None:
    *older, newest = EDITIONS
    assert lanes.ci_editions(EDITIONS) == ([newest], older)
    kit_text = (ROOT / TABLE_FILES[0]).read_text(encoding="utf-8")
    assert (
        _lanes_output(kit_text, tmp_path / "committed")
        == lanes.shell_lists(EDITIONS)
        == (f'full_editions="{newest}"\nsampled_editions="{" ".join(older)}"\n')
    )


def test_a_new_newest_edition_moves_the_previous_newest_to_the_sampled_lanes(tmp_path: Path) -> None:
    """The table ``edition add`` derives is all CI needs: nothing else names an edition."""
    nearest = list(EDITIONS)[-1]
    version = _after(nearest)
    kit_text = (ROOT / TABLE_FILES[0]).read_text(encoding="utf-8")
    derived = derive.derive_driving_table(kit_text, _row(version, nearest))
    assert _lanes_output(derived, tmp_path / "newest") == (
        f'full_editions="{version}"\nsampled_editions="{" ".join(EDITIONS)}"\n'
    )
    # One between two editions is sampled; the newest stays in full.
    oldest = next(iter(EDITIONS))
    between = derive.derive_driving_table(kit_text, _row(_after(oldest), oldest))
    full, sampled = lanes.ci_editions(_load_module("between_lanes", between).EDITIONS)
    assert full == [nearest] and sampled[:2] == [oldest, _after(oldest)]
    # The deliberate violation: a module beyond the standard library cannot be read so.
    assert _lanes_output(derived, tmp_path / "sample", module="codex_workshop.edition.sample").startswith(
        "exit 1: "
    )


def test_the_lanes_run_commands_the_cli_and_pytest_accept() -> None:
    version = next(iter(EDITIONS))
    recapture = lanes.recapture_command(version)
    assert recapture[1:3] == ["-m", "codex_conformance"]
    args = build_parser().parse_args(recapture[3:])
    assert (args.all, args.check, args.edition, args.jobs) == (True, True, [version], lanes.WORKERS)
    certify = lanes.certify_command(version)
    assert certify[1:4] == ["-m", "pytest", f"--impl=release:{version}"] and f"-n={lanes.WORKERS}" in certify
    assert not [word for word in lanes.certify_command(version, workers=1) if word.startswith("-n")]


def test_the_lanes_command_says_what_is_wrong_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert lanes.main(["certify", "9.9.9"]) == 2
    assert lanes.main(["publish"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert [line.split(";")[0] for line in err] == ["error: no edition: 9.9.9", "error: no action 'publish'"]


def test_the_nearest_edition_is_the_newest_before_else_the_oldest_after() -> None:
    assert nearest_edition("0.100.0", ["0.25.0", "0.94.0", "0.169.0"]) == "0.94.0"
    assert nearest_edition("0.171.0", ["0.25.0", "0.94.0", "0.169.0", "0.171.0"]) == "0.169.0"
    assert nearest_edition("0.9.0", ["0.25.0", "0.94.0"]) == "0.25.0"


def _stand_in_capture(
    fixtures: Path, nearest: str, release: Handler
) -> Callable[[list[str], str, Callable[[str], None]], dict[str, int]]:
    """Capture as a release answering like ``release``: each of the nearest edition's cases whose
    answer differs from the reference's gets the stand-in's answer as its expected value."""

    def capture(areas: list[str], version: str, log: Callable[[str], None]) -> dict[str, int]:
        for area in areas:
            cases = []
            for case in load_fixture_file(fixtures / area / f"captured-{nearest}.json").cases:
                data: dict[str, Any] = case.model_dump(mode="json", by_alias=True)
                request = {"op": case.op, "args": case.args}
                answer = release(request)
                if answer != handle(request):
                    data["expected"] = answer
                data.update(id=f"{area}/{version}/{case.id.rsplit('/', 1)[1]}", edition=version)
                cases.append(Case.model_validate(data))
            write_fixture(fixtures / area / f"captured-{version}.json", FixtureFile(area=area, cases=cases))
            log(f"{area}: {len(cases)} cases captured")
        return dict.fromkeys(areas, 0)

    return capture


def _run_on_stand_in(tmp_path: Path, release: Handler, nearest: str) -> tuple[AddResult, str, list[str]]:
    version = _after(nearest)
    checkout, fixtures = tmp_path / "checkout", tmp_path / "fixtures"
    for relative in TABLE_FILES:
        (checkout / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / relative, checkout / relative)
    for area in ("mcp", "schema"):
        (fixtures / area).mkdir(parents=True)
        shutil.copy(ROOT / "fixtures" / area / f"captured-{nearest}.json", fixtures / area)
    fetched: list[derive.DrivingRow] = []
    steps = Steps(
        resolve=lambda v: Resolved(v, nearest, f"@openai/codex@{v}-linux-x64", "sha512-stand-in"),
        fetch=fetched.append,
        write_tables=write_tables(checkout),
        capture=_stand_in_capture(fixtures, nearest, release),
        areas_of=areas_captured(fixtures),
    )
    out, progress = io.StringIO(), list[str]()
    result = add_edition(version, steps, fixtures, out=out, log=progress.append)
    assert [row.version for row in fetched] == [version]
    return result, out.getvalue(), progress


def test_edition_add_on_a_stand_in_release_reports_the_changed_clause(tmp_path: Path) -> None:
    nearest, broken = _broken_row()
    result, report, progress = _run_on_stand_in(tmp_path, broken, nearest)
    version = _after(nearest)
    lines = report.splitlines()
    assert result.status == 1
    mcp, schema = result.changes
    assert schema.ready and not mcp.ready
    # Exactly the cases whose answer the changed rule changes, each under every clause it cites.
    nearest_cases = load_fixture_file(ROOT / "fixtures" / "mcp" / f"captured-{nearest}.json").cases
    differ = [
        case
        for case in nearest_cases
        if broken({"op": case.op, "args": case.args}) != handle({"op": case.op, "args": case.args})
    ]
    assert mcp.changed == [f"mcp/{version}/{case.id.rsplit('/', 1)[1]}" for case in differ] != []
    assert BROKEN_CLAUSE in mcp.clauses
    assert set(mcp.clauses) == {clause for case in differ for clause in case.clauses}
    assert f"mcp: {len(mcp.changed)} of {mcp.compared} cases changed against {nearest}, " in report
    (clause_line,) = [line for line in lines if line.startswith(f"  {BROKEN_CLAUSE}: ")]
    assert clause_line.startswith(f"  {BROKEN_CLAUSE}: {mcp.clauses[BROKEN_CLAUSE][0]}, ")
    assert f"schema: ready ({schema.compared} cases, no expected value changed)" in lines
    assert f"areas: 1 ready, 1 changed ({len(mcp.clauses)} clauses), 0 not compared" in lines
    # The tables were written into the checkout, the captures beside the nearest's.
    touched = {path.relative_to(tmp_path).as_posix() for path in result.touched}
    assert touched == {
        *(f"checkout/{relative}" for relative in TABLE_FILES),
        f"fixtures/mcp/captured-{version}.json",
        f"fixtures/schema/captured-{version}.json",
    }
    kit = (tmp_path / "checkout" / TABLE_FILES[0]).read_text(encoding="utf-8")
    assert f"{derive.table_name(version)} = replace(\n    {derive.table_name(nearest)}," in kit
    assert any(line.startswith("capturing 2 areas") for line in progress)


def test_edition_add_on_the_reference_itself_finds_every_area_ready(tmp_path: Path) -> None:
    """The same run with the rule left as it is: nothing changed, the edition is ready (exit 0)."""
    nearest, _broken = _broken_row()
    result, report, _progress = _run_on_stand_in(tmp_path, handle, nearest)
    assert result.status == 0 and all(change.ready for change in result.changes)
    assert "areas: 2 ready, 0 changed (0 clauses), 0 not compared" in report.splitlines()


PUBLISHED = [
    "0.90.0",
    "0.99.0",
    "0.99.0-linux-x64",
    "0.100.0",
    "0.100.0-linux-x64",
    "0.101.0",
    "0.102.0-alpha.1",
]


def test_the_linux_package_of_a_release_follows_the_registrys_list() -> None:
    assert releases.linux_package("0.90.0", PUBLISHED) == "@openai/codex@0.90.0"  # before platform packages
    assert releases.linux_package("0.100.0", PUBLISHED) == "@openai/codex@0.100.0-linux-x64"
    assert releases.linux_package("0.101.0", PUBLISHED) is None  # after them, without its own
    assert releases.linux_package("0.102.0-alpha.1", PUBLISHED) is None
    assert releases.linux_package("0.103.0", PUBLISHED) is None


@pytest.mark.parametrize(
    ("version", "status", "says"),
    [
        ("0.103.0", 2, "error: unknown version: @openai/codex has no release 0.103.0"),
        ("0.101.0", 3, "error: 0.101.0 has no linux build"),
        ("0.102.0-alpha.1", 2, "error: '0.102.0-alpha.1' is no stable release version"),
    ],
    ids=["unknown", "no-linux-build", "prerelease"],
)
def test_edition_add_says_what_is_wrong_in_one_line(
    version: str,
    status: int,
    says: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(releases, "published_versions", lambda: list(PUBLISHED))
    assert main(["edition", "add", version]) == status
    captured = capsys.readouterr()
    assert captured.err.startswith(says) and "Traceback" not in captured.err + captured.out
    assert captured.err.count("\n") == 1


def test_a_scenario_of_the_nearest_edition_is_one_of_the_new_edition_too() -> None:
    text = (
        '[\n {\n  "slug": "a",\n  "editions": [\n   "0.1.0",\n   "0.2.0"\n  ]\n },\n'
        ' {"slug": "b", "editions": ["0.1.0"]}\n]\n'
    )
    derived = derive.derive_scenario_editions(text, "0.2.5", "0.2.0")
    assert json.loads(derived) == [
        {"slug": "a", "editions": ["0.1.0", "0.2.0", "0.2.5"]},
        {"slug": "b", "editions": ["0.1.0"]},
    ]
    assert derived == text.replace('"0.2.0"\n', '"0.2.0",\n   "0.2.5"\n')
    assert derive.derive_scenario_editions(derived, "0.2.5", "0.2.0") == derived
    nearest = list(EDITIONS)[-1]
    committed = (ROOT / "fixtures" / "mcp" / "_scenarios.json").read_text(encoding="utf-8")
    new = json.loads(derive.derive_scenario_editions(committed, _after(nearest), nearest))
    for before, after in zip(json.loads(committed), new, strict=True):
        listed = before.get("editions")
        if listed is not None and nearest in listed:
            assert after["editions"] == [*listed, _after(nearest)]
        else:
            assert after == before


def test_the_reference_texts_of_the_nearest_edition_are_copied_under_the_new_version() -> None:
    nearest = list(EDITIONS)[-1]
    version = _after(nearest)
    data = ROOT / "reference" / "codex_reference" / "request" / "data"
    texts = {path.name: path.read_text(encoding="utf-8") for path in data.iterdir()}
    written = derive.derive_versioned_data(texts, version, nearest)
    assert written[f"instructions-{version}.md"] == texts[f"instructions-{nearest}.md"]
    tools = json.loads(written["tools.json"])
    assert list(tools)[-2:] == [nearest, version] and tools[version] == tools[nearest]
    assert derive.derive_versioned_data({**texts, **written}, version, nearest) == {}


def test_a_scenarios_settings_for_the_nearest_edition_are_the_new_editions_too() -> None:
    """tools' scenarios hold an ``editions`` object (how each edition is launched): the nearest's
    entry is copied under the new version, the file otherwise as written."""
    committed = (ROOT / "fixtures" / "tools" / "_scenarios.json").read_text(encoding="utf-8")
    nearest = [v for v in EDITIONS if f'"{v}": {{' in committed][-1]  # the newest the file has settings for
    version = _after(nearest)
    derived = derive.derive_scenario_editions(committed, version, nearest)
    copied = 0
    for before, after in zip(json.loads(committed), json.loads(derived), strict=True):
        settings = before.get("editions")
        if isinstance(settings, dict) and nearest in settings:
            assert after["editions"] == {**settings, version: settings[nearest]}
            assert list(after["editions"])[-1] == version
            copied += 1
        else:
            assert after == before
    assert copied > 0 and derive.derive_scenario_editions(derived, version, nearest) == derived
    assert derive.derive_scenario_editions('{"editions": {"0.1.0": {"a": 1}}}', "0.1.5", "0.1.0") == (
        '{"editions": {"0.1.0": {"a": 1}, "0.1.5": {"a": 1}}}'
    )
