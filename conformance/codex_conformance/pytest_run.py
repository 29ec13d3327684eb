"""The pytest side of a conformance run: items named by case id, and their reporting.

No test file is needed in the directory: a ``ConformanceSuite`` collector is
attached to the pytest ``Session`` and collected through ``genitems`` (so
pytest counts and reports its items like any others).  Each item's node id
and name are its case id, so ``-k``, ``--collect-only`` and ``-x`` work as
usual and a user's own tests can run alongside.
"""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from codex_conformance import baseline, compact_output, pytest_xdist
from codex_conformance.case_input import exact_keyword
from codex_conformance.cases import Case
from codex_conformance.errors import UsageError
from codex_conformance.expected_failures import UNEXPECTED_PASS
from codex_conformance.facets import DEFAULT_LEVEL, LEVELS, Level, level_named
from codex_conformance.outcome import Outcome, Status, ran_more_than_once
from codex_conformance.properties import Property
from codex_conformance.report import (
    MEASURES_VOLATILE_LINE,
    Report,
    Totals,
    describe_counterexample,
    printable,
    property_line,
)
from codex_conformance.selection import Selection
from codex_conformance.session import ConformanceSession, SessionOptions

if TYPE_CHECKING:
    from _pytest.junitxml import LogXML

    from codex_conformance.connection import Connection

# The plugin's spelling of each SessionOptions field, for usage errors.
_FLAGS = {
    "timeout": "--conformance-timeout",
    "report": "--conformance-report",
    "examples": "--conformance-examples",
    "expected_failures": "--conformance-expected-failures",
    "fixtures_dir": "--conformance-fixtures-dir",
    "write_expected_failures": "--conformance-write-expected-failures",
    "prune_expected_failures": "--conformance-prune-expected-failures",
    "update_expected": "--conformance-update-expected",
}


def _level(text: str | None) -> Level:
    """--conformance-level (argparse checked it), else conformance_level from the ini file, checked here."""
    if text is None:
        return DEFAULT_LEVEL
    level = level_named(text)
    if level is None:
        raise pytest.UsageError(
            f"conformance_level in the pytest configuration must be one of {', '.join(LEVELS)}, got {text!r}"
        )
    return level


class CaseFailed(Exception):
    """Raised by an item whose case failed or errored; carries the outcome for ``repr_failure``."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


def describe_failure(outcome: Outcome) -> str:
    """The longrepr of a failed item: no traceback, just what differs and which clauses."""
    return printable(_failure_text(outcome))


def input_lines(outcome: Outcome) -> list[str]:
    """The case's args, fixture file and re-run command (case_input.py); none for a property."""
    case = f" (case {outcome.id})"
    return [f"{label}: {text}{case if label == 'fixture' else ''}" for label, text in outcome.input_fields()]


def _failure_text(outcome: Outcome) -> str:
    clauses = "\n".join(["clauses: " + ", ".join(outcome.clauses), *input_lines(outcome)])
    ran = ran_more_than_once(outcome.reruns) if outcome.reruns else ""
    if ran and ran not in outcome.reason:
        clauses += "\n" + ran
    if outcome.status is Status.UNSUPPORTED:
        text = f"UNSUPPORTED {outcome.id}: {outcome.reason}\n{clauses}"
        if outcome.counterexample is not None:
            text += "\n\n" + describe_counterexample(outcome.counterexample)
        return text
    if outcome.status is Status.ERROR:
        text = f"ERROR (harness): {outcome.reason}\n{clauses}"
        if outcome.counterexample is not None:
            text += "\n\n" + describe_counterexample(outcome.counterexample)
        return text
    parts = [f"FAIL {outcome.id}: {outcome.reason}", clauses]
    if outcome.counterexample is not None:
        parts += ["", describe_counterexample(outcome.counterexample)]
    if outcome.diff:
        parts += ["", outcome.diff]
    return "\n".join(parts)


