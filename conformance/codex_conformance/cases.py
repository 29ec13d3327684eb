"""The fixture file format: cases as data, with provenance.

A fixture file is ``fixtures/<area>/<name>.json`` holding one ``FixtureFile``.
Every case names its edition, op, args, what the release does (``expected``),
how to compare, the spec clauses it shows, and where its golden bytes came
from.  The runner knows nothing about areas; it only reads these fields.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from codex_conformance.compare import nesting_depth
from codex_conformance.errors import parse_error_text

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
    """A fixture file that cannot be read or does not follow the format; the message is one line."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


# Levels of arrays and objects a case may hold: above the few the deepest case
# needs, and below what the kit's comparison handles (compare.MAX_NESTING).
MAX_CASE_NESTING = 100
_ERRORS_SHOWN = 3  # validation errors named in a FixtureError


# A fixtures directory is somebody's data: a link in it could make the kit
# read a file of the host (and name what is in it in an error), and a FIFO
# would make it wait forever.  Only regular files are read, never through a link.
_READ_FIXTURE = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC


def _regular_file_bytes(path: Path) -> bytes:
    try:
        descriptor = os.open(path, _READ_FIXTURE)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FixtureError(
                path, "is a symbolic link: fixtures are read from regular files of the directory only"
            ) from exc
        raise FixtureError(path, f"cannot read fixture file: {exc.strerror or exc}") from exc
    with os.fdopen(descriptor, "rb") as stream:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise FixtureError(path, "is not a regular file: fixtures are read from regular files only")
        try:
            return stream.read()
        except OSError as exc:
            raise FixtureError(path, f"cannot read fixture file: {exc.strerror or exc}") from exc


def read_json(path: Path) -> Any:
    """The JSON value in ``path``; ``FixtureError`` with a one-line reason if it cannot be read."""
    try:
        text = _regular_file_bytes(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FixtureError(path, f"not readable JSON: not UTF-8: {exc}") from exc
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError as exc:
        # json recurses once per nested array or object; a file nested
        # 100,000 deep exhausts the stack before any check can run.
        raise FixtureError(path, "not readable JSON: nested too deep to parse") from exc
    except ValueError as exc:  # JSONDecodeError, an integer of thousands of digits, NaN
        raise FixtureError(path, f"not readable JSON: {parse_error_text(exc)}") from exc


def _no_constant(name: str) -> Any:
    # json accepts NaN and Infinity, which no wire message can carry.
    raise ValueError(f"{name} is not JSON")


def parse_fixture_file(raw: Any, path: Path) -> FixtureFile:
    """Validate a fixture file read by ``read_json``; ``FixtureError`` naming each problem's case."""
    cases = raw.get("cases") if isinstance(raw, dict) else None
    for index, case in enumerate(cases if isinstance(cases, list) else []):
        depth = nesting_depth(case)
        if depth > MAX_CASE_NESTING:
            raise FixtureError(
                path,
                f"{_case_name(raw, index)} is nested {depth} levels deep; "
                f"a case may nest at most {MAX_CASE_NESTING} levels",
            )
    try:
        return FixtureFile.model_validate(raw)
    except ValidationError as exc:
        raise FixtureError(path, "not a valid fixture file: " + _describe(exc, raw)) from exc


def _describe(exc: ValidationError, raw: Any) -> str:
    """The first few validation errors: where (the case by index and id, then the field) and what."""
    errors = exc.errors()
    parts = []
    for error in errors[:_ERRORS_SHOWN]:
        location = [str(part) for part in error["loc"]]
        if len(location) >= 2 and location[0] == "cases" and location[1].isdigit():
            field_path = ".".join(location[2:])
            where = _case_name(raw, int(location[1])) + (f": {field_path}" if field_path else "")
        else:
            where = ".".join(location) or "(root)"
        parts.append(f"{where}: {error['msg']}")
    more = len(errors) - _ERRORS_SHOWN
    return "; ".join(parts) + (f"; and {more} more error(s)" if more > 0 else "")


def _case_name(raw: Any, index: int) -> str:
    case = raw["cases"][index] if isinstance(raw, dict) else None
    case_id = case.get("id") if isinstance(case, dict) else None
    return f"case {index}" + (f" ({case_id})" if isinstance(case_id, str) else "")


def load_fixture_file(path: Path) -> FixtureFile:
    return parse_fixture_file(read_json(path), path)


# fixtures/timeline/ holds the wire timeline's data (spec/timeline.md): releases and probe results, not cases.
NOT_CASE_DIRECTORIES = frozenset({"timeline"})


def is_case_file(root: Path, path: Path) -> bool:
    """Whether ``path`` (a JSON file under the fixtures directory ``root``) holds cases:
    _-prefixed files hold capture inputs, and the timeline's folder its own data."""
    return not path.name.startswith("_") and path.relative_to(root).parts[0] not in NOT_CASE_DIRECTORIES


def case_files(root: Path) -> list[Path]:
    """The files under ``root`` (a fixtures directory) that hold cases, in path order."""
    return [path for path in sorted(root.rglob("*.json")) if is_case_file(root, path)]


def load_cases(root: Path) -> list[Case]:
    """Every case under ``root`` (a fixtures directory), in file then case order."""
    return [case for _, case in load_cases_with_files(root)]


def load_cases_with_files(root: Path) -> list[tuple[str, Case]]:
    """Every case under ``root`` with its file's path relative to ``root`` (as a failure shows it)."""
    return [
        (path.relative_to(root).as_posix(), case)
        for path in case_files(root)
        for case in load_fixture_file(path).cases
    ]
