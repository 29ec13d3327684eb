"""What an area still lacks: the add-an-area checklist of CONTRIBUTING.md, as a check.

Every op an area declares needs cases (in the editions the area exists in
and no other), a spec page whose clauses the cases cite, a reference answer
or a declared reason, a release op or a declared reason, and a broken
adapter caught on one of its clauses or a declared reason.  An area with
captured cases needs a ``capture.py``.  ``conformance/workshop/tests/test_area_completeness.py``
runs this over every area, and over a deliberately incomplete one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from codex_conformance.areas import Area
from codex_conformance.cases import Case
from codex_workshop.areas import parts_of

CLAUSE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+\b")


def defined_clauses(spec_page: Path) -> set[str]:
    """The clause ids a spec page mentions."""
    return set(CLAUSE_ID.findall(spec_page.read_text(encoding="utf-8")))


def problems(area: Area, cases: Iterable[Case], reference_ops: set[str], spec_dir: Path) -> list[str]:
    """Everything the area lacks, one line each; empty when it is complete."""
    mine = [case for case in cases if case.op in area.ops]
    found: list[str] = []
    found += _declared_reasons(area)
    found += _cases_and_editions(area, mine)
    found += _spec(area, mine, spec_dir)
    release_ops = parts_of(area).release_ops()
    broken_clauses = {broken.clause for broken in parts_of(area).broken_adapters()}
    for op in area.ops:
        if op not in reference_ops and op not in area.reference_does_not_answer:
            found.append(f"{area.name}: the reference does not answer {op} and the area gives no reason")
        if op not in release_ops and op not in area.release_cannot_answer:
            found.append(f"{area.name}: no release op for {op} in release.py and no reason given")
        op_clauses = {clause for case in mine if case.op == op for clause in case.clauses}
        if not broken_clauses & op_clauses and op not in area.no_broken_adapter:
            found.append(f"{area.name}: no broken adapter in broken.py is caught on a clause of {op}")
    if any(case.provenance.kind == "captured" for case in mine) and parts_of(area).part("capture") is None:
        found.append(f"{area.name}: has captured cases but no capture.py to re-create them")
    return found


def _declared_reasons(area: Area) -> list[str]:
    declared = {
        "release_cannot_answer": area.release_cannot_answer,
        "reference_does_not_answer": area.reference_does_not_answer,
        "no_broken_adapter": area.no_broken_adapter,
    }
    return [
        f"{area.name}: {field} names {op}, which is not one of its ops"
        for field, reasons in declared.items()
        for op in reasons
        if op not in area.ops
    ]


def _cases_and_editions(area: Area, mine: list[Case]) -> list[str]:
    found = []
    for op in area.ops:
        if not [case for case in mine if case.op == op]:
            found.append(f"{area.name}: no case in fixtures/ for {op}")
    stray = sorted({case.edition for case in mine} - set(area.editions))
    if stray:
        found.append(f"{area.name}: cases for {', '.join(stray)}, where the area does not exist")
    return found


def _spec(area: Area, mine: list[Case], spec_dir: Path) -> list[str]:
    page = spec_dir / area.spec_page
    if not page.is_file():
        return [f"{area.name}: no spec page spec/{area.spec_page}"]
    if not defined_clauses(page):
        return [f"{area.name}: spec/{area.spec_page} defines no clause ids"]
    # A case may cite another area's clause too (an MCP tool's schema is schema's rule).
    known = {clause for other in spec_dir.glob("*.md") for clause in defined_clauses(other)}
    missing = sorted({clause for case in mine for clause in case.clauses} - known)
    if missing:
        return [f"{area.name}: cases cite clauses no spec page mentions: {', '.join(missing)}"]
    return []