class ConformanceItem(pytest.Item):
    """One fixture case, or one property checked on generated inputs."""

    def __init__(self, *, case: Case | Property, run: PytestRun, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.run = run
        self.outcome: Outcome | None = None  # once run: sent to the xdist controller with the report
        # Lets `-m conformance` select (or deselect) the whole suite, and
        # `-k apply_patch.apply` an op (case ids name the area, not the op).
        self.add_marker("conformance")
        self.extra_keyword_matches.add(case.op)
        # `-k '[ID]'` selects this item alone (a bare id also selects the ids it begins).
        self.extra_keyword_matches.add(exact_keyword(case.id))

    def runtest(self) -> None:
        outcome = self.outcome = self.run.session.run(self.case)
        if outcome.status is Status.PASS:
            return
        if outcome.status is Status.NOT_APPLICABLE:
            pytest.skip(printable(f"not applicable: {outcome.reason}"))
        if outcome.expected_failure is not None:
            # pytest's own route for a strict xfail: the mark, then the failure
            # raised, described by repr_failure below.  pytest.xfail() would
            # have its exception rendered as a full traceback, source files
            # re-read and parsed for every expected failure (a gate of 990
            # entries: 200 s against 11 s without the file).
            first_line = outcome.reason.splitlines()[0] if outcome.reason else ""
            reason = printable(f"{outcome.expected_failure} [{outcome.status.value}: {first_line}]")
            self.add_marker(pytest.mark.xfail(reason=reason, raises=CaseFailed, strict=True))
        raise CaseFailed(outcome)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailed):
            return describe_failure(excinfo.value.outcome)
        return str(super().repr_failure(excinfo, style=style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        # The domain heads failure sections.  It must not end the node id:
        # pytest would then rewrite its dots as "::" in verbose output.
        return self.path, None, f"{self.case.id} ({self.case.op})"


class ConformanceSuite(pytest.Collector):
    """The cases of the selected editions, in fixture order, then their properties."""

    def __init__(self, *, run: PytestRun, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.run = run

    def collect(self) -> list[pytest.Item]:
        return [
            ConformanceItem.from_parent(self, name=case.id, nodeid=case.id, case=case, run=self.run)
            for case in self.run.session.items
        ]


class PytestRun:
    def __init__(self, session: ConformanceSession, *, worker: bool = False, suite: bool = True) -> None:
        self.session = session
        # False when the command line names test files or node ids (plugin._names_other_tests):
        # no item, no report; the implementation is started only if a test asks for its connection.
        self.suite = suite
        # An xdist worker judges items and sends their outcomes to the
        # controller (pytest_xdist.py), which alone reports and sets the exit code.
        self.worker = worker
        self.report: Report | None = None
        self.markdown_path: Path | None = None
        self.write_error: str | None = None
        self.written: baseline.Written | None = None
        # No conformance item left once -k, -m or --deselect chose (pytest_collection_finish, or
        # under xdist the workers' collections): the run is then the user's own tests alone.
        self.idle = False
        self.recorder: pytest_xdist.WorkerOutcomes | None = None

    @classmethod
    def from_config(cls, config: pytest.Config, *, suite: bool = True) -> PytestRun:
        option = config.option
        options = SessionOptions(
            impl=option.conformance_impl,
            editions=list(option.conformance_editions),
            fixtures_dir=option.conformance_fixtures_dir,
            timeout=option.conformance_timeout,
            expected_failures=option.conformance_expected_failures,
            report=option.conformance_report,
            examples=option.conformance_examples,
            selection=Selection(ops=list(option.conformance_ops), areas=list(option.conformance_areas)),
            write_expected_failures=option.conformance_write_expected_failures,
            prune_expected_failures=option.conformance_prune_expected_failures,
            update_expected=option.conformance_update_expected,
            level=_level(option.conformance_level),
            strict_runs=option.conformance_strict_runs,
            flags=_FLAGS,
            front_end="pytest",
        )
        return cls(ConformanceSession(options), worker=pytest_xdist.is_worker(config), suite=suite)

    def start(self, config: pytest.Config) -> None:
        if not self.suite:
            return
        try:
            self.session.start()
        except UsageError as exc:
            raise pytest.UsageError(str(exc)) from None
        if self.worker:
            # Registered here, not by the plugin module: every test phase of every
            # session would go through the wrapper, --conformance-impl or not.
            config.pluginmanager.register(_SendOutcomes(self), "codex-conformance-send-outcomes")
        else:
            _JunitClassnames.register(config, self.session)
            compact_output.register(config, self.session.items, controller=pytest_xdist.is_controller(config))
        if pytest_xdist.is_controller(config):
            # The workers run the items, each over its own connection; the
            # controller needed the adapter for its hello only.
            self.session.close()
            self.recorder = pytest_xdist.WorkerOutcomes(self.session)
            config.pluginmanager.register(self.recorder, "codex-conformance-xdist")

    def attach(self, item: pytest.Item, report: pytest.TestReport) -> None:
        if self.worker and isinstance(item, ConformanceItem) and item.outcome is not None:
            pytest_xdist.attach(report, item.outcome)

    def connection(self) -> Connection:
        """The connection for the conformance_connection fixture, started on first use without a suite."""
        if self.session.connection is None and not self.suite and self.session.hello is None:
            try:
                self.session.start()
            except UsageError as exc:
                pytest.fail(str(exc), pytrace=False)
        if self.session.connection is None:
            pytest.skip("the implementation's connection is closed")  # an xdist controller runs no test
        return self.session.connection

    def collect(self, session: pytest.Session) -> list[pytest.Item]:
        if not self.suite:
            return []
        suite = ConformanceSuite.from_parent(
            session, name="codex-conformance", nodeid="codex-conformance", run=self
        )
        return list(session.genitems(suite))

    def selected(self, session: pytest.Session) -> None:
        """After deselection: with no conformance item left, the kit stays silent (no report, no exit status).

        Only where pytest's own selection (-k, -m, --deselect) left them all
        out: a run whose --op, --area or editions select nothing still fails
        saying so (``Report.nothing_tested``).
        """
        if self.session.items and not any(isinstance(item, ConformanceItem) for item in session.items):
            self.idle = True  # the connection stays open for the conformance_connection fixture

    def finish(self, session: pytest.Session) -> None:
        if self.recorder is not None and self.session.items and not self.recorder.selected_any:
            self.idle = True  # every worker deselected every conformance item
        if not self.suite or self.idle or self.session.hello is None or session.config.option.collectonly:
            return
        if session.exitstatus != pytest.ExitCode.INTERRUPTED:
            self.session.end_connection()
        if self.worker:
            pytest_xdist.send_late_errors(session.config, self.session)
            return
        self.report = self.session.report()
        _junit_totals(session.config, self.report)
        try:
            self.markdown_path = self.session.write_report(self.report)
            if session.exitstatus != pytest.ExitCode.INTERRUPTED:  # a partial run would drop entries
                self.written = self.session.write_expected_failures()
        except UsageError as exc:
            # The path was checked before the run; this is the disk failing since.
            self.write_error = str(exc)
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
            return
        if session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
            if self.report.nothing_tested is not None:
                # pytest's own code for a run that tested nothing, set even
                # though not-applicable items were collected (and skipped).
                session.exitstatus = pytest.ExitCode.NO_TESTS_COLLECTED
            elif self.report.expected_failure_problems or (self.session.late_errors and not self.report.ok):
                # Not ok with every item passed: the last item's outcome became an
                # error after it ran (ConformanceSession.end_connection).
                session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def summarize(self, reporter: pytest.TerminalReporter) -> None:
        report = self.report
        if report is None:
            return
        reporter.section("codex-conformance")
        impl = report.implementation
        reporter.write_line(f"implementation: {impl.name} {impl.version} via {report.impl}")
        reporter.write_line(f"editions: {', '.join(report.editions) or '(none)'}")
        if report.measures_volatile:
            reporter.write_line(MEASURES_VOLATILE_LINE)
        reporter.write_line(property_line(report.property_examples))
        reporter.write_line(f"level certified: {report.level}; cases passing: {report.levels.line()}")
        for verdict in report.readiness:
            reporter.write_line(f"readiness {printable(verdict.line())}", bold=True)
        for op in report.unmatched_ops:
            reporter.write_line(
                f"WARNING: declared op {op!r} matched no case in the editions run", yellow=True
            )
        if report.nothing_tested is not None:
            reporter.write_line(f"FAILED (nothing tested): {report.nothing_tested}", red=True, bold=True)
        for problem in report.expected_failure_problems:
            reporter.write_line(f"FAILED (expected-failures): {problem}", red=True, bold=True)
        for outcome in report.outcomes:
            if outcome.reruns:
                ran = printable(ran_more_than_once(outcome.reruns))
                reporter.write_line(f"{outcome.id} ({outcome.status.value}): {ran}", yellow=True)
        for item_id, error in self.session.late_errors.items():
            reporter.write_line(
                f"ERROR (after its test ended) {item_id}: {printable(error)}", red=True, bold=True
            )
        if self.write_error is not None:
            reporter.write_line(f"ERROR: {self.write_error}", red=True, bold=True)
        elif self.session.options.report is not None:
            reporter.write_line(f"report: {self.session.options.report} (summary: {self.markdown_path})")
        if self.written is not None:
            reporter.write_line(self.written.line(), yellow=bool(self.written.todo))
        else:
            todo = self.session.todo_warning()
            if todo is not None:
                reporter.write_line(todo, yellow=True)
        summary: Totals = report.summary
        reporter.write_line(summary.line(), bold=True, red=not report.ok, green=report.ok)
        _count_stale_entries(reporter, report.expected_failure_problems)

    def close(self) -> None:
        self.session.close()


def _count_stale_entries(reporter: pytest.TerminalReporter, problems: list[str]) -> None:
    """Each stale expected-failures entry in pytest's last line: ``279 passed, 1 unexpected pass``.

    The entry's case passed, so pytest counted it as passed, yet the run
    fails: without this the last line would read all green with exit code 1.
    pytest's line shows every key of ``stats``, so one key per kind, its
    noun already singular or plural (pytest pluralizes only its own).
    """
    passes = [problem for problem in problems if UNEXPECTED_PASS in problem]
    others = [problem for problem in problems if UNEXPECTED_PASS not in problem]
    for found, one, many in (
        (passes, "unexpected pass", "unexpected passes"),
        (others, "stale entry", "stale entries"),
    ):
        if found:
            # Reports, as every value of stats is: other plugins' summaries read them (Hypothesis's).
            reports = [_stale_report(problem) for problem in found]
            reporter.stats.setdefault(one if len(found) == 1 else many, []).extend(reports)
    if problems:
        # The line's colour and keys were worked out for the last item; with new keys, again.
        reporter._main_color = None


class _SendOutcomes:
    """On an xdist worker: each conformance item's outcome sent with its report (pytest_xdist.py)."""

    def __init__(self, run: PytestRun) -> None:
        self.run = run

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        if call.when == "call":
            self.run.attach(item, report)
        return report


def _stale_report(problem: str) -> pytest.TestReport:
    return pytest.TestReport(
        nodeid="expected-failures",
        location=("expected-failures", None, "expected-failures"),
        keywords={},
        outcome="failed",
        longrepr=problem,
        when="call",
    )


def _junit_totals(config: pytest.Config, report: Report) -> None:
    """The conformance counts as <testsuite> properties of the --junitxml file, if one is written.

    JUnit counts only failures, errors and skips: an ``unsupported`` item is a
    failure there (its message starts with UNSUPPORTED) and a not-applicable
    one a skip.  Suite properties (valid in every JUnit family, unlike
    per-test ones in xunit2) keep the kit's own counts beside them.
    """
    from _pytest.junitxml import xml_key  # no public access to the suite's properties outside a test

    xml = config.stash.get(xml_key, None)
    if xml is None:
        return
    for name, count in report.summary.model_dump().items():
        xml.add_global_property(f"conformance_{name}", count)
    xml.add_global_property("conformance_level", report.level)
    for name, count in report.levels.model_dump().items():
        xml.add_global_property(f"conformance_{name}", count)


class _JunitClassnames:
    """Each case's ``<testcase classname>`` in the --junitxml file: its op, e.g. ``apply_patch.apply``.

    JUnit takes the classname from the part of a node id before its last
    ``::``, and a case's node id is its bare case id, so it would be empty;
    CI viewers then put every case in one nameless group.  The attribute is
    set on the case's JUnit record before junitxml fills it in (it keeps
    attributes set earlier, as ``record_xml_attribute`` does), on the process
    that writes the file: the controller under xdist.
    """

    def __init__(self, xml: LogXML, ops: dict[str, str]) -> None:
        self.xml = xml
        self.ops = ops

    @classmethod
    def register(cls, config: pytest.Config, session: ConformanceSession) -> None:
        from _pytest.junitxml import xml_key  # as in _junit_totals: no public access

        xml = config.stash.get(xml_key, None)
        if xml is not None:
            plugin = cls(xml, {item.id: item.op for item in session.items})
            config.pluginmanager.register(plugin, "codex-conformance-junit")

    @pytest.hookimpl(tryfirst=True)  # before junitxml's own hook writes the record
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        op = self.ops.get(report.nodeid)
        if op is not None:
            self.xml.node_reporter(report).add_attribute("classname", op)
