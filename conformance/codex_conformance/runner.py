"""Run cases against a connection.  Knows ops, editions and comparison modes; no area semantics."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Protocol

from codex_conformance import harnesses
from codex_conformance.areas import facets_of
from codex_conformance.cases import Case, ExpectedAnyOf, ExpectedError
from codex_conformance.compare import (
    PATTERN_MODES,
    Mismatch,
    check_nesting,
    compare,
    invalid_patterns,
    pretty,
    unified_diff,
)
from codex_conformance.connection import Connection
from codex_conformance.errors import HarnessError
from codex_conformance.facets import LEVELS, FacetOutcome, Level, facet_outcomes, passes_at
from codex_conformance.leading_difference import leading_difference
from codex_conformance.observed import as_given
from codex_conformance.outcome import Outcome, Status, kit_error_outcome, unsupported_reason
from codex_conformance.protocol import ErrorResponse, Hello, Response, ResultResponse, UnsupportedResponse

Progress = Callable[[int, int, Outcome], None]  # (cases done, cases in total, latest outcome)

_RESULT_SHOWN = 2000  # characters of an unexpected result shown when an error was expected


class Applicable(Protocol):
    """What applicability looks at: a case, or a property on generated inputs."""

    @property
    def op(self) -> str: ...

    @property
    def edition(self) -> str: ...


def not_applicable_reason(hello: Hello, case: Applicable) -> str | None:
    """Why ``case`` does not apply to the implementation that said ``hello``, or None."""
    if case.op not in hello.ops:
        return f"implementation does not declare op {case.op!r}"
    if case.edition not in hello.editions:
        return f"implementation does not declare edition {case.edition!r}"
    return None


def run_case(connection: Connection, hello: Hello, case: Case) -> Outcome:
    """The outcome of one case; never raises for anything that goes wrong on the case.

    An exception of the kit itself (a reply too deep or too long for it, a bad
    fixture, a bug) becomes an ``error`` outcome for this case: escaping, it
    would leave the case out of the report, and the report could say OK.
    """
    started = time.perf_counter()
    try:
        outcome = _judge(connection, hello, case)
    except (Exception, SystemExit) as exc:  # SystemExit: an in-process adapter calling sys.exit()
        outcome = kit_error_outcome(case, exc)
    outcome.duration_seconds = round(time.perf_counter() - started, 6)
    return outcome


def run_cases(
    connection: Connection, cases: Iterable[Case], progress: Progress | None = None
) -> list[Outcome]:
    hello = connection.hello()
    cases = list(cases)
    outcomes: list[Outcome] = []
    for case in cases:
        outcomes.append(run_case(connection, hello, case))
        if progress is not None:
            progress(len(outcomes), len(cases), outcomes[-1])
    return outcomes


def _judge(connection: Connection, hello: Hello, case: Case) -> Outcome:
    reruns: list[str] = []  # the response's: why the adapter ran the case more than once

    def outcome(status: Status, reason: str = "", diff: str = "", *, kit_error: bool = False) -> Outcome:
        return Outcome(
            id=case.id,
            edition=case.edition,
            op=case.op,
            status=status,
            clauses=list(case.clauses),
            reason=reason,
            diff=diff,
            kit_error=kit_error,
            reruns=reruns,
        )

    inapplicable = not_applicable_reason(hello, case)
    if inapplicable is not None:
        return outcome(Status.NOT_APPLICABLE, inapplicable)
    fixture_problem = _fixture_problem(case)
    if fixture_problem is not None:
        # The case itself is broken: asking the implementation would prove nothing.
        reason = f"fixture error: {fixture_problem} (run 'codex-conformance fixtures lint')"
        return outcome(Status.ERROR, reason, kit_error=True)
    try:
        response = _request(connection, case)
    except HarnessError as exc:
        return outcome(Status.ERROR, str(exc))
    except Exception:
        # The kit failed half-way through an exchange (say, on a reply it cannot
        # parse): the transport's state is unknown, so the next case starts afresh.
        with contextlib.suppress(Exception):
            connection.close()
        raise
    reruns = list(response.reruns)
    if isinstance(response, UnsupportedResponse):
        # The op and edition are declared (not_applicable_reason said so), so
        # declining is not "not applicable": it would let a port skip every
        # case it gets wrong.  Its own status fails the run unless expected.
        return outcome(Status.UNSUPPORTED, unsupported_reason(response.unsupported))
    if isinstance(response, ErrorResponse) and response.is_internal:
        return outcome(Status.ERROR, f"adapter internal error: {response.error.message}")
    if isinstance(response, ResultResponse):
        check_nesting(response.result, "the result")
    verdict = _verdict(case, response, given=not hello.measures_volatile)
    judged = outcome(verdict.status, verdict.reason, verdict.diff)
    if verdict.facets:
        judged.facets = verdict.facets
        judged.levels = {level: verdict.status_at(level) for level in LEVELS}
    return judged


def _fixture_problem(case: Case) -> str | None:
    """The first invalid ``$pattern`` among the case's expected results, or None."""
    if case.compare not in PATTERN_MODES or isinstance(case.expected, ExpectedError):
        return None
    alternatives = case.expected.any_of if isinstance(case.expected, ExpectedAnyOf) else [case.expected]
    for number, alternative in enumerate(alternatives, start=1):
        problems = invalid_patterns(alternative.result)
        if problems:
            where = f"alternative {number}: " if len(alternatives) > 1 else ""
            return where + problems[0]
    return None


