"""Requirement tiers: how much each spec clause matters, read from ``spec/tiers.toml``.

A clause's tier says what its failure costs a user: ``mandatory`` (Codex cannot
run the turn or the tool without it), ``capability`` (only where the release
uses the feature), ``advisory`` (identity headers, texts the model can live
without), ``informational`` (observed, not judged).  The file gives every
clause declared in ``spec/`` exactly one tier and one sentence of why;
``tier_problems`` says where it does not, so a new clause cannot land
without a tier (conformance/tests/test_tiers.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from codex_conformance.errors import UsageError
from codex_conformance.problems import Problem

TIERS_FILE = "tiers.toml"


class Tier(StrEnum):
    # In order of what a failure costs, the most first (severity() reads this order).
    MANDATORY = "mandatory"
    CAPABILITY = "capability"
    ADVISORY = "advisory"
    INFORMATIONAL = "informational"

    @property
    def severity(self) -> int:
        """0 for mandatory, up to 3 for informational."""
        return list(Tier).index(self)


def milder(first: Tier, second: Tier) -> Tier:
    """The tier whose failure costs less: a mandatory clause broken only in a feature's scenario
    costs what the feature does."""
    return first if first.severity >= second.severity else second


@dataclass(frozen=True)
class Tiered:
    """A clause's (or a gateway scenario's) tier and the sentence that justifies it."""

    name: str
    tier: Tier
    why: str


@dataclass(frozen=True)
class Tiers:
    clauses: dict[str, Tiered]
    scenarios: dict[str, Tiered]

    def of(self, clause: str) -> Tier:
        """The clause's tier; a clause the file does not name counts as mandatory, never as less."""
        found = self.clauses.get(clause)
        return found.tier if found is not None else Tier.MANDATORY

    def of_scenario_failure(self, clause: str, scenario: str) -> Tier:
        """What a gateway scenario's failure on ``clause`` costs: the clause's tier, or the
        scenario's feature tier where that is milder."""
        found = self.scenarios.get(scenario)
        tier = self.of(clause)
        return milder(tier, found.tier) if found is not None else tier


def tiers_path(spec_dir: Path) -> Path:
    return spec_dir / TIERS_FILE


def load_tiers(spec_dir: Path) -> Tiers:
    """The tiers of ``spec_dir``; a ``UsageError`` of one line when the file is unreadable or malformed."""
    tiers, problems = _parse(tiers_path(spec_dir))
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise UsageError(f"{first.where}: {first.message}{more}")
    return tiers


def tier_problems(spec_dir: Path, declared: dict[str, str]) -> list[Problem]:
    """Where the tiers file fails the spec: a declared clause (``declared``: id -> where) with no
    tier, a clause tiered twice or not declared, an unknown tier, a justification not one sentence."""
    path = tiers_path(spec_dir)
    tiers, problems = _parse(path)
    where = str(path.name)
    for clause in sorted(set(declared) - set(tiers.clauses)):
        problems.append(Problem(declared[clause], f"clause {clause} has no tier in {where}"))
    for clause in sorted(set(tiers.clauses) - set(declared)):
        problems.append(Problem(where, f"{clause} has a tier but no clause of spec/ declares it"))
    return problems


def _parse(path: Path) -> tuple[Tiers, list[Problem]]:
    where = path.name
    tiers = Tiers(clauses={}, scenarios={})
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return tiers, [Problem(where, f"cannot read the tiers file: {exc.strerror or exc}")]
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return tiers, [Problem(where, f"not a TOML file: {exc}")]
    problems: list[Problem] = []
    unknown = sorted(set(raw) - {"group", "scenario"})
    if unknown:
        problems.append(Problem(where, f"unknown tables {', '.join(unknown)} (known: group, scenario)"))
    for index, group in enumerate(_rows(raw, "group", where, problems), start=1):
        entry = _tier_and_why(group, f"{where}: group {index}", problems)
        clauses = group.get("clauses")
        if entry is None:
            continue
        if not isinstance(clauses, list) or not all(isinstance(c, str) for c in clauses) or not clauses:
            problems.append(Problem(f"{where}: group {index}", "clauses must be a non-empty list of ids"))
            continue
        for clause in clauses:
            if clause in tiers.clauses:
                problems.append(Problem(f"{where}: group {index}", f"clause {clause} is tiered twice"))
            else:
                tiers.clauses[clause] = Tiered(clause, *entry)
    for index, row in enumerate(_rows(raw, "scenario", where, problems), start=1):
        entry = _tier_and_why(row, f"{where}: scenario {index}", problems)
        name = row.get("name")
        if entry is not None and isinstance(name, str) and name:
            tiers.scenarios[name] = Tiered(name, *entry)
        elif entry is not None:
            problems.append(Problem(f"{where}: scenario {index}", "a scenario needs a name"))
    return tiers, problems


def _rows(raw: dict[str, Any], key: str, where: str, problems: list[Problem]) -> list[dict[str, Any]]:
    rows = raw.get(key, [])
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        problems.append(Problem(where, f"{key} must be an array of tables ([[{key}]])"))
        return []
    return rows


def _tier_and_why(row: dict[str, Any], where: str, problems: list[Problem]) -> tuple[Tier, str] | None:
    tier, why = row.get("tier"), row.get("why")
    if tier not in {t.value for t in Tier}:
        problems.append(Problem(where, f"tier {tier!r} is not one of {', '.join(t.value for t in Tier)}"))
        return None
    if not isinstance(why, str) or not _one_sentence(why):
        problems.append(Problem(where, f"why must be one sentence ending with a full stop, not {why!r}"))
        return None
    return Tier(tier), why


def _one_sentence(text: str) -> bool:
    # One full stop, at the end: a justification that needs two sentences is two tiers' worth.
    body = text.strip()
    return bool(body) and body.endswith(".") and ". " not in body[:-1]


__all__ = [
    "TIERS_FILE",
    "Tier",
    "Tiered",
    "Tiers",
    "load_tiers",
    "milder",
    "tier_problems",
    "tiers_path",
]
