"""``codex-conformance fixtures lint``: the kit checks its own data.

Every fixture file must validate against the published fixture schema;
case ids are unique, start with their area (the fixture's directory name)
and carry their edition; editions are known; every clause a case cites is
declared in ``spec/``, and every declared clause has at least one case;
every ``$pattern`` in a case compared with patterns compiles; no case is
nested deeper than the kit compares.  A file or spec page that cannot be
read is one problem, never a traceback.

A clause is declared by a line that starts with ``### `` followed by the
clause id in backticks, e.g. ``### `MCP-NAME-3` names longer than 64 bytes``,
outside fenced code blocks (``codex_conformance.clause_headings``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]  # no stubs in the project's lint extra

from codex_conformance import credentials, schemas
from codex_conformance.cases import (
    Case,
    FixtureError,
    FixtureFile,
    case_files,
    parse_fixture_file,
    read_json,
)
from codex_conformance.clause_headings import CLAUSE_ID, clause_headings
from codex_conformance.compare import PATTERN_MODES, invalid_patterns
from codex_conformance.editions import EDITIONS
from codex_conformance.paths import require_data_directories
from codex_conformance.problems import Problem

PROPERTY_CLAUSES = "properties.md"
# The clauses a case written by `explore --write` cites until its rule is
# named: declared on this page, held by no case in a finished kit.
EXPLORED_CLAUSES = "explored.md"
# spec/gateway.md's clauses are judged by `codex-conformance gateway` runs, not by cases.
GATEWAY_CLAUSES = "gateway.md"


def declared_clauses(spec_dir: Path) -> tuple[dict[str, str], list[Problem]]:
    """Clause id -> where it is declared ("file:line"), plus problems with the declarations."""
    clauses: dict[str, str] = {}
    problems: list[Problem] = []
    for path in sorted(spec_dir.rglob("*.md")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            # A page lint cannot read is one problem on its own line, not a traceback.
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            problems.append(Problem(str(path.relative_to(spec_dir)), f"cannot read spec page: {reason}"))
            continue
        for heading in clause_headings(text.splitlines()):
            where = f"{path.relative_to(spec_dir)}:{heading.index + 1}"
            clause = heading.clause
            if not CLAUSE_ID.fullmatch(clause):
                problems.append(Problem(where, f"malformed clause id {clause!r}"))
            elif clause in clauses:
                problems.append(Problem(where, f"clause {clause} is already declared at {clauses[clause]}"))
            else:
                clauses[clause] = where
    return clauses, problems


def lint(fixtures_dir: Path, spec_dir: Path) -> list[Problem]:
    require_data_directories(fixtures_dir, spec_dir)
    clauses, problems = declared_clauses(spec_dir)
    validator = jsonschema.Draft202012Validator(schemas.schema("fixture-file.schema.json"))
    unreadable = False
    first_seen: dict[str, str] = {}
    cited: dict[str, list[str]] = defaultdict(list)
    for path in case_files(fixtures_dir):
        where = str(path.relative_to(fixtures_dir))
        fixture = _read_fixture(path, where, validator, problems)
        if fixture is None:
            unreadable = True
            continue
        area = path.parent.name if path.parent != fixtures_dir else ""
        if fixture.area != area:
            problems.append(Problem(where, f"area {fixture.area!r} differs from its directory {area!r}"))
        for case in fixture.cases:
            case_where = f"{where}: {case.id}"
            if case.id in first_seen:
                problems.append(Problem(case_where, f"duplicate case id (first in {first_seen[case.id]})"))
            first_seen.setdefault(case.id, where)
            problems.extend(Problem(case_where, message) for message in _case_problems(case, area))
            for clause in case.clauses:
                cited[clause].append(case.id)
                if clause not in clauses:
                    problems.append(Problem(case_where, f"clause {clause} is not declared in spec/"))
    # Nothing that looks like a live credential in the fixtures, the spec or the reports beside them.
    roots = [fixtures_dir, spec_dir, fixtures_dir.parent / "docs"]
    problems += credentials.scan(roots)
    # With a file unreadable, its cases are unknown: "has no case" would be noise.
    for clause, declared_at in clauses.items() if not unreadable else ():
        # spec/properties.md's clauses are shown by property checks, not cases;
        # spec/explored.md's wait for the cases `explore --write` writes;
        # spec/gateway.md's are judged by gateway runs.
        exempt = declared_at.startswith(
            (f"{PROPERTY_CLAUSES}:", f"{EXPLORED_CLAUSES}:", f"{GATEWAY_CLAUSES}:")
        )
        if clause not in cited and not exempt:
            problems.append(Problem(declared_at, f"clause {clause} has no case"))
    return problems


def _read_fixture(
    path: Path, where: str, validator: jsonschema.Draft202012Validator, problems: list[Problem]
) -> FixtureFile | None:
    try:
        raw = read_json(path)
    except FixtureError as exc:
        problems.append(Problem(where, exc.problem))
        return None
    errors = sorted(validator.iter_errors(raw), key=lambda error: list(error.absolute_path))
    for error in errors[:10]:
        location = "/".join(str(part) for part in error.absolute_path) or "(root)"
        problems.append(Problem(where, f"schema: at {location}: {error.message}"))
    if errors:
        return None
    try:
        return parse_fixture_file(raw, path)
    except FixtureError as exc:  # too deep, or a rule the schema cannot express
        problems.append(Problem(where, exc.problem))
        return None


def _case_problems(case: Case, area: str) -> list[str]:
    found = []
    id_area, id_edition, _ = case.id.split("/", 2)
    if id_area != area:
        found.append(f"id does not begin with its area {area!r}/")
    if id_edition != case.edition:
        found.append(f"id names edition {id_edition} but the case's edition is {case.edition}")
    if case.edition not in EDITIONS:
        found.append(f"unknown edition {case.edition!r}; known editions: {', '.join(EDITIONS)}")
    for clause in case.clauses:
        if not CLAUSE_ID.fullmatch(clause):
            found.append(f"malformed clause id {clause!r}")
    expected = case.expected.model_dump()
    alternatives = expected.get("any_of", [expected])
    results = [alternative["result"] for alternative in alternatives if "result" in alternative]
    if case.compare == "text-exact" and not all(
        isinstance(value, str) for result in results for value in result.values()
    ):
        found.append("compare is text-exact but not every expected result value is a string")
    if "any_of" in expected:
        texts = [json.dumps(result, sort_keys=True) for result in results]
        if len(set(texts)) != len(texts):
            found.append("any_of lists the same result twice")
    if case.compare in PATTERN_MODES:
        for number, result in enumerate(results, start=1):
            where = f"alternative {number}: " if len(results) > 1 else ""
            found.extend(where + problem for problem in invalid_patterns(result))
    return found
