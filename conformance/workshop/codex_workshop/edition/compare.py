"""What changed between two editions' captures of the same scenarios, per area and clause.

Each area's ``captured-<V>.json`` is read beside the nearest edition's
``captured-<N>.json``; a scenario is the same case in both when its slug
(the last part of the case id) is.  Expected values are compared as the
recapture check compares them (``fixture_writer.expected_text``: an error
by its kind, a measured value by its form), so a change reported here is
one a port would fail on.  Every clause a changed case cites is listed with
the case: each is a rule the reference models for the nearest edition and
must model differently for the new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from codex_conformance.cases import Case, FixtureError, load_fixture_file
from codex_workshop.capture.fixture_writer import expected_text

# A clause's line names at most this many cases, then says how many more.
_SHOWN_CASES = 8


@dataclass
class AreaChanges:
    """One area's captures of the new edition against the nearest edition's."""

    area: str
    # Why the area could not be compared (no captures for one of the two); None: compared.
    missing: str | None = None
    compared: int = 0
    # Clause -> the new edition's ids of the changed cases citing it, in fixture order.
    clauses: dict[str, list[str]] = field(default_factory=dict)
    changed: list[str] = field(default_factory=list)
    new: list[str] = field(default_factory=list)  # scenarios only the new edition has
    gone: list[str] = field(default_factory=list)  # scenarios only the nearest edition has

    @property
    def ready(self) -> bool:
        return self.missing is None and not self.changed


def _slug(case: Case) -> str:
    return case.id.rsplit("/", 1)[1]


def compare_cases(area: str, nearest: Iterable[Case], new: Iterable[Case]) -> AreaChanges:
    old_by_slug = {_slug(case): case for case in nearest}
    changes = AreaChanges(area)
    seen: set[str] = set()
    for case in new:
        slug = _slug(case)
        seen.add(slug)
        old = old_by_slug.get(slug)
        if old is None:
            changes.new.append(case.id)
            continue
        changes.compared += 1
        if expected_text(old.expected.model_dump()) != expected_text(case.expected.model_dump()):
            changes.changed.append(case.id)
            for clause in case.clauses:
                changes.clauses.setdefault(clause, []).append(case.id)
    changes.gone = [case.id for slug, case in old_by_slug.items() if slug not in seen]
    return changes


def captured_path(root: Path, area: str, version: str) -> Path:
    return root / area / f"captured-{version}.json"


def compare_area(root: Path, area: str, nearest: str, version: str) -> AreaChanges:
    """The area's captures of ``version`` against those of ``nearest``, read from ``root``."""
    old_path, new_path = captured_path(root, area, nearest), captured_path(root, area, version)
    if not old_path.is_file():
        return AreaChanges(area, missing=f"nothing captured from {nearest} to compare with")
    if not new_path.is_file():
        return AreaChanges(area, missing=f"nothing captured from {version}")
    try:
        return compare_cases(area, load_fixture_file(old_path).cases, load_fixture_file(new_path).cases)
    except FixtureError as exc:
        return AreaChanges(area, missing=f"unreadable captures: {exc}")


def _ids(ids: list[str]) -> str:
    shown = ", ".join(ids[:_SHOWN_CASES])
    return shown + (f" and {len(ids) - _SHOWN_CASES} more" if len(ids) > _SHOWN_CASES else "")


def report_lines(changes: AreaChanges, nearest: str, version: str) -> list[str]:
    """What the area's comparison says, a line for the area and one per changed clause."""
    if changes.missing is not None:
        return [f"{changes.area}: not compared ({changes.missing})"]
    lines = []
    if changes.ready:
        lines.append(f"{changes.area}: ready ({changes.compared} cases, no expected value changed)")
    else:
        lines.append(
            f"{changes.area}: {len(changes.changed)} of {changes.compared} cases changed against {nearest}, "
            f"{len(changes.clauses)} clauses"
        )
        lines += [f"  {clause}: {_ids(ids)}" for clause, ids in sorted(changes.clauses.items())]
    if changes.new:
        lines.append(f"  new in {version} (no {nearest} case to compare): {_ids(changes.new)}")
    if changes.gone:
        lines.append(f"  not in {version} (captured from {nearest} only): {_ids(changes.gone)}")
    return lines
