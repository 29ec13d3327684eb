"""The fixture file format: cases as data, with provenance.

A fixture file is ``fixtures/<area>/<name>.json`` holding one ``FixtureFile``.
Every case names its edition, op, args, what the release does (``expected``),
how to compare, the spec clauses it shows, and where its golden bytes came
from.  The runner knows nothing about areas; it only reads these fields.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

FORMAT_VERSION: Final = 1

CompareMode = Literal[
    "json-exact", "json-unordered", "text-exact", "json-pattern", "json-subset", "json-fields"
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CapturedProvenance(_Strict):
    """Golden bytes observed from a real release run by the capture harness."""

    kind: Literal["captured"]
    release: str = Field(description="The @openai/codex version that produced the bytes.")
    command: str = Field(description="The command that re-creates this capture.")
    notes: str = ""


class UpstreamTestProvenance(_Strict):
    """Golden bytes transcribed from an assertion in an upstream unit test."""

    kind: Literal["upstream-test"]
    repository: str
    path: str
    commit: str = Field(pattern=r"^[0-9a-f]{7,40}$")
    test: str
    notes: str = ""


class SeedProvenance(_Strict):
    """Only for behaviour no release can show; names the document it comes from."""

    kind: Literal["seed"]
    document: str
    notes: str = ""


Provenance = Annotated[
    CapturedProvenance | UpstreamTestProvenance | SeedProvenance, Field(discriminator="kind")
]


class ExpectedResult(_Strict):
    result: dict[str, Any]


class ExpectedError(_Strict):
    """The release rejects the input.  ``kind`` is compared; ``message`` is documentation
    unless the comparison mode is text-exact on the message."""

    error: dict[str, str]


class ExpectedAnyOf(_Strict):
    """The release's result is not fixed from run to run: each alternative is
    one it was seen to give, and an implementation that gives any one passes.
    Only for behaviour a release leaves to chance (say, which of two colliding
    tools wins when the order comes from a randomly seeded hash map)."""

    any_of: list[ExpectedResult] = Field(min_length=2)


Expected = ExpectedResult | ExpectedError | ExpectedAnyOf


class Case(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+/[0-9]+\.[0-9]+\.[0-9]+/[a-z0-9][a-z0-9._-]*$")
    edition: str
    op: str
    args: dict[str, Any]
    expected: Expected
    compare: CompareMode = "json-exact"
    clauses: list[str] = Field(min_length=1)
    description: str = ""
    provenance: Provenance

    @property
    def area(self) -> str:
        return self.id.split("/", 1)[0]


class FixtureFile(_Strict):
    format: Literal[1] = FORMAT_VERSION
    area: str
    description: str = ""
    cases: list[Case]


class FixtureError(Exception):
    """A fixture file that cannot be read or does not follow the format."""


def load_fixture_file(path: Path) -> FixtureFile:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FixtureError(f"{path}: cannot read fixture file: {exc}") from exc
    try:
        return FixtureFile.model_validate(raw)
    except ValidationError as exc:
        raise FixtureError(f"{path}: not a valid fixture file:\n{exc}") from exc


def load_cases(root: Path) -> list[Case]:
    """Every case under ``root`` (a fixtures directory), in file then case order."""
    cases: list[Case] = []
    for path in sorted(root.rglob("*.json")):
        if path.name.startswith("_"):
            continue  # _-prefixed files hold capture inputs, not cases
        cases.extend(load_fixture_file(path).cases)
    return cases
