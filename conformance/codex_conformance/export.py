"""``codex-conformance fixtures export DIR``: the cases and clauses as a bundle for any language.

The bundle (layout and models in ``codex_conformance.bundle``) is built in
memory first and written only once every fixture file and spec page has
been read, so a broken input leaves DIR untouched. Nothing in it depends on
the time or the machine: the same kit and fixtures give the same bytes, so
two bundles can be compared by their manifests' hashes.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from codex_conformance import __version__, schemas
from codex_conformance.bundle import (
    BUNDLE_FORMAT,
    BUNDLED_SCHEMAS,
    CLAUSES_NAME,
    MANIFEST_NAME,
    AreaEntry,
    BundleFile,
    CasesFile,
    Clause,
    ClauseIndex,
    Counts,
    Manifest,
    OpEntry,
)
from codex_conformance.cases import FORMAT_VERSION, FixtureError, case_files, parse_fixture_file, read_json
from codex_conformance.clause_headings import CLAUSE_ID, FENCE, clause_headings
from codex_conformance.editions import EDITIONS
from codex_conformance.errors import UsageError
from codex_conformance.paths import require_data_directories
from codex_conformance.protocol import PROTOCOL_VERSION
from codex_conformance.tiers import Tiers, load_tiers

# A clause's text runs to the next heading of level 1 to 3; level 4 and below
# are parts of it. Lines inside fenced code blocks are never headings.
_SECTION_END = re.compile(r"^#{1,3} ")


@dataclass
class _Group:
    """One area's cases of one edition, raw as read, and the files they came from."""

    cases: list[dict[str, Any]] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)


def export(target: Path, *, fixtures_dir: Path, spec_dir: Path, force: bool = False) -> Manifest:
    """Write the bundle of ``fixtures_dir`` and ``spec_dir`` into ``target``; return its manifest."""
    require_data_directories(fixtures_dir, spec_dir)
    _check_target(target, force=force)
    files, manifest = build(fixtures_dir, spec_dir)
    _write(target, files)
    return manifest


def build(fixtures_dir: Path, spec_dir: Path) -> tuple[dict[str, bytes], Manifest]:
    """Every file of the bundle (relative path -> bytes), manifest.json included, and the manifest."""
    groups = _read_cases(fixtures_dir)
    files: dict[str, bytes] = {}
    for (area, edition), group in groups.items():
        files[_cases_path(area, edition)] = _json(
            {
                "format": FORMAT_VERSION,
                "area": area,
                "description": f"Every {area} case of edition {edition}, from {', '.join(group.sources)}.",
                "cases": group.cases,
            }
        )
    pages = {f"spec/{path.relative_to(spec_dir).as_posix()}": path for path in sorted(spec_dir.rglob("*.md"))}
    for name, path in pages.items():
        files[name] = _read_bytes(path, "spec page")
    citing: dict[str, list[str]] = defaultdict(list)
    for group in groups.values():
        for case in group.cases:
            for clause in case["clauses"]:
                citing[clause].append(case["id"])
    # The tiers as the kit's readiness verdicts read them: a clause the file misses counts as mandatory.
    tiers = load_tiers(spec_dir)
    clauses = _clauses(pages, files, citing, tiers)
    files[CLAUSES_NAME] = _json(
        ClauseIndex(bundle_format=BUNDLE_FORMAT, clauses=clauses).model_dump(mode="json")
    )
    generated = schemas.generate()
    for name in BUNDLED_SCHEMAS:
        files[f"schemas/{name}"] = schemas.render(generated[name]).encode("utf-8")
    files["README.md"] = _readme().encode("utf-8")
    manifest = _manifest(groups, len(clauses), files)
    files[MANIFEST_NAME] = _json(manifest.model_dump(mode="json"))
    return files, manifest


