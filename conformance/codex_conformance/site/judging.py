"""The site's cells: per implementation x edition (and area), the pass counts and the readiness verdict.

A port's verdicts are the run report's rules (``report_readiness``) applied to
the report as read, so a report written before verdicts existed gets them
too.  A gateway's are judged per scenario, as its own report judges them
(``gateway_readiness``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from codex_conformance.areas import area_of_op
from codex_conformance.cases import Case
from codex_conformance.gateway_readiness import ScenarioVerdicts, gateway_verdicts
from codex_conformance.readiness import EditionReadiness
from codex_conformance.report_readiness import OutcomeFacts, verdicts
from codex_conformance.site.sources import GatewayReport, PortOutcome, PortReport
from codex_conformance.tiers import Tiers


@cache
def area_name(op: str) -> str:
    """The area declaring ``op``; for an op no area declares (a test's own), the op's first word."""
    try:
        return area_of_op(op).name
    except LookupError:
        return op.split(".", 1)[0]


@dataclass(frozen=True)
class Cell:
    """One implementation x edition (or x area): counts of judged items and the verdict."""

    passed: int
    judged: int
    not_applicable: int
    verdict: EditionReadiness
    behaviour_passed: int | None = None  # a port's cases passing at the behaviour level (spec/levels.md)

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
    judged = verdicts(_facts(outcomes), editions, ops, cases, tiers)
    cells = {}
    for verdict in judged:
        mine = [o for o in outcomes if o.edition == verdict.edition]
        cells[verdict.edition] = Cell(
            passed=sum(o.passed for o in mine),
            judged=sum(o.judged for o in mine),
            not_applicable=sum(not o.judged for o in mine),
            verdict=verdict,
            behaviour_passed=sum(o.judged and o.levels.get("behaviour", o.status) == "pass" for o in mine),
        )
    return cells


def port_areas(report: PortReport) -> list[str]:
    return sorted({area_name(outcome.op) for outcome in report.outcomes})


def _declared_ops(report: PortReport) -> list[str]:
    # Reports of old kits may not list the declared ops: those of the outcomes judged stand in.
    return report.declared_ops or sorted({o.op for o in report.outcomes if o.judged})


def _facts(outcomes: Iterable[PortOutcome]) -> list[OutcomeFacts]:
    return [
        OutcomeFacts(
            o.id,
            o.op,
            o.edition,
            o.status,
            tuple(o.clauses),
            expected_failure=o.expected_failure is not None,
            behaviour_passed=o.levels.get("behaviour", o.status) == "pass",
        )
        for o in outcomes
    ]


def gateway_cells(report: GatewayReport, tiers: Tiers) -> dict[str, Cell]:
    """Per Codex release the gateway ran, its scenarios passing and the verdict."""
    results = [
        ScenarioVerdicts(
            result.edition,
            result.scenario,
            result.judged,
            tuple((v.clause, v.passed) for v in result.verdicts),
        )
        for result in report.results
    ]
    cells = {}
    for verdict in gateway_verdicts(results, report.editions, tiers):
        mine = [result for result in results if result.edition == verdict.edition]
        cells[verdict.edition] = Cell(
            passed=sum(result.passed for result in mine),
            judged=sum(result.judged for result in mine),
            not_applicable=sum(not result.judged for result in mine),
            verdict=verdict,
        )
    return cells


__all__ = ["Cell", "area_name", "gateway_cells", "port_areas", "port_cells"]
