"""What happened to one case: five distinct statuses, never conflated.

- ``pass``: the implementation's reply matches the case;
- ``fail``: it answered validly but differently (with a diff and the case's clauses);
- ``unsupported``: it answered ``unsupported`` to an op and edition it
  declared (with its reason).  Counted apart from ``not_applicable`` and
  failing the run like a ``fail``: were it "not applicable", a port (or a
  mutant of the reference) could decline every case it gets wrong and pass;
- ``not_applicable``: it did not declare the op or edition (with the
  reason) - never counted as a pass;
- ``error``: the harness could not get a valid answer (crash, timeout,
  invalid message, error kind ``internal``) - never a correct rejection.
  Also the kit's own failures on an item (an exception of the kit, a broken
  fixture): those are ``kit_error`` outcomes, which no expected-failures entry
  covers, so a run in which the kit crashed is never reported as OK.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, field_validator

from codex_conformance.facets import FacetOutcome, Level
from codex_conformance.protocol import MAX_RERUNS_KEPT, REPORT_TEXT_CHARS, RERUN_REASON_CHARS, truncate_text


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    UNSUPPORTED = "unsupported"
    NOT_APPLICABLE = "not_applicable"
    ERROR = "error"


# The statuses that fail a run unless the expected-failures file lists the item.
PROBLEM_STATUSES = frozenset({Status.FAIL, Status.UNSUPPORTED, Status.ERROR})


class Counterexample(BaseModel):
    """A property's failing input (shrunk by Hypothesis), ready to become a regression test."""

    model_config = ConfigDict(extra="forbid")

    request: dict[str, Any] = Field(description="The adapter request {op, args} that shows the problem.")
    reference_response: dict[str, Any] | None = Field(
        default=None, description="What the reference model answers to it (absent for an error or skip)."
    )
    implementation_response: dict[str, Any] | None = Field(
        default=None, description="What the implementation answered (absent when it gave no valid answer)."
    )

    @field_validator("implementation_response")
    @classmethod
    def _bounded(cls, response: dict[str, Any] | None) -> dict[str, Any] | None:
        # An adapter's answer of any size must not be copied whole into every report.
        if response is None:
            return None
        text = json.dumps(response, ensure_ascii=False)
        return response if len(text) <= REPORT_TEXT_CHARS else {"truncated": truncate_text(text)}


