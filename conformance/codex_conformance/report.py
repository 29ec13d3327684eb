"""The run report: a JSON document (schema in ``spec/schemas/report.schema.json``) and a Markdown summary."""

from __future__ import annotations

import json
import os
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from codex_conformance import __version__
from codex_conformance.compare import canonical
from codex_conformance.editions import EDITIONS
from codex_conformance.errors import UsageError
from codex_conformance.facets import DEFAULT_LEVEL, LEVELS, Level
from codex_conformance.outcome import PROBLEM_STATUSES, Counterexample, Outcome, Status, ran_more_than_once
from codex_conformance.protocol import PROTOCOL_VERSION, Implementation
from codex_conformance.readiness import EditionReadiness

REPORT_FORMAT: Final = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Totals(_Strict):
    passed: int = 0
    failed: int = Field(default=0, description="Failures not covered by the expected-failures file.")
    unsupported: int = Field(
        default=0,
        description="`unsupported` answers to an op and edition the implementation declares, not covered "
        "by the expected-failures file; each fails the run.",
    )
    expected_failures: int = Field(
        default=0, description="Fails, unsupported answers and errors the expected-failures file covers."
    )
    not_applicable: int = Field(
        default=0, description="Items of an op or edition the implementation does not declare."
    )
    errors: int = Field(default=0, description="Harness errors not covered by the expected-failures file.")

    def add(self, outcome: Outcome) -> None:
        if outcome.expected_failure is not None:
            self.expected_failures += 1
        elif outcome.status is Status.PASS:
            self.passed += 1
        elif outcome.status is Status.FAIL:
            self.failed += 1
        elif outcome.status is Status.UNSUPPORTED:
            self.unsupported += 1
        elif outcome.status is Status.NOT_APPLICABLE:
            self.not_applicable += 1
        else:
            self.errors += 1

    @property
    def total(self) -> int:
        return (
            self.passed
            + self.failed
            + self.unsupported
            + self.expected_failures
            + self.not_applicable
            + self.errors
        )

    def line(self) -> str:
        text = (
            f"conformance: {self.passed} passed, {self.failed} failed, {self.unsupported} unsupported, "
            f"{self.not_applicable} not applicable, {self.errors} errors"
        )
        if self.expected_failures:
            text += f", {self.expected_failures} expected failures"
        return text


def rate(passed: int, judged: int) -> str:
    """``passed/judged (x.y %)``; ``0/0`` when nothing was judged."""
    if judged == 0:
        return "0/0"
    return f"{passed}/{judged} ({100 * passed / judged:.1f} %)"


class OpEditionTotals(Totals):
    op: str
    edition: str


class LevelCounts(_Strict):
    """The cases passing at each verdict level (spec/levels.md), whatever level the run certified."""

    cases_judged: int = Field(
        default=0,
        description="Cases (not properties) judged: not-applicable ones left out, expected failures counted.",
    )
    behaviour_passed: int = Field(
        default=0, description="Of cases_judged, those passing at the behaviour level."
    )
    bytes_passed: int = Field(
        default=0, description="Of cases_judged, those passing at the bytes level: every byte of the result."
    )

    def add(self, outcome: Outcome) -> None:
        if outcome.kind == "case" and outcome.status is not Status.NOT_APPLICABLE:
            self.cases_judged += 1
            self.behaviour_passed += outcome.status_at("behaviour") is Status.PASS
            self.bytes_passed += outcome.status_at("bytes") is Status.PASS

    def line(self) -> str:
        """E.g. ``behaviour 350/362 (96.7 %), bytes 16/362 (4.4 %)``."""
        return (
            f"behaviour {rate(self.behaviour_passed, self.cases_judged)}, "
            f"bytes {rate(self.bytes_passed, self.cases_judged)}"
        )


class OpEditionLevelCounts(LevelCounts):
    op: str
    edition: str


class FacetTotals(_Strict):
    """How many of an op x edition's cases agree on one facet of the result."""

    op: str
    edition: str
    facet: str
    level: Level
    agree: int
    compared: int = Field(description="Cases whose result was compared on this facet.")