def _read_cases(fixtures_dir: Path) -> dict[tuple[str, str], _Group]:
    """The cases by (area, edition), in area then release order; case order kept within each."""
    groups: dict[tuple[str, str], _Group] = defaultdict(_Group)
    for path in case_files(fixtures_dir):
        source = f"fixtures/{path.relative_to(fixtures_dir).as_posix()}"
        try:
            raw = read_json(path)
            fixture = parse_fixture_file(raw, path)
        except FixtureError as exc:
            raise UsageError(str(exc)) from None
        # The raw dicts, not the models: a case goes out exactly as its file
        # states it, without the defaults a model would fill in.
        for case, raw_case in zip(fixture.cases, raw["cases"], strict=True):
            if case.edition not in EDITIONS:
                # The edition names a file in the bundle: only the known ones may.
                raise UsageError(
                    f"{path}: {case.id}: unknown edition {case.edition!r}; known editions: "
                    + ", ".join(EDITIONS)
                )
            group = groups[(case.area, case.edition)]
            group.cases.append(raw_case)
            if source not in group.sources:
                group.sources.append(source)
    order = list(EDITIONS)
    return dict(sorted(groups.items(), key=lambda item: (item[0][0], order.index(item[0][1]))))


def _clauses(
    pages: dict[str, Path], files: dict[str, bytes], citing: dict[str, list[str]], tiers: Tiers
) -> list[Clause]:
    clauses: list[Clause] = []
    seen: dict[str, str] = {}
    for page, path in pages.items():
        try:
            lines = files[page].decode("utf-8").splitlines()
        except UnicodeDecodeError as exc:
            raise UsageError(f"{path}: cannot read spec page: {exc}") from None
        # A malformed id is lint's to report; the bundle carries only clauses a case can cite.
        for heading in clause_headings(lines):
            if not CLAUSE_ID.fullmatch(heading.clause):
                continue
            where = f"{page}:{heading.index + 1}"
            if heading.clause in seen:
                raise UsageError(
                    f"{where}: clause {heading.clause} is already declared at {seen[heading.clause]}"
                )
            seen[heading.clause] = where
            clauses.append(
                Clause(
                    id=heading.clause,
                    title=heading.title,
                    page=page,
                    line=heading.index + 1,
                    text=_section_text(lines, heading.index),
                    cases=citing.get(heading.clause, []),
                    tier=tiers.of(heading.clause),
                    tier_why=_tier_why(tiers, heading.clause),
                )
            )
    return clauses


def _tier_why(tiers: Tiers, clause: str) -> str:
    tiered = tiers.clauses.get(clause)
    return tiered.why if tiered is not None else "No tier is given, so a failure counts as mandatory."


def _section_text(lines: list[str], heading: int) -> str:
    body: list[str] = []
    fenced = False
    for line in lines[heading + 1 :]:
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced and _SECTION_END.match(line):
            break
        body.append(line)
    return "\n".join(body).strip("\n")


def _manifest(groups: dict[tuple[str, str], _Group], clause_count: int, files: dict[str, bytes]) -> Manifest:
    order = list(EDITIONS)
    area_editions: dict[str, list[str]] = defaultdict(list)
    area_ops: dict[str, set[str]] = defaultdict(set)
    op_area: dict[str, str] = {}
    op_editions: dict[str, set[str]] = defaultdict(set)
    counted: dict[str, int] = defaultdict(int)  # cases per area and per op (distinct names)
    for (area, edition), group in groups.items():
        area_editions[area].append(edition)
        counted[area] += len(group.cases)
        for case in group.cases:
            area_ops[area].add(case["op"])
            op_area[case["op"]] = area
            op_editions[case["op"]].add(edition)
            counted[f"op:{case['op']}"] += 1
    editions = sorted({edition for _, edition in groups}, key=order.index)
    listed = [
        BundleFile(path=path, sha256=hashlib.sha256(data).hexdigest(), bytes=len(data))
        for path, data in sorted(files.items())
    ]
    return Manifest(
        bundle_format=BUNDLE_FORMAT,
        kit_version=__version__,
        fixture_format=FORMAT_VERSION,
        protocol=PROTOCOL_VERSION,
        editions=editions,
        areas=[
            AreaEntry(
                area=area, editions=area_editions[area], ops=sorted(area_ops[area]), cases=counted[area]
            )
            for area in sorted(area_editions)
        ],
        ops=[
            OpEntry(
                op=op,
                area=op_area[op],
                editions=sorted(op_editions[op], key=order.index),
                cases=counted[f"op:{op}"],
            )
            for op in sorted(op_area)
        ],
        cases=[
            CasesFile(area=area, edition=edition, path=_cases_path(area, edition), cases=len(group.cases))
            for (area, edition), group in groups.items()
        ],
        clauses=CLAUSES_NAME,
        counts=Counts(
            cases=sum(len(group.cases) for group in groups.values()),
            clauses=clause_count,
            areas=len(area_editions),
            ops=len(op_area),
            editions=len(editions),
            files=len(listed),
        ),
        files=listed,
    )


