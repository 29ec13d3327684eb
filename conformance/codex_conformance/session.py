"""One conformance run, shared by the pytest plugin and ``codex-conformance certify``.

The session owns everything with state: the connection, the hello reply,
the selected cases, the expected failures and the outcomes so far.  The
plugin and the CLI only drive it, so both give the same verdicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from codex_conformance import paths
from codex_conformance.cases import Case, FixtureError, load_cases
from codex_conformance.connection import Connection
from codex_conformance.connection.subprocess import DEFAULT_TIMEOUT
from codex_conformance.editions import EDITIONS
from codex_conformance.errors import HarnessError, UsageError
from codex_conformance.expected_failures import ExpectedFailures
from codex_conformance.impl import connect
from codex_conformance.outcome import Outcome
from codex_conformance.protocol import Hello
from codex_conformance.report import Report, build_report, write_report
from codex_conformance.runner import run_case


@dataclass(frozen=True)
class SessionOptions:
    impl: str
    editions: Sequence[str] = ()  # empty: every edition the implementation declares
    fixtures_dir: Path | None = None  # None: the fixtures shipped with the kit
    timeout: float = DEFAULT_TIMEOUT
    expected_failures: Path | None = None
    report: Path | None = None


def check_editions(editions: Sequence[str]) -> None:
    unknown = [edition for edition in editions if edition not in EDITIONS]
    if unknown:
        raise UsageError(f"unknown edition {unknown[0]!r}; known editions: {', '.join(EDITIONS)}")


def load_fixture_cases(fixtures_dir: Path | None) -> list[Case]:
    if fixtures_dir is None:
        try:
            fixtures_dir = paths.fixtures_dir()
        except FileNotFoundError as exc:
            raise UsageError(str(exc)) from None
    if not fixtures_dir.is_dir():
        raise UsageError(f"fixtures directory {fixtures_dir} does not exist")
    try:
        return load_cases(fixtures_dir)
    except FixtureError as exc:
        raise UsageError(str(exc).splitlines()[0] + " (run 'codex-conformance fixtures lint')") from None


@dataclass
class ConformanceSession:
    options: SessionOptions
    connection: Connection | None = None
    hello: Hello | None = None
    all_cases: list[Case] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)  # the selected editions' cases, in fixture order
    editions: list[str] = field(default_factory=list)
    expected_failures: ExpectedFailures = field(default_factory=ExpectedFailures)
    outcomes: list[Outcome] = field(default_factory=list)
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))

    def start(self) -> None:
        """Check the options, load cases, start the implementation; ``UsageError`` on any problem."""
        check_editions(self.options.editions)
        self.all_cases = load_fixture_cases(self.options.fixtures_dir)
        if self.options.expected_failures is not None:
            self.expected_failures = ExpectedFailures.load(self.options.expected_failures)
        self.connection = connect(self.options.impl, timeout=self.options.timeout)
        try:
            self.hello = self.connection.hello()
        except HarnessError as exc:
            self.close()
            raise UsageError(f"--impl {self.options.impl!r}: hello failed: {exc}") from None
        self.editions = list(self.options.editions) or [
            edition for edition in self.hello.editions if edition in EDITIONS
        ]
        self.cases = [case for case in self.all_cases if case.edition in self.editions]

    def run(self, case: Case) -> Outcome:
        assert self.connection is not None and self.hello is not None, "start() first"
        outcome = self.expected_failures.apply(run_case(self.connection, self.hello, case))
        self.outcomes.append(outcome)
        return outcome

    def expected_failure_problems(self) -> list[str]:
        return self.expected_failures.problems((case.id for case in self.all_cases), self.outcomes)

    def report(self) -> Report:
        assert self.hello is not None, "start() first"
        return build_report(
            impl=self.options.impl,
            implementation=self.hello.implementation,
            declared_editions=list(self.hello.editions),
            declared_ops=list(self.hello.ops),
            editions=self.editions,
            started_at=self.started_at,
            finished_at=datetime.now(UTC),
            outcomes=self.outcomes,
            expected_failure_problems=self.expected_failure_problems(),
        )

    def write_report(self, report: Report) -> Path | None:
        """Write the JSON (and Markdown) report if one was asked for; the Markdown path."""
        if self.options.report is None:
            return None
        return write_report(report, self.options.report)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