class Report(_Strict):
    report_format: Literal[1] = REPORT_FORMAT
    kit_version: str = __version__
    protocol: int = PROTOCOL_VERSION
    impl: str = Field(description="The --impl string the run was given.")
    implementation: Implementation = Field(description="What the implementation said about itself in hello.")
    declared_editions: list[str]
    declared_ops: list[str]
    editions: list[str] = Field(description="The editions whose cases were selected for this run.")
    started_at: datetime
    finished_at: datetime
    level: Level = Field(
        default=DEFAULT_LEVEL,
        description="The verdict level certified (spec/levels.md): each outcome's status, ok and the "
        "summary counts are at this level; the pass counts at both levels are in the totals.",
    )
    ok: bool = Field(
        description="True iff something was tested, and no unexpected fail, no unexpected unsupported answer "
        "to a declared op, no unexpected error (an error of the kit itself is never expected) and no stale "
        "expected failure."
    )
    nothing_tested: str | None = Field(
        default=None,
        description="Why the run tested nothing (every item not applicable, or none selected), naming the "
        "declared ops and editions and the editions run; the run then fails. Null when something was tested.",
    )
    measures_volatile: bool = Field(
        default=False,
        description="The implementation said in hello that it measures wall times, chunk ids, process ids "
        "and working directories itself: those were compared by their form only, not with the values the "
        "case args gave.",
    )
    unmatched_ops: list[str] = Field(
        default_factory=list,
        description="Declared ops that no case applies to in the editions run (declared and selected): "
        "nothing certifies them.",
    )
    summary: Totals
    totals: list[OpEditionTotals] = Field(description="Counts per op x edition, sorted by op then edition.")
    levels: LevelCounts = Field(
        default_factory=LevelCounts, description="Cases passing at each verdict level, over the whole run."
    )
    level_totals: list[OpEditionLevelCounts] = Field(
        default_factory=list,
        description="Cases passing at each verdict level per op x edition, in totals order.",
    )
    facets: list[FacetTotals] = Field(
        default_factory=list,
        description="Per op x edition and facet of the result, the cases agreeing on it, in totals order.",
    )
    expected_failure_problems: list[str] = Field(default_factory=list)
    property_examples: int = Field(
        default=0,
        description="Generated examples per property check (max_examples); 0: property checks were off.",
    )
    outcomes: list[Outcome]
    readiness: list[EditionReadiness] = Field(
        default_factory=list,
        description="The readiness verdict per edition run, from the clause tiers (spec/tiers.toml): READY, "
        "READY WITH LIMITATIONS (failing capability or advisory clauses) or NOT READY (a mandatory clause "
        "failing or not tested). Empty: not computed.",
    )


def build_report(
    *,
    impl: str,
    implementation: Implementation,
    declared_editions: list[str],
    declared_ops: list[str],
    editions: list[str],
    started_at: datetime,
    finished_at: datetime,
    outcomes: list[Outcome],
    expected_failure_problems: list[str],
    items_run: int,
    level: Level = DEFAULT_LEVEL,
    property_examples: int = 0,
    nothing_tested: str | None = None,
    unmatched_ops: list[str] | None = None,
    measures_volatile: bool = False,
) -> Report:
    """The report on ``outcomes``, one per item run (``items_run``); checked before it is returned."""
    summary = Totals()
    levels = LevelCounts()
    per_cell: dict[tuple[str, str], OpEditionTotals] = {}
    levels_per_cell: dict[tuple[str, str], OpEditionLevelCounts] = {}
    for outcome in outcomes:
        summary.add(outcome)
        levels.add(outcome)
        key = (outcome.op, outcome.edition)
        if key not in per_cell:
            per_cell[key] = OpEditionTotals(op=outcome.op, edition=outcome.edition)
            levels_per_cell[key] = OpEditionLevelCounts(op=outcome.op, edition=outcome.edition)
        per_cell[key].add(outcome)
        levels_per_cell[key].add(outcome)
    order = sorted(per_cell, key=_op_then_edition)
    ok = (
        nothing_tested is None
        and not expected_failure_problems
        and not any(outcome.is_unexpected_problem for outcome in outcomes)
    )
    report = Report(
        impl=impl,
        implementation=implementation,
        declared_editions=declared_editions,
        declared_ops=declared_ops,
        editions=editions,
        started_at=started_at,
        finished_at=finished_at,
        level=level,
        ok=ok,
        nothing_tested=nothing_tested,
        measures_volatile=measures_volatile,
        unmatched_ops=unmatched_ops or [],
        summary=summary,
        totals=[per_cell[key] for key in order],
        levels=levels,
        level_totals=[levels_per_cell[key] for key in order if levels_per_cell[key].cases_judged],
        facets=facet_totals(outcomes),
        expected_failure_problems=expected_failure_problems,
        property_examples=property_examples,
        outcomes=outcomes,
    )
    check_consistency(report, items_run)
    return report