def _request(connection: Connection, case: Case) -> Response:
    """The response to compare: the adapter's, or what an op's harness observed around it."""
    factory = harnesses.get(case.op)
    if factory is None:
        return connection.request(case.op, dict(case.args))
    with factory(dict(case.args)) as harnessed:
        response = connection.request(case.op, harnessed.args)
        if isinstance(response, ResultResponse):
            return ResultResponse(result=harnessed.observe(response.result), reruns=response.reruns)
        return response


@dataclass(frozen=True)
class _Verdict:
    status: Status
    reason: str = ""
    diff: str = ""
    facets: dict[str, FacetOutcome] = field(default_factory=dict)  # empty: no result was compared

    def status_at(self, level: Level) -> Status:
        if self.status is Status.FAIL and passes_at(level, self.facets):
            return Status.PASS  # only facets above ``level`` differ
        return self.status


def _verdict(case: Case, response: Response, *, given: bool) -> _Verdict:
    """``given``: the implementation was given the release's volatile values (the case's
    args) and must print them as the release did (observed.py)."""
    expected = case.expected
    if isinstance(expected, ExpectedError):
        kind = expected.error.get("kind", "")
        if isinstance(response, ErrorResponse):
            if response.error.kind == kind:
                return _Verdict(Status.PASS)
            return _Verdict(
                Status.FAIL,
                f"$error.kind: expected {kind!r} got {response.error.kind!r} ({response.error.message})",
            )
        assert isinstance(response, ResultResponse)
        shown = pretty(response.result)
        if len(shown) > _RESULT_SHOWN:
            shown = shown[:_RESULT_SHOWN] + "\n... (truncated)"
        return _Verdict(Status.FAIL, f"expected an error of kind {kind!r}, got a result", shown)
    alternatives = expected.any_of if isinstance(expected, ExpectedAnyOf) else [expected]
    if isinstance(response, ErrorResponse):
        return _Verdict(
            Status.FAIL,
            f"expected a result, got an error {response.error.kind!r}: {response.error.message}",
            unified_diff(pretty(alternatives[0].result), ""),
        )
    assert isinstance(response, ResultResponse)
    tried: list[tuple[Mismatch, dict[str, FacetOutcome]]] = []
    for alternative in alternatives:
        wanted = as_given(alternative.result) if given else alternative.result
        declared = facets_of(case.op)
        facets = facet_outcomes(declared, case.compare, wanted, response.result)
        mismatch = compare(case.compare, wanted, response.result)
        if mismatch is None:
            return _Verdict(Status.PASS, facets=facets)
        # The reason leads with what the port does before how it prints it.
        lead = leading_difference(case.compare, wanted, response.result, declared, facets)
        tried.append((replace(mismatch, summary=lead or mismatch.summary), facets))
    if len(tried) == 1:
        mismatch, facets = tried[0]
        return _Verdict(Status.FAIL, _with_facets(mismatch.summary, facets), mismatch.diff, facets)

    # Show the alternative the result comes closest to: the one agreeing on the
    # most behaviour, then on the most facets, then with the shortest diff.
    def closeness(index: int) -> tuple[bool, int, int]:
        mismatch, facets = tried[index]
        agreeing = sum(facet.agrees for facet in facets.values())
        return (passes_at("behaviour", facets), agreeing, -len(mismatch.diff))

    closest = max(range(len(tried)), key=closeness)
    mismatch, facets = tried[closest]
    summary = (
        f"matches none of the {len(tried)} results the release gives; "
        f"closest (alternative {closest + 1}): {mismatch.summary}"
    )
    return _Verdict(Status.FAIL, _with_facets(summary, facets), mismatch.diff, facets)


def _with_facets(summary: str, facets: dict[str, FacetOutcome]) -> str:
    """The summary, followed by the facets that differ when some agree (so the reader sees which level)."""
    differing = [name for name, facet in facets.items() if not facet.agrees]
    if not differing or len(differing) == len(facets):
        return summary
    agreeing = [name for name, facet in facets.items() if facet.agrees]
    return f"{summary} [differs: {', '.join(differing)}; agrees: {', '.join(agreeing)}]"
