"""The site's cells: per implementation x edition (and area), the pass counts and the readiness verdict.

A port's verdicts are the run report's rules (``report_readiness``) applied to
the report as read, so a report written before verdicts existed gets them
too.  A gateway's are judged per scenario, as its own report judges them
(``gateway_readiness``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from codex_conformance.areas import area_of_op
from codex_conformance.cases import Case
from codex_conformance.gateway_readiness import ScenarioVerdicts, gateway_verdicts, profile_verdicts
from codex_conformance.readiness import EditionReadiness
from codex_conformance.report_readiness import outcome_facts, verdicts
from codex_conformance.site.sources import GatewayReport, PortReport
from codex_conformance.tiers import Tiers


@cache
def area_name(op: str) -> str:
    """The area declaring ``op``; for an op no area declares (a test's own), the op's first word."""
    try:
        return area_of_op(op).name
    except LookupError:
        return op.split(".", 1)[0]


class Counted(Protocol):
    """A case's outcome or a gateway scenario, as a cell counts it."""

    @property
    def passed(self) -> bool: ...
    @property
    def judged(self) -> bool: ...


@dataclass(frozen=True)
class Cell:
    """One implementation x edition (or x area): counts of judged items and the verdict."""

    passed: int
    judged: int
    not_applicable: int
    verdict: EditionReadiness
    behaviour_passed: int | None = None  # a port's cases passing at the behaviour level (spec/levels.md)

    @classmethod
    def of(
        cls, items: Sequence[Counted], verdict: EditionReadiness, behaviour_passed: int | None = None
    ) -> Cell:
        """The cell of ``items`` (one edition's cases or scenarios) with its verdict."""
        return cls(
            passed=sum(item.passed for item in items),
            judged=sum(item.judged for item in items),
            not_applicable=sum(not item.judged for item in items),
            verdict=verdict,
            behaviour_passed=behaviour_passed,
        )

    def counts(self) -> str:
        """``passed / judged``, with the behaviour level's count where it differs."""
        shown = f"{self.passed} / {self.judged}"
        if self.behaviour_passed is not None and self.behaviour_passed != self.passed:
            shown += f" (behaviour {self.behaviour_passed})"
        return shown


def port_cells(
    report: PortReport, cases: list[Case], tiers: Tiers, area: str | None = None
) -> dict[str, Cell]:
    """Per edition run, the cell of ``report`` (over one area's ops when ``area`` is given); an edition
    with nothing of the area is left out."""
    outcomes = [o for o in report.outcomes if area is None or area_name(o.op) == area]
    ops = [op for op in _declared_ops(report) if area is None or area_name(op) == area]
    editions = [e for e in report.editions if any(o.edition == e for o in outcomes)]
    judged = verdicts(outcome_facts(outcomes), editions, ops, cases, tiers)
    cells = {}
    for verdict in judged:
        mine = [o for o in outcomes if o.edition == verdict.edition]
        behaviour = sum(o.judged and o.status_at("behaviour") == "pass" for o in mine)
        cells[verdict.edition] = Cell.of(mine, verdict, behaviour)
    return cells


def port_areas(report: PortReport) -> list[str]:
    """The areas of the ops the report declares: a report lists every case, those of ops it does not
    declare as not applicable, and an area it judged nothing of is no area of its (not READY at 0 / 0)."""
    return sorted({area_name(op) for op in _declared_ops(report)})


def _declared_ops(report: PortReport) -> list[str]:
    # Reports of old kits may not list the declared ops: those of the outcomes judged stand in.
    return report.declared_ops or sorted({o.op for o in report.outcomes if o.judged})


def _scenario_verdicts(report: GatewayReport) -> list[ScenarioVerdicts]:
    return [ScenarioVerdicts.of(r.edition, r.scenario, r.judged, r.verdicts, r.model) for r in report.results]


def gateway_cells(report: GatewayReport, tiers: Tiers) -> dict[str, Cell]:
    """Per Codex release the gateway ran, its scenarios passing and the verdict."""
    results = _scenario_verdicts(report)
    return {
        verdict.edition: Cell.of([r for r in results if r.edition == verdict.edition], verdict)
        for verdict in gateway_verdicts(results, report.editions, tiers)
    }


def gateway_profile_cells(report: GatewayReport, tiers: Tiers) -> dict[str, dict[str, Cell]]:
    """Per Codex release, per model its scenarios ran under (as the report names them), the cell of
    that model's scenarios; empty for a report that names no model."""
    results = _scenario_verdicts(report)
    cells: dict[str, dict[str, Cell]] = {}
    for profile in profile_verdicts(results, report.editions, tiers):
        edition = profile.verdict.edition
        mine = [r for r in results if r.edition == edition and r.model == profile.model]
        cells.setdefault(edition, {})[profile.model] = Cell.of(mine, profile.verdict)
    return cells


__all__ = [
    "Cell",
    "Counted",
    "area_name",
    "gateway_cells",
    "gateway_profile_cells",
    "port_areas",
    "port_cells",
]