def facet_totals(outcomes: Iterable[Outcome]) -> list[FacetTotals]:
    """Per op x edition and facet, the cases agreeing out of those compared on it."""
    # Facets in the order the cases list them (each op's declared order).
    counts: dict[tuple[str, str], dict[str, FacetTotals]] = defaultdict(dict)
    for outcome in outcomes:
        cell = counts[(outcome.op, outcome.edition)]
        for name, facet in outcome.facets.items():
            if name not in cell:
                cell[name] = FacetTotals(
                    op=outcome.op, edition=outcome.edition, facet=name, level=facet.level, agree=0, compared=0
                )
            cell[name].agree += facet.agrees
            cell[name].compared += 1
    return [facet for key in sorted(counts, key=_op_then_edition) for facet in counts[key].values()]


class InconsistentReport(RuntimeError):
    """The report's counts disagree with the items run: a bug in the kit, never written as a verdict."""


def check_consistency(report: Report, items_run: int) -> None:
    """Raise ``InconsistentReport`` unless every item run is counted once and ``ok`` follows from them.

    An item that ran but has no outcome is how a crash of the kit once turned
    into a green report; this check makes any such omission loud instead.
    """
    counts = {
        "items run": items_run,
        "outcomes": len(report.outcomes),
        "summary": report.summary.total,
        "op x edition totals": sum(cell.total for cell in report.totals),
    }
    if len(set(counts.values())) != 1:
        shown = ", ".join(f"{name} {count}" for name, count in counts.items())
        raise InconsistentReport(f"report totals disagree: {shown}")
    excused = [outcome.id for outcome in report.outcomes if outcome.kit_error and outcome.expected_failure]
    if excused:
        raise InconsistentReport(f"errors of the kit marked as expected failures: {', '.join(excused)}")
    problems = sum(outcome.is_unexpected_problem for outcome in report.outcomes)
    tested = report.summary.total - report.summary.not_applicable
    if (report.nothing_tested is None) != (tested > 0):
        raise InconsistentReport(f"report says nothing_tested={report.nothing_tested!r} with {tested} tested")
    if report.ok != (problems == 0 and not report.expected_failure_problems and tested > 0):
        raise InconsistentReport(
            f"report says ok={report.ok} with {problems} unexpected fail(s), unsupported answer(s) "
            "or error(s)"
        )


def _op_then_edition(key: tuple[str, str]) -> tuple[str, int, str]:
    # Editions in release order (EDITIONS), not string order: 0.25.0, 0.94.0, then 0.169.0.
    op, edition = key
    order = list(EDITIONS)
    return op, order.index(edition) if edition in order else len(order), edition


def report_path_problem(path: Path) -> str | None:
    """Why the report (``path`` and the Markdown beside it) cannot be written there, or None.

    Asked before the run, so a bad path is a usage error at once rather than a
    failure after the whole run.  Missing folders are no problem: they are
    created when the report is written, as ``--junitxml`` does, so a CI job
    can name ``reports/conformance.json`` in a fresh checkout.
    """
    if path.is_dir():
        return "is a directory"
    markdown = path.with_suffix(".md") if path.suffix != ".md" and path.name not in ("", "..") else path
    if markdown == path:
        return "the Markdown summary goes beside the report with the suffix .md; name the report *.json"
    parent = _nearest_existing(path.parent)
    if not parent.is_dir():
        return f"{parent} is not a directory"
    for target in (path, markdown):
        if target.is_dir():
            return f"{target} is a directory"
        if target.exists() and not os.access(target, os.W_OK):
            return f"{target} is not writable"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"directory {parent} is not writable"
    return None


