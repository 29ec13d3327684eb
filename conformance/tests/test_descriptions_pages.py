"""spec/descriptions/: every claim of a published description has a verdict whose evidence exists.

Each page traces one document of `shared/descriptions/` (issue #37) as a table,
a row a claim: `| D<n>-<k> | quoted words | verdict | evidence |`.  The
evidence names clauses (`AREA-TOPIC-N` in backticks), cases
(`area/edition/slug` in backticks) and errata (`E-AREA-N`).  A clause, case or
erratum the page names that does not exist is a verdict resting on nothing,
and a claim the releases contradict must name the erratum that warns a reader.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from codex_conformance.cases import load_cases
from codex_conformance.lint import declared_clauses
from codex_conformance.paths import fixtures_dir, spec_dir

PAGES_DIR = spec_dir() / "descriptions"
VERDICTS = ("holds", "contradicted", "partly", "not shown", "internal")
ROW = re.compile(
    r"^\| (?P<id>D[0-9]+-[0-9]+) \| (?P<claim>.+?) \| (?P<verdict>"
    + "|".join(VERDICTS)
    + r") \| (?P<evidence>.*) \|\s*$"
)
CLAIM_ROW = re.compile(r"^\| D[0-9]")
DOCUMENT = re.compile(r"`([0-9]{3})_[0-9a-f]{16}\.txt`")
CLAUSE = re.compile(r"`([A-Z][A-Z0-9_]*(?:-[A-Z0-9_]+)*-[0-9]+)`")
CASE = re.compile(r"`([a-z_]+/[0-9]+\.[0-9]+\.[0-9]+/[^`\s]+)`")
ERRATUM = re.compile(r"\b(E-[A-Z]+-[0-9]+)\b")
# A relative Markdown link outside code: `[text](target)`.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
INLINE_CODE = re.compile(r"`[^`]*`")
COUNTS = re.compile(r"^([0-9]+) claims: (.*)\.$", re.MULTILINE)


@dataclass(frozen=True)
class Known:
    clauses: frozenset[str]
    cases: frozenset[str]
    errata: frozenset[str]
    # Each erratum's entry, by id: a contradicted claim's erratum must name its document.
    entries: Mapping[str, str] = field(default_factory=dict)


@cache
def known() -> Known:
    clauses, _ = declared_clauses(spec_dir())
    errata_page = (spec_dir() / "errata.md").read_text(encoding="utf-8")
    errata = re.findall(r"^## (E-[A-Z]+-[0-9]+): ", errata_page, re.MULTILINE)
    entries = re.split(r"^(?=## E-)", errata_page, flags=re.MULTILINE)[1:]
    return Known(
        clauses=frozenset(clauses),
        cases=frozenset(case.id for case in load_cases(fixtures_dir())),
        errata=frozenset(errata),
        entries={entry.split(":", 1)[0].removeprefix("## "): entry for entry in entries},
    )


def broken_links(name: str, text: str, folder: Path) -> list[str]:
    """The page's relative links (outside code) whose file does not exist beside ``folder``."""
    out: list[str] = []
    for target in LINK.findall(INLINE_CODE.sub("", text)):
        path = target.split("#", 1)[0]
        if re.match(r"^[a-z]+:", target) or not path:
            continue
        if not (folder / path).exists():
            out.append(f"{name}: a link to nothing: {target}")
    return out


def problems(name: str, text: str, found: Known) -> list[str]:
    """What is wrong with one page: unknown ids, rows without a verdict, contradictions without an erratum."""
    out: list[str] = []
    document = DOCUMENT.search(text)
    if document is None:
        return [f"{name}: the page names no document file (`NNN_<16 hex>.txt`)"]
    prefix = f"D{int(document.group(1))}-"
    seen: set[str] = set()
    tally = dict.fromkeys(VERDICTS, 0)
    for line in text.splitlines():
        if not CLAIM_ROW.match(line):
            continue
        row = ROW.match(line)
        if row is None:
            out.append(f"{name}: a claim row without a verdict: {line[:60]}")
            continue
        claim, verdict, evidence = row.group("id"), row.group("verdict"), row.group("evidence")
        if not claim.startswith(prefix):
            out.append(f"{name}: {claim} is not numbered {prefix}<n>")
        if claim in seen:
            out.append(f"{name}: {claim} appears twice")
        seen.add(claim)
        tally[verdict] += 1
        clauses = [c for c in CLAUSE.findall(evidence) if not c.startswith("E-")]
        cases = CASE.findall(evidence)
        errata = ERRATUM.findall(evidence)
        if verdict in ("holds", "contradicted") and not (clauses and cases):
            out.append(f"{name}: {claim} is {verdict} but cites no clause and case")
        if verdict == "contradicted" and not errata:
            out.append(f"{name}: {claim} is contradicted but cites no erratum")
        entries = [found.entries[erratum] for erratum in errata if erratum in found.entries]
        if verdict == "contradicted" and entries and not any(document.group(0) in entry for entry in entries):
            out.append(f"{name}: {claim}'s errata do not name the document {document.group(0)}")
        if not evidence.strip():
            out.append(f"{name}: {claim} gives no evidence or reason")
    for clause in sorted(set(c for c in CLAUSE.findall(text) if not c.startswith("E-")) - found.clauses):
        out.append(f"{name}: no clause {clause}")
    for case in sorted(set(CASE.findall(text)) - found.cases):
        out.append(f"{name}: no case {case}")
    for erratum in sorted(set(ERRATUM.findall(text)) - found.errata):
        out.append(f"{name}: no erratum {erratum}")
    if not seen:
        out.append(f"{name}: no claim rows")
    counts = COUNTS.search(text)
    stated = f"{len(seen)} claims: " + ", ".join(f"{verdict} {tally[verdict]}" for verdict in VERDICTS)
    if counts is None or not f"{counts.group(0)}".startswith(stated):
        out.append(f"{name}: the counts line should start {stated!r}")
    return out


