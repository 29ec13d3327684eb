"""A gateway run as Markdown (for people and docs/reports/) and as JSON (for tools).

The Markdown says first, per Codex release, whether Codex works through the
gateway (every applicable scenario passes) and whether it works apart from
the identity headers (every clause but GATEWAY-HEADERS-1 holds: most real
gateways drop Codex's headers, and that alone should not hide what else
round-trips), then a table of scenarios by clause, then each difference, the
scenarios a release has no way to show and why, and what the gateway printed
when anything went wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from codex_conformance import paths
from codex_conformance.errors import UsageError
from codex_conformance.gateway_readiness import (
    ProfileVerdict,
    ScenarioVerdicts,
    gateway_verdicts,
    profile_verdicts,
)
from codex_conformance.readiness import EditionReadiness
from codex_conformance.report import readiness_section
from codex_conformance.tiers import Tiers, load_tiers
from codex_workshop.gateway.certify import GatewayRun, ScenarioResult
from codex_workshop.gateway.verdicts import CLAUSES

_MARKS = {"pass": "pass", "fail": "**fail**", "error": "**error**", "not applicable": "n/a"}
# The clause reported apart: a gateway that only drops Codex's identity headers still carries its traffic.
HEADERS_CLAUSE = "GATEWAY-HEADERS-1"


def applicable(results: list[ScenarioResult]) -> list[ScenarioResult]:
    return [result for result in results if result.outcome != "not applicable"]


def edition_counts(run: GatewayRun, edition: str) -> dict[str, int]:
    """The edition's counts as reports and tables quote them: scenarios applicable, passing,
    passing but for GATEWAY-HEADERS-1, and not applicable."""
    results = run.of_edition(edition)
    counted = applicable(results)
    return {
        "applicable": len(counted),
        "passed": sum(result.outcome == "pass" for result in counted),
        "passed_apart_from_headers": sum(result.passes_apart_from(HEADERS_CLAUSE) for result in counted),
        "not_applicable": len(results) - len(counted),
    }


def _edition_line(run: GatewayRun, edition: str) -> str:
    results = applicable(run.of_edition(edition))
    counts = edition_counts(run, edition)
    passed, total = counts["passed"], counts["applicable"]
    line = f"- **{edition}**: {passed} / {total} scenarios pass"
    if counts["not_applicable"]:
        line += f" ({counts['not_applicable']} not applicable)"
    if results and passed == total:
        return line + ": Codex works through it as it does directly"
    failed = Counter(clause for result in results for clause in result.failed_clauses())
    order = list(CLAUSES)
    where = [f"{clause} ({failed[clause]})" for clause in sorted(failed, key=order.index)]
    errors = sum(result.outcome == "error" for result in results)
    where += [f"{errors} not judged"] if errors else []
    line += ": Codex does not work through it as it does directly: " + (", ".join(where) or "nothing ran")
    if not any(result.judged for result in results):
        return line
    apart = counts["passed_apart_from_headers"]
    line += f"; apart from {HEADERS_CLAUSE}, {apart} / {total} pass"
    if apart == total:
        line += " (only Codex's identity headers are lost)"
    return line


def _tiers() -> Tiers | None:
    # None when the kit's tiers cannot be read: the report is still written, without verdicts.
    try:
        return load_tiers(paths.spec_dir())
    except (UsageError, FileNotFoundError):
        return None


def _scenario_verdicts(run: GatewayRun) -> list[ScenarioVerdicts]:
    return [ScenarioVerdicts.of(r.edition, r.slug, r.judged, r.verdicts, r.model) for r in run.results]


def readiness(run: GatewayRun) -> list[EditionReadiness]:
    """Per release, the verdict (spec/tiers.toml: identity headers are advisory, a scenario showing
    one feature limits); none when the kit's tiers cannot be read (the report is still written)."""
    tiers = _tiers()
    return [] if tiers is None else gateway_verdicts(_scenario_verdicts(run), run.editions, tiers)


def profiles(run: GatewayRun) -> list[ProfileVerdict]:
    """Per release and model its scenarios ran under, the verdict over that model's scenarios alone."""
    tiers = _tiers()
    return [] if tiers is None else profile_verdicts(_scenario_verdicts(run), run.editions, tiers)


def profiles_section(verdicts: list[ProfileVerdict]) -> list[str]:
    """The verdict per release and model, where a release ran scenarios under more than one model."""
    editions = [verdict.verdict.edition for verdict in verdicts]
    if not any(editions.count(edition) > 1 for edition in editions):
        return []
    out = [
        "",
        "## Readiness per model",
        "",
        "Each model the release ran scenarios under, judged on those scenarios alone.",
        "",
        "| edition | model | scenarios | verdict | why |",
        "|---|---|---|---|---|",
    ]
    for profile in verdicts:
        verdict = profile.verdict
        why = ("; ".join(verdict.reasons()) or "every clause judged passes").replace("|", "\\|")
        out.append(
            f"| {verdict.edition} | `{profile.model}` | {', '.join(profile.scenarios)} | "
            f"**{verdict.verdict.value}** | {why} |"
        )
    return out


