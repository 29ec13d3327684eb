"""A run report's readiness verdicts: its outcomes judged against the clause tiers, edition by edition.

The scope of an edition is every clause cited by a fixture case of an op the
implementation declares in that edition, whether or not this run selected
it: a run narrowed with ``-k`` that skips a mandatory clause is not READY.
The session adds the verdicts to the report it writes; ``codex-conformance
site`` computes them the same way for reports written before verdicts existed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from codex_conformance import paths
from codex_conformance.cases import Case
from codex_conformance.errors import UsageError
from codex_conformance.facets import Level
from codex_conformance.outcome import Judged as CaseLike
from codex_conformance.outcome import Status
from codex_conformance.readiness import EditionReadiness, Judged, judged_case, readiness
from codex_conformance.tiers import Tier, Tiers, load_tiers


@dataclass(frozen=True)
class OutcomeFacts:
    """What a verdict reads of an outcome (a report's outcome, or one read from an older report)."""

    id: str
    op: str
    edition: str
    status: str
    clauses: tuple[str, ...]
    expected_failure: bool = False
    behaviour_passed: bool = False  # passes at the behaviour level (spec/levels.md), whatever the run's

    @property
    def texts_only(self) -> bool:
        """It fails, but only on printed texts, key order or serialization."""
        return not self.passed and self.behaviour_passed

    @property
    def judged(self) -> bool:
        return self.status != "not_applicable"

    @property
    def passed(self) -> bool:
        # An expected failure is still a failure of the clause; the gate only keeps CI green.
        return self.status == "pass" and not self.expected_failure


class OutcomeLike(CaseLike, Protocol):
    """An outcome as a run's report holds it (``Outcome``) or as the site reads an older one."""

    @property
    def status(self) -> str: ...
    @property
    def expected_failure(self) -> str | None: ...
    def status_at(self, level: Level) -> str: ...


def outcome_facts(outcomes: Iterable[OutcomeLike]) -> list[OutcomeFacts]:
    return [
        OutcomeFacts(
            o.id,
            o.op,
            o.edition,
            str(o.status),
            tuple(o.clauses),
            expected_failure=o.expected_failure is not None,
            behaviour_passed=o.status_at("behaviour") == Status.PASS,
        )
        for o in outcomes
    ]


def mandatory_scope(cases: Iterable[Case], ops: Iterable[str], edition: str, tiers: Tiers) -> set[str]:
    """The mandatory clauses cited by the cases of ``ops`` in ``edition``."""
    wanted = set(ops)
    return {
        clause
        for case in cases
        if case.edition == edition and case.op in wanted
        for clause in case.clauses
        if tiers.of(clause) is Tier.MANDATORY
    }


def verdicts(
    outcomes: Iterable[OutcomeFacts],
    editions: Iterable[str],
    ops: Iterable[str],
    cases: list[Case],
    tiers: Tiers,
) -> list[EditionReadiness]:
    """One verdict per edition run, in the given order."""
    judged: list[Judged] = [
        judged_case(
            tiers, outcome.id, outcome.edition, outcome.clauses, outcome.passed, texts_only=outcome.texts_only
        )
        for outcome in outcomes
        if outcome.judged
    ]
    declared = list(ops)
    return [
        readiness(edition, judged, mandatory_scope(cases, declared, edition, tiers)) for edition in editions
    ]


def session_verdicts(
    outcomes: Iterable[OutcomeFacts], editions: list[str], ops: list[str], cases: list[Case]
) -> list[EditionReadiness]:
    """The verdicts a run's report carries, with the kit's own tiers; none when they cannot be read
    (the report is still written: a verdict is added information, never a reason to lose a run)."""
    try:
        tiers = load_tiers(paths.spec_dir())
    except (UsageError, FileNotFoundError):
        return []
    return verdicts(outcomes, editions, ops, cases, tiers)


__all__ = ["OutcomeFacts", "OutcomeLike", "mandatory_scope", "outcome_facts", "session_verdicts", "verdicts"]
