"""One conformance run, shared by the pytest plugin and ``codex-conformance certify``.

The session owns everything with state: the connection, the hello reply,
the selected cases, the expected failures and the outcomes so far.  The
plugin and the CLI only drive it, so both give the same verdicts.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from codex_conformance import baseline, paths
from codex_conformance.areas import discover, facets_of, known_facet_names, property_sets, select_properties
from codex_conformance.case_input import FrontEnd, rerun_command, shown_args
from codex_conformance.cases import Case, FixtureError, load_cases_with_files
from codex_conformance.connection import Connection
from codex_conformance.declaration import nothing_tested, unknown_declaration, unmatched_ops
from codex_conformance.editions import EDITIONS
from codex_conformance.errors import HarnessError, UsageError
from codex_conformance.expected_failures import ExpectedFailures
from codex_conformance.facets import DEFAULT_LEVEL, Level
from codex_conformance.impl import connect, is_reference
from codex_conformance.outcome import (
    PROBLEM_STATUSES,
    Outcome,
    Status,
    kit_error_outcome,
    kit_error_reason,
    ran_more_than_once,
)
from codex_conformance.properties import DEFAULT_EXAMPLES, Property, PropertyRunner
from codex_conformance.protocol import Hello, truncate_text
from codex_conformance.report import Report, build_report, report_path_problem, write_report
from codex_conformance.report_readiness import outcome_facts, session_verdicts
from codex_conformance.runner import not_applicable_reason, run_case
from codex_conformance.selection import Selection


@dataclass(frozen=True)
class SessionOptions:
    impl: str
    editions: Sequence[str] = ()  # empty: every edition the implementation declares
    fixtures_dir: Path | None = None  # None: the fixtures shipped with the kit
    # Per case, for every adapter; None: each transport's default (10 s for a child process,
    # 300 s in process, where a release adapter runs a release and may run it twice).
    timeout: float | None = None
    expected_failures: Path | None = None
    report: Path | None = None
    examples: int = DEFAULT_EXAMPLES  # per property; 0 disables property checks
    selection: Selection = field(default_factory=Selection)  # --op, --area, certify -k
    write_expected_failures: Path | None = None  # write the run's failures here as expected failures
    prune_expected_failures: bool = False  # ... and drop the stale entries
    # Update the expected_failures file itself, stale entries dropped (the plugin's
    # --conformance-update-expected): one flag for the three above; a missing file is created.
    update_expected: bool = False
    level: Level = DEFAULT_LEVEL  # the verdict level certified (spec/levels.md)
    strict_runs: bool = False  # a case the implementation ran more than once is an error
    # How the front end spells each option above, for its error messages (the
    # plugin's --conformance-timeout is certify's --timeout); default --<name>.
    flags: Mapping[str, str] = field(default_factory=dict)
    front_end: FrontEnd = "certify"  # how a failure's re-run command is spelled (case_input.py)

    def flag(self, name: str) -> str:
        return self.flags.get(name, "--" + name.replace("_", "-"))

    def write_target(self) -> Path | None:
        """The expected-failures file the run writes, if any."""
        return self.expected_failures if self.update_expected else self.write_expected_failures

    def write_flag(self) -> str:
        return self.flag("update_expected" if self.update_expected else "write_expected_failures")

    @property
    def prune(self) -> bool:
        return self.prune_expected_failures or self.update_expected


# Longer than any case needs; beyond it the transport's clocks and waits overflow.
MAX_TIMEOUT = 86_400.0


def check_options(options: SessionOptions) -> None:
    """``UsageError`` naming the option for any value the run cannot use; nothing runs first."""
    check_editions(options.editions)
    timeout = options.timeout
    if timeout is not None and not (math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT):
        raise UsageError(
            f"{options.flag('timeout')} must be a number of seconds above 0 and at most {MAX_TIMEOUT:g}, "
            f"got {timeout:g}"
        )
    if options.examples < 0:
        raise UsageError(f"{options.flag('examples')} must be 0 or more, got {options.examples}")
    if options.update_expected:
        if options.expected_failures is None:
            raise UsageError(
                f"{options.flag('update_expected')} needs {options.flag('expected_failures')}: "
                "the file it updates (or creates)"
            )
        if options.write_expected_failures is not None:
            raise UsageError(
                f"{options.flag('update_expected')} and {options.flag('write_expected_failures')}: give one "
                f"(the first updates the {options.flag('expected_failures')} file in place)"
            )
    if options.prune_expected_failures and options.write_target() is None:
        raise UsageError(
            f"{options.flag('prune_expected_failures')} needs {options.flag('write_expected_failures')}"
        )
    target = options.write_target()
    if target is not None:
        baseline.check_target(target, options.write_flag())
    if options.report is not None:
        problem = report_path_problem(options.report)
        if problem is not None:
            raise UsageError(f"{options.flag('report')} {options.report}: {problem}")


def check_editions(editions: Sequence[str]) -> None:
    unknown = [edition for edition in editions if edition not in EDITIONS]
    if unknown:
        raise UsageError(f"unknown edition {unknown[0]!r}; known editions: {', '.join(EDITIONS)}")


def load_fixture_cases(fixtures_dir: Path | None) -> list[Case]:
    return [case for _, case in load_fixture_cases_with_files(fixtures_dir)]


def load_fixture_cases_with_files(fixtures_dir: Path | None) -> list[tuple[str, Case]]:
    """Every case with its fixture file (relative to the fixtures directory)."""
    if fixtures_dir is None:
        try:
            fixtures_dir = paths.fixtures_dir()
        except FileNotFoundError as exc:
            raise UsageError(str(exc)) from None
    if not fixtures_dir.is_dir():
        what = "is not a directory" if fixtures_dir.exists() else "does not exist"
        raise UsageError(f"fixtures directory {fixtures_dir} {what}")
    try:
        return load_cases_with_files(fixtures_dir)
    except FixtureError as exc:
        raise UsageError(f"{exc} (run 'codex-conformance fixtures lint')") from None


@dataclass
class ConformanceSession:
    options: SessionOptions
    connection: Connection | None = None
    hello: Hello | None = None
    all_cases: list[Case] = field(default_factory=list)
    fixture_files: dict[str, str] = field(default_factory=dict)  # case id -> its fixture file
    cases: list[Case] = field(default_factory=list)  # the selected editions' cases, in fixture order
    # Property checks for the op x edition cells the selected cases cover, so a
    # --fixtures-dir without an area runs none of that area's properties either.
    properties: list[Property] = field(default_factory=list)
    property_runner: PropertyRunner | None = None
    editions: list[str] = field(default_factory=list)
    unmatched_ops: list[str] = field(default_factory=list)  # declared, with no case in the editions run
    expected_failures: ExpectedFailures = field(default_factory=ExpectedFailures)
    outcomes: list[Outcome] = field(default_factory=list)
    items_run: int = 0  # run() calls: the report's totals must add up to this
    to_update: ExpectedFailures = field(default_factory=ExpectedFailures)  # see write_expected_failures()
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    # Item id -> what the implementation wrote after that item's reply, the run's last (end_connection);
    # under pytest-xdist, one per worker at most.
    late_errors: dict[str, str] = field(default_factory=dict)

    def start(self) -> None:
        """Check the options, load cases, start the implementation; ``UsageError`` on any problem."""
        check_options(self.options)
        with_files = load_fixture_cases_with_files(self.options.fixtures_dir)
        self.all_cases = [case for _, case in with_files]
        self.fixture_files = {case.id: path for path, case in with_files}
        # The areas' ops, and those of a --fixtures-dir's own cases (the kit's tests run synthetic ones).
        areas = discover().values()
        known_ops = {op for area in areas for op in area.ops} | {case.op for case in self.all_cases}
        known_areas = {area.name for area in areas} | {case.area for case in self.all_cases}
        selection = self.options.selection
        selection.check(known_ops, known_areas, self.options.flag)
        gate = self.options.expected_failures
        if gate is not None and not (self.options.update_expected and not gate.exists()):
            self.expected_failures = ExpectedFailures.load(gate, self.options.level, known_facet_names())
        # What --write-expected-failures updates: the file already there, else the one the run uses
        # (--conformance-update-expected: the run's own, read once).
        target = self.options.write_target()
        existing = target is not None and target.exists() and not self.options.update_expected
        self.to_update = (
            ExpectedFailures.load(target, self.options.level, known_facet_names())
            if target and existing
            else self.expected_failures
        )
        self.connection = connect(self.options.impl, timeout=self.options.timeout)
        try:
            self.hello = self.connection.hello()
        except HarnessError as exc:
            self.close()
            raise UsageError(f"--impl {self.options.impl!r}: hello failed: {exc}") from None
        except Exception as exc:  # the kit itself failed on the reply: no run can start either
            self.close()
            raise UsageError(f"--impl {self.options.impl!r}: hello failed: {kit_error_reason(exc)}") from None
        unknown = unknown_declaration(self.hello, list(EDITIONS), known_ops)
        if unknown is not None:
            self.close()
            raise UsageError(f"--impl {self.options.impl!r}: {unknown}")
        self.editions = list(self.options.editions) or list(self.hello.editions)
        in_editions = [case for case in self.all_cases if case.edition in self.editions]
        self.unmatched_ops = unmatched_ops(self.hello, in_editions)
        selected = [case for case in in_editions if selection.cases_wanted(case.op, case.area)]
        self.cases = selection.by_keyword(selected)
        if self.options.examples > 0:
            # The properties of the op x edition cells selected; -k then picks among them as among cases.
            cells = {(case.op, case.edition) for case in selected}
            self.properties = selection.by_keyword(select_properties(cells))
            self.property_runner = _property_runner(self.connection, self.options)

    @property
    def items(self) -> list[Case | Property]:
        """Everything the run judges: the cases, then the properties."""
        return [*self.cases, *self.properties]

    def run(self, item: Case | Property) -> Outcome:
        """Judge one item and record its outcome; every item run has exactly one outcome."""
        assert self.connection is not None and self.hello is not None, "start() first"
        self.items_run += 1
        try:
            judged = self._judge(item)
        except (Exception, SystemExit) as exc:
            # run_case already turns the kit's exceptions into outcomes; this
            # also covers the property runner and anything between the two.
            judged = self._kit_error(item, exc)
        except BaseException as exc:
            # Interrupted (Ctrl-C): the item still counts, as an error, so the
            # report written on the way out adds up and is not OK; then stop.
            self._record(self._kit_error(item, exc), item if isinstance(item, Case) else None)
            raise
        return self._record(judged, item if isinstance(item, Case) else None)

    def _judge(self, item: Case | Property) -> Outcome:
        assert self.connection is not None and self.hello is not None, "start() first"
        if isinstance(item, Property):
            assert self.property_runner is not None
            return self.property_runner.run(item, not_applicable_reason(self.hello, item))
        return run_case(self.connection, self.hello, item)

    @staticmethod
    def _kit_error(item: Case | Property, exc: BaseException) -> Outcome:
        return kit_error_outcome(item, exc, kind="property" if isinstance(item, Property) else "case")

    def _record(self, judged: Outcome, case: Case | None = None) -> Outcome:
        judged = judged.at_level(self.options.level)
        if case is not None and judged.status in PROBLEM_STATUSES:
            self._show_input(judged, case)
        if self.options.strict_runs:
            judged = strict_runs(judged, self.options.flag("strict_runs"))
        outcome = self.expected_failures.apply(judged)
        self.outcomes.append(outcome)
        return outcome

    def _show_input(self, outcome: Outcome, case: Case) -> None:
        """What a failing case was given, its file, and the command that runs it alone."""
        options = self.options
        outcome.args = shown_args(case.args)
        outcome.fixture = self.fixture_files.get(case.id, "")
        outcome.rerun = rerun_command(
            options.front_end, options.impl, case.id, fixtures_dir=options.fixtures_dir, level=options.level
        )

    def record(self, outcome: Outcome) -> None:
        """Count an item judged by another process (a pytest-xdist worker), already marked expected."""
        self.items_run += 1
        self.outcomes.append(outcome)

    def record_late(self, outcome: Outcome, error: str) -> None:
        """A worker's last item, judged again after its connection ended (``end_connection``)."""
        self.late_errors[outcome.id] = error
        self.outcomes = [outcome if recorded.id == outcome.id else recorded for recorded in self.outcomes]

    def ordered_outcomes(self) -> list[Outcome]:
        """The outcomes in item order, whatever order they were judged in (xdist, pytest-randomly)."""
        order = {item.id: index for index, item in enumerate(self.items)}
        return sorted(self.outcomes, key=lambda outcome: order.get(outcome.id, len(order)))

    def _known_ids(self) -> list[str]:
        known = [case.id for case in self.all_cases]
        return known + [prop.id for group in property_sets() for prop in group.properties()]

    def expected_failure_problems(self) -> list[str]:
        if not self.expected_failures.entries:
            # Nothing to check; the known ids would import every area's properties (Hypothesis, the
            # grammars) for a run that may have no property check at all.
            return []
        return self.expected_failures.problems(self._known_ids(), self.outcomes)

    def write_expected_failures(self) -> baseline.Written | None:
        """Write --write-expected-failures from the outcomes so far, if asked; what was written."""
        path = self.options.write_target()
        if path is None:
            return None
        return baseline.write(
            path,
            self.to_update,
            self._known_ids(),
            self.ordered_outcomes(),
            prune=self.options.prune,
            flag=self.options.write_flag(),
        )

    def todo_warning(self) -> str | None:
        """The warning of a run gated by a file whose entries still have a TODO reason, if any."""
        return baseline.todo_warning(self.expected_failures)

    def report(self) -> Report:
        assert self.hello is not None, "start() first"
        report = build_report(
            impl=self.options.impl,
            implementation=self.hello.implementation,
            declared_editions=list(self.hello.editions),
            declared_ops=list(self.hello.ops),
            measures_volatile=self.hello.measures_volatile,
            editions=self.editions,
            started_at=self.started_at,
            finished_at=datetime.now(UTC),
            outcomes=self.ordered_outcomes(),
            expected_failure_problems=self.expected_failure_problems(),
            items_run=self.items_run,
            level=self.options.level,
            property_examples=self.options.examples,
            nothing_tested=nothing_tested(self.hello, self.editions, self.outcomes),
            unmatched_ops=self.unmatched_ops,
        )
        facts = outcome_facts(report.outcomes)
        report.readiness = session_verdicts(facts, report.editions, report.declared_ops, self.all_cases)
        return report

    def write_report(self, report: Report) -> Path | None:
        """Write the JSON (and Markdown) report if one was asked for; the Markdown path."""
        if self.options.report is None:
            return None
        return write_report(report, self.options.report)

    def end_connection(self) -> None:
        """End the connection after the last item, checking what the implementation wrote after its reply.

        A line that answers no request (a reply sent twice, a moment late)
        is an ERROR of a case whatever its timing (connection/subprocess.py).
        Before a request it is the next one's; after the last request there
        is no next one, so it is the last item's, the one whose reply it
        followed: its outcome becomes an error here, before the report.
        """
        connection, self.connection = self.connection, None
        if connection is None:
            return
        try:
            connection.end()
        except HarnessError as exc:
            if self.outcomes:
                last = self.outcomes[-1]
                self.late_errors[last.id] = str(exc)
                judged = Outcome(
                    id=last.id,
                    kind=last.kind,
                    edition=last.edition,
                    op=last.op,
                    status=Status.ERROR,
                    clauses=last.clauses,
                    reason=f"{exc} (found at the end of the run: this was its last item)",
                    reruns=last.reruns,
                    duration_seconds=last.duration_seconds,
                )
                case = next((case for case in self.cases if case.id == last.id), None)
                if case is not None:
                    self._show_input(judged, case)
                self.outcomes[-1] = self.expected_failures.apply(judged)

    def close(self) -> None:
        if self.property_runner is not None:
            self.property_runner.reference.close()
            self.property_runner = None
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def strict_runs(outcome: Outcome, flag: str) -> Outcome:
    """``outcome`` as ``--strict-runs`` judges it: a case that ran more than once is an error.

    A retry hides a stall, and a stall may be the implementation's fault;
    strict, it is not given the benefit of the doubt.  The status is the
    same at every level.
    """
    if not outcome.reruns or outcome.status is Status.ERROR:
        return outcome
    was = outcome.status.value + (f" ({outcome.reason})" if outcome.reason else "")
    reason = f"{ran_more_than_once(outcome.reruns)} (an error with {flag}; it would have been: {was})"
    # model_copy skips the validators: the reason is cut to a report's size here.
    return outcome.model_copy(update={"status": Status.ERROR, "reason": truncate_text(reason), "levels": {}})


def _property_runner(connection: Connection, options: SessionOptions) -> PropertyRunner:
    # The oracle is the reference model in process: it is the kit's own code,
    # and calling it costs less than generating the inputs.
    from codex_conformance.connection import InProcessConnection
    from codex_reference.adapter import handle

    return PropertyRunner(
        connection,
        InProcessConnection(handle, name="reference"),
        max_examples=options.examples,
        is_reference=is_reference(options.impl),
        level=options.level,
        facets_of=facets_of,
    )
