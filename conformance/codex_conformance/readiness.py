"""The readiness verdict of one implementation for one edition, from its results and the clause tiers.

READY: no clause the run judged fails and every mandatory clause in scope was
tested.  READY WITH LIMITATIONS: only capability and advisory clauses fail,
each listed.  NOT READY: a mandatory clause fails, or is in scope and was not
tested (a run that skipped it proves nothing about it), each listed.
Informational clauses are listed as observed and never change the verdict.

The verdict reads judged results (``Judged``: which clauses a case or
scenario shows, whether it passed, and the tier its failure costs), so the
same rules serve a port's run report and a gateway's (``site.sources``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from codex_conformance.tiers import Tier, Tiers, milder

# A limitation lists this many of its failing cases; the report's own sections list them all.
CASES_SHOWN = 5
# A one-line verdict (the terminal's) names this many reasons; the Markdown and the site name all.
REASONS_SHOWN = 6
# The untested mandatory clauses are one reason; its line names this many (the JSON lists all).
UNTESTED_NAMED = 10


class Verdict(StrEnum):
    READY = "READY"
    LIMITED = "READY WITH LIMITATIONS"
    NOT_READY = "NOT READY"


class ClauseFailure(BaseModel):
    model_config = ConfigDict(extra="forbid")

    clause: str
    tier: Tier = Field(
        description="What the failure costs: the clause's tier (spec/tiers.toml), or the "
        "milder tier of the gateway scenario that showed it."
    )
    failing: int = Field(description="Cases (or gateway scenarios) failing on this clause.")
    cases: list[str] = Field(description=f"The first {CASES_SHOWN} of them.")


class EditionReadiness(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edition: str
    verdict: Verdict
    failing: list[ClauseFailure] = Field(
        default_factory=list, description="Every failing clause, the most costly tier first, then by id."
    )
    untested: list[str] = Field(
        default_factory=list,
        description="Mandatory clauses in scope (cited by a case of a declared op and this edition) that no "
        "judged case showed; each makes the verdict NOT READY.",
    )

    def by_tier(self, tier: Tier) -> list[ClauseFailure]:
        return [failure for failure in self.failing if failure.tier is tier]

    def reasons(self) -> list[str]:
        """One line per reason for the verdict, the most costly first; empty when READY."""
        lines = [f"{f.clause} fails ({f.failing}, mandatory)" for f in self.by_tier(Tier.MANDATORY)]
        if self.untested:
            named = ", ".join(self.untested[:UNTESTED_NAMED])
            more = len(self.untested) - UNTESTED_NAMED
            lines.append(
                f"not tested ({len(self.untested)} mandatory): {named}"
                + (f" and {more} more" if more > 0 else "")
            )
        for tier in (Tier.CAPABILITY, Tier.ADVISORY):
            lines += [f"{f.clause} fails ({f.failing}, {tier.value})" for f in self.by_tier(tier)]
        return lines

    def line(self) -> str:
        """E.g. ``0.25.0: READY WITH LIMITATIONS: GATEWAY-HEADERS-1 fails (9, advisory)``."""
        reasons = self.reasons()
        shown = reasons[:REASONS_SHOWN] + (
            [f"and {len(reasons) - REASONS_SHOWN} more"] if len(reasons) > REASONS_SHOWN else []
        )
        return f"{self.edition}: {self.verdict.value}" + (f": {'; '.join(shown)}" if shown else "")


@dataclass(frozen=True)
class Judged:
    """One judged case or scenario: the clauses it shows, and for a failure the tier each costs."""

    name: str
    edition: str
    clauses: tuple[str, ...]
    passed: bool
    failing: tuple[tuple[str, Tier], ...] = ()  # (clause, tier) each failure costs; empty when passed


def judged_case(
    tiers: Tiers, name: str, edition: str, clauses: Iterable[str], passed: bool, *, texts_only: bool = False
) -> Judged:
    """A case: when it fails, every clause it cites fails at that clause's tier; ``texts_only``
    (it passes at the behaviour level, spec/levels.md: only printed texts, key order or
    serialization differ) costs at most an advisory failure, as texts the model can live without."""
    shown = tuple(clauses)
    cost = (lambda clause: milder(tiers.of(clause), Tier.ADVISORY)) if texts_only else tiers.of
    failing = () if passed else tuple((clause, cost(clause)) for clause in shown)
    return Judged(name, edition, shown, passed, failing)


def readiness(edition: str, judged: Iterable[Judged], mandatory_in_scope: Iterable[str]) -> EditionReadiness:
    """The verdict for ``edition`` over its ``judged`` results (other editions' are left out)."""
    failed: dict[str, list[str]] = defaultdict(list)
    costs: dict[str, Tier] = {}
    shown: set[str] = set()
    for result in judged:
        if result.edition != edition:
            continue
        shown.update(result.clauses)
        for clause, tier in result.failing:
            failed[clause].append(result.name)
            # A clause failing at several costs (in a feature's scenario and outside it) costs the most.
            costs[clause] = (
                tier if clause not in costs or tier.severity < costs[clause].severity else costs[clause]
            )
    failures = sorted(
        (
            ClauseFailure(clause=c, tier=costs[c], failing=len(n), cases=n[:CASES_SHOWN])
            for c, n in failed.items()
        ),
        key=lambda failure: (failure.tier.severity, failure.clause),
    )
    untested = sorted(set(mandatory_in_scope) - shown)
    if untested or any(failure.tier is Tier.MANDATORY for failure in failures):
        verdict = Verdict.NOT_READY
    elif any(failure.tier in (Tier.CAPABILITY, Tier.ADVISORY) for failure in failures):
        verdict = Verdict.LIMITED
    else:
        verdict = Verdict.READY
    return EditionReadiness(edition=edition, verdict=verdict, failing=failures, untested=untested)


__all__ = [
    "CASES_SHOWN",
    "REASONS_SHOWN",
    "UNTESTED_NAMED",
    "ClauseFailure",
    "EditionReadiness",
    "Judged",
    "Verdict",
    "judged_case",
    "readiness",
]