def _cases_path(area: str, edition: str) -> str:
    return f"cases/{area}/{edition}.json"


def _json(value: Any) -> bytes:
    # The kit's own fixture style (indent 1, UTF-8 text). A string holding a
    # lone surrogate cannot be UTF-8: that file is written with \u escapes,
    # the same JSON value.
    try:
        return (json.dumps(value, indent=1, ensure_ascii=False, allow_nan=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(value, indent=1, allow_nan=False) + "\n").encode("ascii")


def _read_bytes(path: Path, what: str) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise UsageError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None


def _check_target(target: Path, *, force: bool) -> None:
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise UsageError(f"{target} exists and is not a directory")
    if target.is_dir():
        if not force and any(target.iterdir()):
            raise UsageError(f"{target} exists and is not empty; pass --force to write the bundle into it")
    elif not target.parent.is_dir():
        # Only DIR itself is created: a mistyped parent is an error, not a tree of new directories.
        raise UsageError(f"directory {target.parent} does not exist")


def _write(target: Path, files: dict[str, bytes]) -> None:
    """Write ``files`` under ``target``, never through a symbolic link and never outside it."""
    try:
        target.mkdir(exist_ok=True)
        root = target.resolve()
        for relative, data in sorted(files.items()):
            parts = relative.split("/")
            if any(part in ("", ".", "..") for part in parts):
                raise UsageError(f"{relative!r} would be written outside {target}")
            directory = root
            for part in parts[:-1]:
                directory = directory / part
                if directory.is_symlink():
                    # --force over an old tree: a linked directory would carry the bundle elsewhere.
                    raise UsageError(f"{directory} is a symbolic link; refusing to write through it")
                directory.mkdir(exist_ok=True)
            destination = directory / parts[-1]
            if destination.is_symlink():
                destination.unlink()  # replace the link itself, never the file it points to
            destination.write_bytes(data)
    except OSError as exc:
        raise UsageError(f"cannot write the bundle into {target}: {exc.strerror or exc}") from None


def _readme() -> str:
    return f"""# codex-conformance fixtures bundle

Written by `codex-conformance fixtures export` (kit {__version__}, bundle format {BUNDLE_FORMAT}).
Every expected byte in `cases/` came from a captured run of a real Codex
release or from an upstream unit test; each case's `provenance` says which.

- `{MANIFEST_NAME}`: kit version, editions, areas, ops, counts and the SHA-256
  of every other file (schema: `schemas/bundle-manifest.schema.json`).
- `cases/<area>/<edition>.json`: one fixture file per area and edition
  (schema: `schemas/fixture-file.schema.json`). A case gives `op` and `args`
  (the request an implementation answers), `expected` (`result`, `error` or
  `any_of`), `compare` (how to compare; json-exact when absent) and `clauses`.
- `{CLAUSES_NAME}`: every spec clause a case can cite, with its page, line and
  Markdown text, and the cases citing it (schema: `schemas/bundle-clauses.schema.json`).
- `spec/`: the spec pages, including `errata.md` and `adapter-protocol.md`
  (what each op means and how each comparison mode works).

Read the files the manifest lists; check their hashes to know the bundle is whole.
"""
