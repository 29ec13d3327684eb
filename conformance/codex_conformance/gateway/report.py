"""A gateway run as Markdown (for people and docs/reports/) and as JSON (for tools).

The Markdown says first, per Codex release, whether Codex works through the
gateway (every scenario passes), then a table of scenarios by clause, then
each difference, then what the gateway printed when anything went wrong.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from codex_conformance.gateway.certify import GatewayRun, ScenarioResult
from codex_conformance.gateway.verdicts import CLAUSES

_MARKS = {"pass": "pass", "fail": "**fail**", "error": "**error**"}


def _edition_line(run: GatewayRun, edition: str) -> str:
    results = run.of_edition(edition)
    passed = sum(result.outcome == "pass" for result in results)
    line = f"- **{edition}**: {passed} / {len(results)} scenarios pass: "
    if results and passed == len(results):
        return line + "Codex works through it as it does directly"
    failed = Counter(clause for result in results for clause in result.failed_clauses())
    order = list(CLAUSES)
    where = [f"{clause} ({failed[clause]})" for clause in sorted(failed, key=order.index)]
    errors = sum(result.outcome == "error" for result in results)
    where += [f"{errors} not judged"] if errors else []
    return line + "Codex does not work through it as it does directly: " + (", ".join(where) or "nothing ran")


def _row(result: ScenarioResult) -> str:
    cells = []
    for clause in CLAUSES:
        if result.error is not None:
            cells.append("-")
        else:
            cells.append("pass" if clause not in result.failed_clauses() else "**fail**")
    apis = ", ".join(sorted(set(result.upstream_apis))) or "-"
    if result.error is None:
        apis += f": {len(result.upstream_apis)} (direct: {result.direct_requests})"
    return (
        f"| {result.edition} | `{result.slug}` | {_MARKS[result.outcome]} | {apis} | "
        + " | ".join(cells)
        + " |"
    )


def _fence(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}text\n{text.rstrip()}\n{ticks}"


def render_markdown(run: GatewayRun) -> str:
    lines = [f"# Gateway certification: `{run.gateway}`", ""]
    lines.append("Each scenario ran twice, through the gateway and directly against the kit's mock upstream;")
    lines.append("the clauses (spec/gateway.md) compare the two runs.")
    lines.append("")
    if run.aborted is not None:
        lines += [f"**The run stopped: {run.aborted}**", ""]
    lines += [_edition_line(run, edition) for edition in run.editions]
    lines.append("")
    if run.results:
        short = [clause.removeprefix("GATEWAY-") for clause in CLAUSES]
        lines.append("| edition | scenario | verdict | upstream requests | " + " | ".join(short) + " |")
        lines.append("|---|---|---|---|" + "---|" * len(short))
        lines += [_row(result) for result in run.results]
        lines.append("")
    problems = [result for result in run.results if result.outcome != "pass"]
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
        "results": [
            {
                "edition": result.edition,
                "scenario": result.slug,
                "title": result.title,
                "outcome": result.outcome,
                "error": result.error,
                "upstream_apis": list(result.upstream_apis),
                "direct_requests": result.direct_requests,
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
    }


__all__ = ["render_markdown", "report_json"]