def _nearest_existing(folder: Path) -> Path:
    """``folder``, or its nearest ancestor that exists (where the missing folders would be made)."""
    for candidate in (folder, *folder.parents):
        if candidate.exists():
            return candidate
    return folder  # a relative path with no existing ancestor: the current directory, which exists


def write_report(report: Report, path: Path) -> Path:
    """Write the JSON report at ``path`` and the Markdown summary beside it; returns the .md path.

    ``UsageError`` if a file cannot be written (``report_path_problem`` catches
    the usual reasons before the run).
    """
    markdown_path = path.with_suffix(".md")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_utf8(report_json(report) + "\n"))
        markdown_path.write_bytes(_utf8(render_markdown(report)))
    except OSError as exc:
        raise UsageError(f"cannot write the report {exc.filename or path}: {exc.strerror or exc}") from None
    return markdown_path


def report_json(report: Report) -> str:
    """The JSON text of the report, two-space indented, non-ASCII kept."""
    # Through the json module, not model_dump_json: a reply can hold a lone
    # surrogate ("\\ud800" on the wire), which pydantic refuses to serialize;
    # _utf8 writes it back as the same JSON escape.
    return json.dumps(report.model_dump(mode="json"), indent=2, ensure_ascii=False)


def _utf8(text: str) -> bytes:
    # A lone surrogate has no UTF-8 form; "\\udXXX" keeps it visible (and is its JSON escape).
    return text.encode("utf-8", errors="backslashreplace")


def printable(text: str) -> str:
    """``text`` with lone surrogates written as ``\\udXXX``, so any stream can print it."""
    return _utf8(text).decode("utf-8")


MEASURES_VOLATILE_LINE = (
    "volatile values: measured by the implementation (hello's measures_volatile), so wall times, "
    "chunk ids, process ids and working directories were compared by their form only"
)


