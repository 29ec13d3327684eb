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

from pydantic import BaseModel, ConfigDict, Field


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    NOT_APPLICABLE = "not_applicable"
    ERROR = "error"


class Outcome(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="The case id, e.g. mcp/0.25.0/long-name-hash.")
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
    duration_seconds: float = 0.0

    @property
    def is_unexpected_problem(self) -> bool:
        """A fail or error that no expected-failures entry covers: it fails the run."""
        return self.status in (Status.FAIL, Status.ERROR) and self.expected_failure is None