def _row(result: ScenarioResult) -> str:
    cells = []
    for clause in CLAUSES:
        if not result.judged:
            cells.append("-")
        else:
            cells.append("pass" if clause not in result.failed_clauses() else "**fail**")
    apis = ", ".join(sorted(set(result.upstream_apis))) or "-"
    if result.judged:
        apis += f": {len(result.upstream_apis)} (direct: {result.direct_requests})"
    apart = "-"
    if result.judged:
        apart = "pass" if result.passes_apart_from(HEADERS_CLAUSE) else "**fail**"
    return (
        f"| {result.edition} | `{result.slug}` | {_MARKS[result.outcome]} | {apart} | {apis} | "
        + " | ".join(cells)
        + " |"
    )


def _fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}text\n{text.rstrip()}\n{ticks}"


def _transport_said(result: ScenarioResult) -> str:
    """How the turn reached the upstream, and what the gateway answered the upgrades with."""
    if result.transport == "websocket":
        return "over the WebSocket: the gateway relayed it (judged against the direct run over the WebSocket)"
    answers = sorted(set(result.upgrade_answers))
    if 101 in answers:
        how = (
            "the gateway accepted the upgrade (101), then called the upstream over HTTP or failed "
            "on the WebSocket so that the release fell back"
        )
    elif answers:
        statuses = ", ".join(str(answer) if answer else "no answer" for answer in answers)
        how = f"the gateway refused the upgrade ({statuses}) and the release fell back"
    else:
        how = "the gateway's answer to the upgrade was not seen"
    return f"over HTTP: {how} (judged against a direct run whose upstream refuses the upgrade)"


def _transport_section(run: GatewayRun) -> list[str]:
    """Which transport carried the model requests to the upstream, where the upstream took both."""
    shown = [result for result in run.results if result.transport is not None]
    if not shown:
        return []
    lines = ["## Transport", ""]
    lines += [
        f"- {result.edition} `{result.slug}`: the turn reached the upstream {_transport_said(result)}"
        for result in shown
    ]
    return [*lines, ""]


def render_markdown(run: GatewayRun) -> str:
    lines = [f"# Gateway certification: `{run.gateway}`", ""]
    lines.append("Each scenario ran twice, through the gateway and directly against the kit's mock upstream;")
    lines.append("the clauses (spec/gateway.md) compare the two runs.")
    lines.append("")
    if run.aborted is not None:
        lines += [f"**The run stopped: {run.aborted}**", ""]
    lines += [_edition_line(run, edition) for edition in run.editions]
    lines += [*readiness_section(readiness(run)), *profiles_section(profiles(run)), ""]
    if run.results:
        short = [clause.removeprefix("GATEWAY-") for clause in CLAUSES]
        lines.append(
            "| edition | scenario | verdict | but HEADERS-1 | upstream requests | " + " | ".join(short) + " |"
        )
        lines.append("|---|---|---|---|---|" + "---|" * len(short))
        lines += [_row(result) for result in run.results]
        lines.append("")
    problems = [result for result in applicable(run.results) if result.outcome != "pass"]
    if problems:
        lines += ["## Differences", ""]
        for result in problems:
            lines.append(f"### {result.edition} `{result.slug}`: {result.title}")
            lines.append("")
            if result.error is not None:
                lines += [f"- error: {result.error}", ""]
                continue
            for verdict in result.verdicts:
                for difference in verdict.differences:
                    lines.append(f"- {verdict.clause}: {difference}")
            lines.append("")
    lines += _transport_section(run)
    skipped = [result for result in run.results if result.not_applicable is not None]
    if skipped:
        lines += ["## Not applicable", ""]
        lines += [f"- {result.edition} `{result.slug}`: {result.not_applicable}" for result in skipped]
        lines.append("")
    if (problems or run.aborted is not None) and run.gateway_output.strip():
        lines += ["## What the gateway printed", "", _fence(run.gateway_output), ""]
    return "\n".join(lines).rstrip() + "\n"


def report_json(run: GatewayRun) -> dict[str, Any]:
    return {
        "gateway": run.gateway,
        "editions": run.editions,
        "ok": run.ok,
        "aborted": run.aborted,
        "seconds": round(run.seconds, 1),
        "summary": {edition: edition_counts(run, edition) for edition in run.editions},
        "results": [
            {
                "edition": result.edition,
                "scenario": result.slug,
                "title": result.title,
                "model": result.model,
                "outcome": result.outcome,
                "error": result.error,
                "not_applicable": result.not_applicable,
                "passes_apart_from_headers": result.passes_apart_from(HEADERS_CLAUSE),
                "upstream_apis": list(result.upstream_apis),
                "direct_requests": result.direct_requests,
                # Only where the upstream spoke both transports (the `websocket` scenario).
                **(
                    {"transport": result.transport, "upgrade_answers": list(result.upgrade_answers)}
                    if result.transport is not None
                    else {}
                ),
                "verdicts": [
                    {
                        "clause": verdict.clause,
                        "passed": verdict.passed,
                        "differences": list(verdict.differences),
                    }
                    for verdict in result.verdicts
                ],
            }
            for result in run.results
        ],
        "gateway_output": run.gateway_output if not run.ok else "",
        "readiness": [verdict.model_dump(mode="json") for verdict in readiness(run)],
        "profiles": [profile.as_json() for profile in profiles(run)],
    }


__all__ = [
    "HEADERS_CLAUSE",
    "applicable",
    "edition_counts",
    "profiles",
    "profiles_section",
    "readiness",
    "render_markdown",
    "report_json",
]