PAGES = sorted(path for path in PAGES_DIR.glob("*.md") if path.name != "README.md")


def test_there_are_pages() -> None:
    assert PAGES, "spec/descriptions/ holds no page"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_every_verdict_rests_on_existing_evidence(page: Path) -> None:
    assert problems(page.name, page.read_text(encoding="utf-8"), known()) == []


@pytest.mark.parametrize("page", [*PAGES, PAGES_DIR / "README.md"], ids=lambda page: page.stem)
def test_every_link_leads_somewhere(page: Path) -> None:
    assert broken_links(page.name, page.read_text(encoding="utf-8"), page.parent) == []


def test_a_link_to_nothing_is_found() -> None:
    text = "See [errata](../errata.md#e-dyn-2), `[not a link](x.md)` and [gone](no-such-page.md)."
    assert broken_links("made-up.md", text, PAGES_DIR) == ["made-up.md: a link to nothing: no-such-page.md"]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_the_readme_lists_the_page(page: Path) -> None:
    assert f"({page.name})" in (PAGES_DIR / "README.md").read_text(encoding="utf-8")


def test_every_erratum_states_its_claim() -> None:
    """An erratum a page cites answers a claim: each entry has its Claim line."""
    text = (spec_dir() / "errata.md").read_text(encoding="utf-8")
    entries = re.split(r"^(?=## E-)", text, flags=re.MULTILINE)[1:]
    for entry in entries:
        assert "- **Claim**" in entry, entry.splitlines()[0]


MADE_UP = """# `002_71dcc5177b3eecb9.txt`: a page with made-up evidence

| claim | the document says | verdict | evidence |
|---|---|---|---|
| D2-1 | "a claim" | holds | `SKILLS-NS-1`; `skills/0.169.0/tools-empty` |
| D2-2 | "another" | holds | `SKILLS-NOWHERE-9`; `skills/0.169.0/no-such-case` |
| D2-3 | "a third" | contradicted | `SKILLS-NS-1`; `skills/0.169.0/tools-empty` |
| D2-4 | "a fourth" | contradicted | E-NOWHERE-1; `SKILLS-NS-1`; `skills/0.169.0/tools-empty` |
| D2-5 | "a fifth" | maybe | `SKILLS-NS-1` |
| D3-6 | "misnumbered" | internal | no wire effect |
| D2-7 | "a seventh" | contradicted | E-DYN-2; `SKILLS-NS-1`; `skills/0.169.0/tools-empty` |

7 claims: holds 2, contradicted 3, partly 0, not shown 0, internal 1.
"""


def test_made_up_evidence_is_found() -> None:
    found = problems("made-up.md", MADE_UP, known())
    assert found == [
        "made-up.md: D2-3 is contradicted but cites no erratum",
        'made-up.md: a claim row without a verdict: | D2-5 | "a fifth" | maybe | `SKILLS-NS-1` |',
        "made-up.md: D3-6 is not numbered D2-<n>",
        "made-up.md: D2-7's errata do not name the document `002_71dcc5177b3eecb9.txt`",
        "made-up.md: no clause SKILLS-NOWHERE-9",
        "made-up.md: no case skills/0.169.0/no-such-case",
        "made-up.md: no erratum E-NOWHERE-1",
        "made-up.md: the counts line should start "
        "'6 claims: holds 2, contradicted 3, partly 0, not shown 0, internal 1'",
    ]


def test_a_sound_page_has_no_problem() -> None:
    counts = "1 claims: holds 1, contradicted 0, partly 0, not shown 0, internal 0."
    page = [*MADE_UP.splitlines()[:5], "", counts]
    assert problems("sound.md", "\n".join(page), known()) == []