class Outcome(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(
        description="The case id (mcp/0.25.0/long-name-hash) or property id "
        "(property/mcp.tools_to_responses/0.25.0/differential)."
    )
    kind: Literal["case", "property"] = Field(
        default="case", description="A fixture case, or a property checked on generated inputs."
    )
    edition: str
    op: str
    status: Status
    clauses: list[str]
    reason: str = Field(
        default="", description="One line: why it failed, was unsupported or not applicable, or errored."
    )
    diff: str = Field(default="", description="Unified diff of expected vs actual (fail only).")
    expected_failure: str | None = Field(
        default=None,
        description="The reason from the expected-failures file, if this fail, unsupported or error "
        "was expected.",
    )
    counterexample: Counterexample | None = Field(
        default=None, description="Properties only: the input on which the property failed or errored."
    )
    args: str = Field(
        default="",
        description="Failing, erroring and unsupported cases: the case's args as one line of JSON, cut "
        "past 1,000 characters with a marker saying so.",
    )
    fixture: str = Field(
        default="",
        description="Failing, erroring and unsupported cases: the fixture file holding the case, relative "
        "to the fixtures directory.",
    )
    rerun: str = Field(
        default="", description="Failing, erroring and unsupported cases: a command that runs the case alone."
    )

    @field_validator("reason", "diff")
    @classmethod
    def _bounded_text(cls, text: str) -> str:
        # A 50 MB reply must not reach the report, the Markdown or the terminal whole.
        return truncate_text(text)

    facets: dict[str, FacetOutcome] = Field(
        default_factory=dict,
        description="Cases whose result was compared: per facet of the op's result the case compares "
        "(spec/levels.md), its level and whether the implementation agrees; empty if no result was compared.",
    )
    levels: dict[Level, Status] = Field(
        default_factory=dict,
        description="Cases whose result was compared: the status at each verdict level (behaviour, bytes); "
        "status is the one at the level the run certifies. Empty: the same status at every level.",
    )

    reruns: list[str] = Field(
        default_factory=list,
        description="Cases: why the implementation ran the case more than once, one reason per extra run "
        "(its response's reruns: a release run that stalled and was run again). Empty: it ran once. "
        "With --strict-runs such a case is an error.",
    )

    kit_error: bool = Field(
        default=False,
        description="An error of the kit itself on this item (an exception of the kit, a broken fixture), "
        "its cause in reason; never covered by the expected-failures file, so it always fails the run.",
    )
    duration_seconds: float = 0.0

    @field_validator("reruns")
    @classmethod
    def _bounded_reruns(cls, reruns: list[str]) -> list[str]:
        kept = [truncate_text(reason, RERUN_REASON_CHARS) for reason in reruns[:MAX_RERUNS_KEPT]]
        if len(reruns) > MAX_RERUNS_KEPT:
            kept.append(f"... and {len(reruns) - MAX_RERUNS_KEPT} more")
        return kept

    def input_fields(self) -> list[tuple[str, str]]:
        """The case's input as every rendering names it: (label, text) for args, fixture and re-run,
        those the outcome has."""
        fields = [("args", self.args), ("fixture", self.fixture), ("re-run", self.rerun)]
        return [(label, text) for label, text in fields if text]

    def status_at(self, level: Level) -> Status:
        """The status at verdict ``level``, whatever level the run certified at."""
        return self.levels.get(level, self.status)

    def at_level(self, level: Level) -> Outcome:
        """This outcome judged at ``level``: its status becomes the one at that level."""
        self.status = self.status_at(level)
        return self

    @property
    def is_unexpected_problem(self) -> bool:
        """A fail, unsupported or error that no expected-failures entry covers: it fails the run."""
        return self.status in PROBLEM_STATUSES and self.expected_failure is None


def ran_more_than_once(reruns: Sequence[str]) -> str:
    """``ran twice: <why>`` (``ran 3 times: <why>; <why>``), for an outcome whose case was run again."""
    runs = len(reruns) + 1
    times = "twice" if runs == 2 else f"{runs} times"
    return f"ran {times}: " + "; ".join(reruns)


def unsupported_reason(answered: str, whose: str = "implementation") -> str:
    """The reason of an ``unsupported`` outcome: the adapter's own reason, said to be to a declared op."""
    return f"{whose} answered unsupported to a declared op: {answered}"


# Characters of an exception's message kept in a reason: the message may quote
# a whole reply, and the reason is repeated in the report, the Markdown and the terminal.
_KIT_ERROR_SHOWN = 2000


class Judged(Protocol):
    """What a kit error outcome is about: a case or a property."""

    @property
    def id(self) -> str: ...

    @property
    def op(self) -> str: ...

    @property
    def edition(self) -> str: ...

    @property
    def clauses(self) -> Sequence[str]: ...


def kit_error_reason(exc: BaseException) -> str:
    """``harness error: <ExceptionType>: <message>``, the message shortened if long."""
    message = str(exc)
    if len(message) > _KIT_ERROR_SHOWN:
        message = message[:_KIT_ERROR_SHOWN] + f"... ({len(message) - _KIT_ERROR_SHOWN} more characters)"
    if isinstance(exc, RecursionError):
        message += " (a value nested too deep for the kit)"
    return f"harness error: {type(exc).__name__}" + (f": {message}" if message else "")


def kit_error_outcome(
    item: Judged, exc: BaseException, *, kind: Literal["case", "property"] = "case"
) -> Outcome:
    """The ``error`` outcome for an item on which the kit itself raised ``exc``."""
    return Outcome(
        id=item.id,
        kind=kind,
        edition=item.edition,
        op=item.op,
        status=Status.ERROR,
        clauses=list(item.clauses),
        reason=kit_error_reason(exc),
        kit_error=True,
    )