def render_markdown(report: Report) -> str:
    impl = report.implementation
    out = [
        f"# Conformance report: {impl.name} {impl.version}",
        "",
        f"- implementation: {impl.name} {impl.version} ({impl.language})"
        + (f" <{impl.homepage}>" if impl.homepage else ""),
        f"- impl: `{report.impl}`",
        f"- kit: codex-conformance {report.kit_version}, adapter protocol {report.protocol}",
        f"- editions run: {', '.join(report.editions) or '(none)'}",
        f"- finished: {report.finished_at.isoformat(timespec='seconds')}",
        f"- result: **{'OK' if report.ok else 'NOT OK'}** ({report.summary.line()})",
        f"- level certified: **{report.level}**; cases passing: {report.levels.line()} (spec/levels.md)",
        *([f"- nothing tested: {report.nothing_tested}"] if report.nothing_tested else []),
        *([f"- {MEASURES_VOLATILE_LINE}"] if report.measures_volatile else []),
        *[f"- declared op `{op}` matched no case in the editions run" for op in report.unmatched_ops],
        f"- {property_line(report.property_examples)}",
        "",
        "## Totals",
        "",
        "| op | edition | pass | fail | unsupported | expected fail | not applicable | error |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for cell in report.totals:
        out.append(
            f"| `{cell.op}` | {cell.edition} | {cell.passed} | {cell.failed} | {cell.unsupported} "
            f"| {cell.expected_failures} | {cell.not_applicable} | {cell.errors} |"
        )
    out.extend(_levels_section(report))
    out.extend(readiness_section(report.readiness))
    out.extend(_failures_by_clause(report.outcomes))
    out.extend(_unsupported_section(report.outcomes))
    out.extend(_counterexamples_section(report.outcomes))
    out.extend(_problem_section(report))
    out.extend(_expected_section(report.outcomes))
    out.extend(_not_applicable_section(report.outcomes))
    out.extend(_errors_section(report.outcomes))
    out.extend(_reruns_section(report.outcomes))
    return printable("\n".join(out) + "\n")


def readiness_section(verdicts: list[EditionReadiness]) -> list[str]:
    """Per edition, the verdict and why (spec/tiers.toml); nothing for a report without verdicts."""
    if not verdicts:
        return []
    out = ["", "## Readiness", "", "| edition | verdict | why |", "|---|---|---|"]
    for verdict in verdicts:
        why = "; ".join(verdict.reasons()) or "every clause judged passes"
        out.append(f"| {verdict.edition} | **{verdict.verdict.value}** | {_cell(why)} |")
    return out


def _levels_section(report: Report) -> list[str]:
    """Where the levels or the facets tell something the totals do not: cells with a case failing at
    some level, and the facets some case disagrees on."""
    cells = [
        cell
        for cell in report.level_totals
        if min(cell.behaviour_passed, cell.bytes_passed) < cell.cases_judged
    ]
    facets = [facet for facet in report.facets if facet.agree < facet.compared]
    if not cells and not facets:
        return []
    out = [
        "",
        "## Verdict levels",
        "",
        f"Cases passing at each level where some case fails (this run certifies **{report.level}**), "
        "then the facets of the result that some case disagrees on; `behaviour` leaves out printed "
        "texts, key order and serialization (spec/levels.md).",
        "",
        "| op | edition | " + " | ".join(LEVELS) + " |",
        "|---|---|" + "---:|" * len(LEVELS),
    ]
    for cell in cells:
        rates = [rate(cell.behaviour_passed, cell.cases_judged), rate(cell.bytes_passed, cell.cases_judged)]
        out.append(f"| `{cell.op}` | {cell.edition} | " + " | ".join(rates) + " |")
    if facets:
        out += ["", "| op | edition | facet | level | agree |", "|---|---|---|---|---:|"]
        for facet in facets:
            out.append(
                f"| `{facet.op}` | {facet.edition} | {facet.facet} | {facet.level} "
                f"| {rate(facet.agree, facet.compared)} |"
            )
    return out


def _mark(outcome: Outcome) -> str:
    return " (expected)" if outcome.expected_failure is not None else ""


def _failures_by_clause(outcomes: Iterable[Outcome]) -> list[str]:
    # Expected failures are failures too: a port that gates CI with an expected-failures
    # file still needs to see what it fails and why, so they are grouped here as well.
    by_clause: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        if outcome.status is Status.FAIL:
            for clause in outcome.clauses:
                by_clause[clause].append(outcome)
    if not by_clause:
        return []
    out = ["", "## Failures by clause"]
    for clause in sorted(by_clause):
        failed = by_clause[clause]
        expected = sum(outcome.expected_failure is not None for outcome in failed)
        # The smallest diff is the easiest one to read, and usually the clearest counterexample.
        example = min(failed, key=lambda outcome: (len(outcome.diff) or 10**9, outcome.id))
        count = f"{len(failed)} failing" + (f", {expected} of them expected" if expected else "")
        out += ["", f"### `{clause}` ({count})", ""]
        for outcome in failed[:20]:
            out += [f"- `{outcome.id}`{_mark(outcome)}: {outcome.reason}", *_input_bullets(outcome)]
        if len(failed) > 20:
            out.append(f"- and {len(failed) - 20} more: " + ", ".join(f"`{o.id}`" for o in failed[20:]))
        if example.diff:
            out += ["", f"Example (`{example.id}`):", "", "```diff", example.diff, "```"]
    return out


def _input_bullets(outcome: Outcome) -> list[str]:
    """A failing case's args, fixture file and re-run command, under its line (case_input.py)."""
    return [f"  - {label}: {_code(text)}" for label, text in outcome.input_fields()]


def _code(text: str) -> str:
    """``text`` as a Markdown code span, whatever backticks it holds (args hold patches and scripts)."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _unsupported_section(outcomes: Iterable[Outcome]) -> list[str]:
    # Grouped by reason, as a port usually declines a whole kind of input with one
    # reason; expected ones are listed too, as in the failures by clause.
    by_reason: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        if outcome.status is Status.UNSUPPORTED:
            by_reason[outcome.reason].append(outcome)
    if not by_reason:
        return []
    total = sum(len(declined) for declined in by_reason.values())
    out = [
        "",
        f"## Unsupported answers to declared ops ({total})",
        "",
        "The implementation declares these ops and editions but answered `unsupported`: "
        "each fails the run unless the expected-failures file lists it.",
    ]
    for reason, declined in sorted(by_reason.items(), key=lambda item: (-len(item[1]), item[0])):
        out += ["", f"### {_cell(reason)} ({len(declined)})", ""]
        for outcome in declined[:20]:
            out += [
                f"- `{outcome.id}`{_mark(outcome)}: {', '.join(outcome.clauses)}",
                *_input_bullets(outcome),
            ]
        if len(declined) > 20:
            out.append(f"- and {len(declined) - 20} more: " + ", ".join(f"`{o.id}`" for o in declined[20:]))
    return out


def property_line(examples: int) -> str:
    if examples <= 0:
        return "property checks: disabled (--conformance-examples=0)"
    return f"property checks: up to {examples} generated examples each, derandomized"


def _counterexamples_section(outcomes: Iterable[Outcome]) -> list[str]:
    shown = [
        outcome
        for outcome in outcomes
        if outcome.counterexample is not None and outcome.status in PROBLEM_STATUSES
    ]
    if not shown:
        return []
    out = ["", "## Property counterexamples"]
    for outcome in shown:
        assert outcome.counterexample is not None
        block = describe_counterexample(outcome.counterexample)
        out += [
            "",
            f"### `{outcome.id}` ({outcome.status.value})",
            "",
            outcome.reason,
            "",
            "```",
            block,
            "```",
        ]
    return out


def _problem_section(report: Report) -> list[str]:
    if not report.expected_failure_problems:
        return []
    return [
        "",
        "## Stale expected failures",
        "",
        *(f"- {problem}" for problem in report.expected_failure_problems),
    ]


def _expected_section(outcomes: Iterable[Outcome]) -> list[str]:
    expected = [outcome for outcome in outcomes if outcome.expected_failure is not None]
    if not expected:
        return []
    return [
        "",
        f"## Expected failures ({len(expected)})",
        "",
        *(f"- `{outcome.id}` ({outcome.status.value}): {outcome.expected_failure}" for outcome in expected),
    ]


def _not_applicable_section(outcomes: Iterable[Outcome]) -> list[str]:
    reasons = Counter(outcome.reason for outcome in outcomes if outcome.status is Status.NOT_APPLICABLE)
    if not reasons:
        return []
    out = ["", f"## Not applicable ({reasons.total()})", "", "| cases | reason |", "|---:|---|"]
    out += [f"| {count} | {_cell(reason)} |" for reason, count in reasons.most_common()]
    return out


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")


def _errors_section(outcomes: Iterable[Outcome]) -> list[str]:
    errors = [
        outcome for outcome in outcomes if outcome.status is Status.ERROR and outcome.expected_failure is None
    ]
    if not errors:
        return []
    out = ["", f"## Harness errors ({len(errors)})", ""]
    for outcome in errors[:50]:
        first, _, rest = outcome.reason.partition("\n")
        out += [f"- `{outcome.id}`: {first}", *_input_bullets(outcome)]
        if rest:
            out += ["", "  ```", *(f"  {line}" for line in rest.splitlines()[:30]), "  ```"]
    if len(errors) > 50:
        out.append(f"- ... and {len(errors) - 50} more")
    return out


def _reruns_section(outcomes: Iterable[Outcome]) -> list[str]:
    """Every case the implementation ran more than once, whatever its status (a pass included)."""
    rerun = [outcome for outcome in outcomes if outcome.reruns]
    if not rerun:
        return []
    out = ["", f"## Ran more than once ({len(rerun)})", ""]
    out += [
        f"- `{outcome.id}` ({outcome.status.value}): {_cell(ran_more_than_once(outcome.reruns))}"
        for outcome in rerun[:50]
    ]
    if len(rerun) > 50:
        out.append(f"- ... and {len(rerun) - 50} more")
    return out


def describe_counterexample(counterexample: Counterexample) -> str:
    """A property's counterexample, one JSON line each: ready to paste into a regression test."""
    lines = ["counterexample (adapter request):", canonical(counterexample.request)]
    if counterexample.reference_response is not None:
        lines += ["reference response:", canonical(counterexample.reference_response)]
    if counterexample.implementation_response is not None:
        lines += ["implementation response:", canonical(counterexample.implementation_response)]
    return "\n".join(lines)
