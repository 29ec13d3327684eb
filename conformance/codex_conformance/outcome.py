"""What happened to one case: four distinct statuses, never conflated.

- ``pass``: the implementation's reply matches the case;
- ``fail``: it answered validly but differently (with a diff and the case's clauses);
- ``not_applicable``: it did not declare the op or edition, or answered
  ``unsupported`` (with the reason) - never counted as a pass;
- ``error``: the harness could not get a valid answer (crash, timeout,
  invalid message, error kind ``internal``) - never a correct rejection.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NOT_APPLICABLE = "not_applicable"
    ERROR = "error"


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
    reason: str = Field(default="", description="One line: why it failed, was not applicable, or errored.")
    diff: str = Field(default="", description="Unified diff of expected vs actual (fail only).")
    expected_failure: str | None = Field(
        default=None,
        description="The reason from the expected-failures file, if this fail/error was expected.",
    )
    counterexample: Counterexample | None = Field(
        default=None, description="Properties only: the input on which the property failed or errored."
    )
    duration_seconds: float = 0.0

    @property
    def is_unexpected_problem(self) -> bool:
        """A fail or error that no expected-failures entry covers: it fails the run."""
        return self.status in (Status.FAIL, Status.ERROR) and self.expected_failure is None
