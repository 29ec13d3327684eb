"""A gateway's readiness verdict per Codex release, from its scenarios' clause verdicts.

A clause failing in a scenario costs the clause's tier, or the milder tier of
a scenario that shows one feature (``spec/tiers.toml``'s ``[[scenario]]``
rows: a gateway that breaks only the freeform apply_patch call is limited,
not broken); every mandatory clause of spec/gateway.md must be judged by
some scenario of the release.  The workshop's gateway report and the site
both judge with this.

A release runs its scenarios under more than one model (the release's
default, the model offered the freeform apply_patch tool, one that defers MCP
tools, a Responses-Lite model...): each result names its model where the
report recorded it, and ``profile_verdicts`` judges each release x model on
the scenarios run under that model alone.  The models come from the results,
never from a list here, so a scenario under a new model is a new profile.
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
    # The model Codex ran the scenario under; None in reports written before models were recorded.
    model: str | None = None

    @property
    def passed(self) -> bool:
        return self.judged and all(passed for _, passed in self.verdicts)

    @classmethod
    def of(
        cls,
        edition: str,
        scenario: str,
        judged: bool,
        verdicts: Iterable[ClauseVerdict],
        model: str | None = None,
    ) -> ScenarioVerdicts:
        pairs = tuple((verdict.clause, verdict.passed) for verdict in verdicts)
        return cls(edition, scenario, judged, pairs, model)


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


@dataclass(frozen=True)
class ProfileVerdict:
    """One release x model: the scenarios judged under the model and the verdict over them alone."""

    model: str
    scenarios: tuple[str, ...]
    verdict: EditionReadiness

    def as_json(self) -> dict[str, object]:
        verdict = self.verdict.model_dump(mode="json")
        return {"model": self.model, "scenarios": list(self.scenarios), **verdict}


def profile_verdicts(
    results: Iterable[ScenarioVerdicts], editions: Iterable[str], tiers: Tiers
) -> list[ProfileVerdict]:
    """Per release (in the given order), then per model in the order its first scenario ran, the
    verdict over that model's judged scenarios; none for results that name no model."""
    results = list(results)
    out = []
    for edition in editions:
        models: list[str] = []
        for result in results:
            if result.edition == edition and result.judged and result.model and result.model not in models:
                models.append(result.model)
        for model in models:
            mine = [r for r in results if r.edition == edition and r.model == model]
            (verdict,) = gateway_verdicts(mine, [edition], tiers)
            out.append(ProfileVerdict(model, tuple(r.scenario for r in mine if r.judged), verdict))
    return out


__all__ = [
    "GATEWAY_CLAUSE_PREFIX",
    "ClauseVerdict",
    "ProfileVerdict",
    "ScenarioVerdicts",
    "gateway_verdicts",
    "profile_verdicts",
]
