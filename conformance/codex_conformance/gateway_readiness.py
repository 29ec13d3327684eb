"""A gateway's readiness verdict per Codex release, from its scenarios' clause verdicts.

A clause failing in a scenario costs the clause's tier, or the milder tier of
a scenario that shows one feature (``spec/tiers.toml``'s ``[[scenario]]``
rows: a gateway that breaks only the freeform apply_patch call is limited,
not broken); every mandatory clause of spec/gateway.md must be judged by
some scenario of the release.  The workshop's gateway report and the site
both judge with this.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from codex_conformance.readiness import EditionReadiness, Judged, readiness
from codex_conformance.tiers import Tier, Tiers

GATEWAY_CLAUSE_PREFIX = "GATEWAY-"


@dataclass(frozen=True)
class ScenarioVerdicts:
    """One scenario of one release: whether it was judged, and each clause's verdict."""

    edition: str
    scenario: str
    judged: bool
    verdicts: tuple[tuple[str, bool], ...]  # (clause, passed)

    @property
    def passed(self) -> bool:
        return self.judged and all(passed for _, passed in self.verdicts)

    @classmethod
    def of(
        cls, edition: str, scenario: str, judged: bool, verdicts: Iterable[ClauseVerdict]
    ) -> ScenarioVerdicts:
        return cls(edition, scenario, judged, tuple((verdict.clause, verdict.passed) for verdict in verdicts))


class ClauseVerdict(Protocol):
    """A clause's verdict in a scenario, as a gateway run or its JSON report holds it."""

    @property
    def clause(self) -> str: ...
    @property
    def passed(self) -> bool: ...


def gateway_verdicts(
    results: Iterable[ScenarioVerdicts], editions: Iterable[str], tiers: Tiers
) -> list[EditionReadiness]:
    """One verdict per release, in the given order."""
    mandatory = {
        clause
        for clause, tiered in tiers.clauses.items()
        if clause.startswith(GATEWAY_CLAUSE_PREFIX) and tiered.tier is Tier.MANDATORY
    }
    judged = [
        Judged(
            name=result.scenario,
            edition=result.edition,
            clauses=tuple(clause for clause, _ in result.verdicts),
            passed=result.passed,
            failing=tuple(
                (clause, tiers.of_scenario_failure(clause, result.scenario))
                for clause, passed in result.verdicts
                if not passed
            ),
        )
        for result in results
        if result.judged
    ]
    return [readiness(edition, judged, mandatory) for edition in editions]


__all__ = ["GATEWAY_CLAUSE_PREFIX", "ClauseVerdict", "ScenarioVerdicts", "gateway_verdicts"]
