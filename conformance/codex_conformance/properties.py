"""The property mechanism: generated inputs, judged per property, shrunk on failure.

A *property* is data: an op, an edition, a name, clause ids, a Hypothesis
strategy for the op's ``args`` and a check.  Area modules
(``areas/mcp/properties.py``, ``areas/schema/properties.py``) declare them; nothing here
knows what an MCP tool or a schema is, just as the case runner does not.

Two kinds of check:

- **differential**: the implementation's response must equal the reference
  model's (``codex_reference.adapter.handle``) under ``json-exact`` (a result
  against a result, byte-equal with key order) or have the same error kind.
  The reference is certified against captured releases, so this carries the
  releases' behaviour to inputs no fixture covers.
- **invariant**: a predicate over the args and the implementation's response
  alone, for rules every release of the edition obeys (length limits,
  uniqueness, alphabets, shape).

Cost model (why exploration is shared): generating one MCP tool set costs
~15 ms, far more than asking an adapter about it.  So the properties of one
op x edition share one exploration: each generated input is sent to the
implementation once and judged by every property of the group.  Only a
property that fails gets its own Hypothesis run, which finds the failure
again (same derandomized seed) and shrinks it for that property alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from codex_conformance.compare import compare, pretty, unified_diff
from codex_conformance.connection import Connection
from codex_conformance.errors import HarnessError
from codex_conformance.facets import (
    DEFAULT_FACETS,
    DEFAULT_LEVEL,
    Facet,
    Level,
    facet_outcomes,
    judged_at_level,
    passes_at,
)
from codex_conformance.outcome import Counterexample, Outcome, Status, unsupported_reason
from codex_conformance.protocol import ErrorResponse, Response, ResultResponse, UnsupportedResponse

# Hypothesis is imported when a property runs, not with this module: a session
# without property checks (--conformance-examples=0, or an xdist controller)
# never needs it, and under pytest importing it costs as much as collecting
# every case (its modules are assertion-rewritten, being a pytest plugin's).
if TYPE_CHECKING:
    from hypothesis import settings
    from hypothesis import strategies as st

JSON = Any
Args = dict[str, JSON]
# A valid, non-internal answer: what properties judge.
Answer = ResultResponse | ErrorResponse

DEFAULT_EXAMPLES = 100
DIFFERENTIAL = "differential"
# The differential's own clause (spec/properties.md).  It checks every rule of
# its op at once, so a failure names no rule of the area: filed under each of
# them, one counterexample read as a dozen broken rules.  The invariants, and
# the diff, say which rule it is.
DIFFERENTIAL_CLAUSE = "PROP-DIFF-1"
# The label of the property sets drawn from an area's explorer (areas/<area>/explore.py).
EXPLORED = "explored"
REFERENCE_SELF_REASON = (
    "the implementation is the reference model itself: comparing it with itself proves nothing "
    "(its differential runs against ports, e.g. --impl='cmd:codex-conformance serve reference')"
)


def profile(max_examples: int) -> settings:
    """The fixed Hypothesis settings of every property run (documented in spec/properties.md).

    Built on Hypothesis's own ``default`` profile, not the current one, so a
    user's conftest profile cannot change what the kit certifies.
    ``derandomize``: the same inputs on every run, so CI verdicts are
    reproducible.  ``database=None``: no example database in the user's directory
    (nor Hypothesis's caches: ``hypothesis_home``).
    ``deadline=None``: adapters over a subprocess have their own timeout.
    """
    from hypothesis import HealthCheck, Phase, Verbosity, settings

    return settings(
        settings.get_profile("default"),
        max_examples=max_examples,
        derandomize=True,
        database=None,
        deadline=None,
        phases=(Phase.generate, Phase.shrink),
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        report_multiple_bugs=False,
    )


@dataclass(frozen=True)
class Violation:
    summary: str  # one line, e.g. '$.tools[0].name: 65 bytes > 64'
    diff: str = ""


# An invariant: (args, the implementation's answer) -> None, or what is wrong.
InvariantCheck = Callable[[Args, Answer], Violation | None]


@dataclass(frozen=True)
class Invariant:
    name: str
    clauses: tuple[str, ...]
    check: InvariantCheck
    # The verdict level it belongs to (codex_conformance.facets): an invariant
    # about printed texts or key order is ``bytes``, not applicable to a run
    # that certifies behaviour.
    level: Level = "behaviour"


@dataclass(frozen=True)
class PropertySet:
    """The properties of one op x edition over one strategy: a differential and the edition's invariants.

    An op x edition may have several sets, one per strategy, told apart by
    ``label`` (the property names get it as a prefix: ``explored-shape``).
    Each set is explored on its own, with its own examples: mixing a broad
    strategy into a sharp one would thin out the inputs the sharp one aims at.
    """

    op: str
    edition: str
    args: st.SearchStrategy[Args]
    invariants: tuple[Invariant, ...] = ()
    label: str = ""

    def properties(self) -> list[Property]:
        prefix = f"{self.label}-" if self.label else ""
        differential = Property(self, prefix + DIFFERENTIAL, (DIFFERENTIAL_CLAUSE,), None)
        return [
            differential,
            *(
                Property(self, prefix + inv.name, inv.clauses, inv.check, inv.level)
                for inv in self.invariants
            ),
        ]


@dataclass(frozen=True)
class Property:
    group: PropertySet = field(repr=False)
    name: str
    clauses: tuple[str, ...]
    check: InvariantCheck | None  # None: the differential
    level: Level = "behaviour"  # the differential judges at the run's level

    @property
    def op(self) -> str:
        return self.group.op

    @property
    def edition(self) -> str:
        return self.group.edition

    @property
    def id(self) -> str:
        return f"property/{self.op}/{self.edition}/{self.name}"

    @property
    def is_differential(self) -> bool:
        return self.check is None


def differential_violation(
    reference: Answer,
    actual: Answer,
    *,
    level: Level = DEFAULT_LEVEL,
    facets: Sequence[Facet] = DEFAULT_FACETS,
) -> Violation | None:
    """json-exact for results (at the behaviour level, only the op's behaviour facets), the same
    kind for errors; anything else differs."""
    if isinstance(reference, ResultResponse) and isinstance(actual, ResultResponse):
        mismatch = compare("json-exact", reference.result, actual.result)
        if mismatch is None:
            return None
        if passes_at(level, facet_outcomes(facets, "json-exact", reference.result, actual.result)):
            return None  # only facets above the level certified differ
        return Violation(mismatch.summary, mismatch.diff)
    if isinstance(reference, ErrorResponse) and isinstance(actual, ErrorResponse):
        if reference.error.kind == actual.error.kind:
            return None
        return Violation(f"$error.kind: reference {reference.error.kind!r} got {actual.error.kind!r}")
    diff = unified_diff(pretty(wire(reference)), pretty(wire(actual)))
    if isinstance(reference, ResultResponse):
        assert isinstance(actual, ErrorResponse)
        return Violation(f"reference answers a result, got an error {actual.error.kind!r}", diff)
    return Violation(f"reference answers an error {reference.error.kind!r}, got a result", diff)


def wire(response: Response) -> dict[str, JSON]:
    """A response as it travels (without the transport's id)."""
    return response.model_dump(mode="json", exclude={"id"})


class _Stop(BaseException):
    """Ends a Hypothesis run at once.

    A ``BaseException`` on purpose: Hypothesis treats an ``Exception`` as a
    failure to shrink, and shrinking a timeout would repeat it hundreds of
    times.  An error or an ``unsupported`` answer ends the property instead.
    """

    def __init__(self, status: Status, reason: str, request: dict[str, JSON]) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.request = request


@dataclass
class _Exploration:
    examples: int = 0
    first_failure: dict[str, Args] = field(default_factory=dict)  # property name -> args
    stopped: _Stop | None = None


class PropertyRunner:
    """Runs properties against one implementation; explores each op x edition once."""

    def __init__(
        self,
        connection: Connection,
        reference: Connection,
        *,
        max_examples: int = DEFAULT_EXAMPLES,
        is_reference: bool = False,
        level: Level = DEFAULT_LEVEL,
        facets_of: Callable[[str], Sequence[Facet]] = lambda op: DEFAULT_FACETS,
    ) -> None:
        self.connection = connection
        self.level = level
        self.facets_of = facets_of  # areas.facets_of: the areas are a layer above this module
        self.reference = reference
        self.max_examples = max_examples
        self.is_reference = is_reference
        self._explored: dict[tuple[str, str, str], _Exploration] = {}

    def run(self, prop: Property, inapplicable: str | None) -> Outcome:
        from codex_conformance.hypothesis_home import kit_storage

        started = time.perf_counter()
        with kit_storage():
            outcome = self._judge(prop, inapplicable)
        outcome.duration_seconds = round(time.perf_counter() - started, 6)
        return outcome

    def _judge(self, prop: Property, inapplicable: str | None) -> Outcome:
        def outcome(status: Status, reason: str = "", **extra: Any) -> Outcome:
            return Outcome(
                id=prop.id,
                kind="property",
                edition=prop.edition,
                op=prop.op,
                status=status,
                clauses=list(prop.clauses),
                reason=reason,
                **extra,
            )

        if inapplicable is not None:
            return outcome(Status.NOT_APPLICABLE, inapplicable)
        if prop.is_differential and self.is_reference:
            return outcome(Status.NOT_APPLICABLE, REFERENCE_SELF_REASON)
        if not self._judged_at_level(prop):
            return outcome(
                Status.NOT_APPLICABLE,
                f"an invariant of the {prop.level} level; this run certifies {self.level}",
            )
        explored = self._explore(prop.group)
        if explored.stopped is not None:
            stop = explored.stopped
            return outcome(stop.status, stop.reason, counterexample=Counterexample(request=stop.request))
        failing = explored.first_failure.get(prop.name)
        if failing is None:
            return outcome(Status.PASS, f"{explored.examples} generated examples")
        try:
            shrunk = self._shrink(prop)
            args = failing if shrunk is None else shrunk
            return self._failure(
                prop, args, shrunk=shrunk is not None, examples=explored.examples, outcome=outcome
            )
        except _Stop as stop:
            return outcome(stop.status, stop.reason, counterexample=Counterexample(request=stop.request))

    def _explore(self, group: PropertySet) -> _Exploration:
        key = (group.op, group.edition, group.label)
        if key in self._explored:
            return self._explored[key]
        explored = _Exploration()
        props = [
            p
            for p in group.properties()
            if not (p.is_differential and self.is_reference) and self._judged_at_level(p)
        ]

        def judge_all(args: Args) -> bool:
            explored.examples += 1
            pending = [p for p in props if p.name not in explored.first_failure]
            if not pending:
                return False
            # One request per input, whatever the number of properties judging it.
            actual = self._answer(self.connection, group.op, args, "implementation")
            reference = None
            if any(p.is_differential for p in pending):
                reference = self._answer(self.reference, group.op, args, "reference model")
            for prop in pending:
                if self._verdict(prop, args, actual, reference) is not None:
                    explored.first_failure[prop.name] = args
            return False  # never "found": explore all max_examples inputs

        from hypothesis import find
        from hypothesis.errors import NoSuchExample

        try:
            find(group.args, judge_all, settings=profile(self.max_examples))
        except NoSuchExample:
            pass
        except _Stop as stop:
            explored.stopped = stop
        self._explored[key] = explored
        return explored

    def _judged_at_level(self, prop: Property) -> bool:
        return judged_at_level(prop.level, self.level)

    def _shrink(self, prop: Property) -> Args | None:
        """The smallest input Hypothesis finds on which ``prop`` fails, or None."""
        from hypothesis import find
        from hypothesis.errors import NoSuchExample

        try:
            return find(
                prop.group.args,
                lambda args: self._violation(prop, args) is not None,
                settings=profile(self.max_examples),
            )
        except NoSuchExample:
            # Not found again (a non-deterministic adapter?): the caller reports the unshrunk input.
            return None

    def _answer(self, connection: Connection, op: str, args: Args, whose: str) -> Answer:
        request = {"op": op, "args": args}
        try:
            response = connection.request(op, args)
        except HarnessError as exc:
            raise _Stop(Status.ERROR, f"{whose} failed on a generated input: {exc}", request) from None
        if isinstance(response, UnsupportedResponse):
            # The op and edition are declared (else the property was not applicable
            # and never explored): the implementation declining a generated input
            # is ``unsupported``, as on a case; the reference declining is a kit bug.
            if connection is self.connection:
                raise _Stop(Status.UNSUPPORTED, unsupported_reason(response.unsupported, whose), request)
            raise _Stop(Status.ERROR, f"{whose} answered unsupported: {response.unsupported}", request)
        if isinstance(response, ErrorResponse) and response.is_internal:
            raise _Stop(Status.ERROR, f"{whose} internal error: {response.error.message}", request)
        return response

    def _observe(self, prop: Property, args: Args, *, with_reference: bool) -> tuple[Answer, Answer | None]:
        actual = self._answer(self.connection, prop.op, args, "implementation")
        if not with_reference:
            return actual, None
        return actual, self._answer(self.reference, prop.op, args, "reference model")

    def _violation(self, prop: Property, args: Args) -> Violation | None:
        actual, reference = self._observe(prop, args, with_reference=prop.is_differential)
        return self._verdict(prop, args, actual, reference)

    def _verdict(
        self, prop: Property, args: Args, actual: Answer, reference: Answer | None
    ) -> Violation | None:
        if prop.check is not None:
            return prop.check(args, actual)
        assert reference is not None, "the differential needs the reference's answer"
        return differential_violation(reference, actual, level=self.level, facets=self.facets_of(prop.op))

    def _failure(
        self, prop: Property, args: Args, *, shrunk: bool, examples: int, outcome: Callable[..., Outcome]
    ) -> Outcome:
        # An invariant's failure shows the reference's answer too, as a hint for
        # the fix; it takes no part in the verdict (and there is none to show
        # when the implementation is the reference itself).
        actual, reference = self._observe(prop, args, with_reference=not self.is_reference)
        violation = self._verdict(prop, args, actual, reference)
        if violation is None:  # the adapter answered differently this time
            violation = Violation("fails only sometimes on this input (non-deterministic implementation?)")
        how = "shrunk by Hypothesis" if shrunk else "not shrunk"
        return outcome(
            Status.FAIL,
            f"{violation.summary} (counterexample {how}; {examples} examples generated)",
            diff=violation.diff,
            counterexample=Counterexample(
                request={"op": prop.op, "args": args},
                reference_response=None if reference is None else wire(reference),
                implementation_response=wire(actual),
            ),
        )
