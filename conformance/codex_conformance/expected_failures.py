"""Known failures an implementer keeps, each with a reason; stale entries fail the run.

The file is TOML (``tomllib`` is in the standard library, and TOML allows
comments beside each entry)::

    # my-impl: expected failures against codex-conformance 0.1
    [[expected-failure]]
    case = "mcp/0.25.0/long-name-hash"
    reason = "we truncate names by characters, not bytes (#12)"

    [[expected-failure]]
    case = "exec_output/0.169.0/*"       # fnmatch glob over case ids
    reason = "plain-text exec output not implemented yet"

    [[expected-failure]]
    case = "apply_patch/0.169.0/*"
    facets = ["stdout", "stderr"]        # only these facets may differ
    reason = "we print our own messages"

An entry naming ``facets`` (spec/levels.md) covers a failing case only
when every facet that differs (at the level the run certifies) is one it
names: the case above failing on its files as well is a failure of the run.

A failing, erroring or ``unsupported`` case (one whose declared op the
implementation declined) matched by an entry is an expected failure
(xfail), not a failure of the run; an error of the kit itself (a
``kit_error`` outcome) never is, whatever the file says.  Two things fail the run instead, so the
file cannot rot: an entry that matches no case in the fixtures at all (a
typo, or a case that was renamed), and an entry whose matched cases all
ran and passed (an unexpected pass: delete the entry).  Cases that were not
run (deselected with ``-k``, another edition, not applicable) do not make
an entry stale; an entry naming facets is an unexpected pass when no
matched case differs on any of them.  ``--write-expected-failures`` and
``--conformance-update-expected`` write the file from a run, its comments
kept (``codex_conformance.baseline``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from fnmatch import fnmatchcase
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from codex_conformance.errors import UsageError, parse_error_text, read_named_file
from codex_conformance.facets import DEFAULT_LEVEL, Level, failing_facets
from codex_conformance.outcome import PROBLEM_STATUSES, Outcome, Status


class ExpectedFailure(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    case: str = Field(min_length=1, description="A case id, or an fnmatch glob over case ids.")
    reason: str = Field(min_length=1)
    facets: tuple[str, ...] = Field(
        default=(),
        description="Only these facets may differ (spec/levels.md); empty: the whole case may fail.",
    )

    def matches(self, case_id: str) -> bool:
        # An exact id is compared, not compiled: fnmatch builds a regex per pattern, and a gate's
        # file is mostly exact ids (1,016 entries: 1 s of the run, as much as the cases took).
        return fnmatchcase(case_id, self.case) if _is_glob(self.case) else case_id == self.case

    def covers(self, outcome: Outcome, level: Level) -> bool:
        """Whether this entry makes ``outcome`` (a fail, unsupported or error) an expected failure."""
        if not self.matches(outcome.id):
            return False
        if not self.facets:
            return True
        differing = failing_facets(level, outcome.facets)
        return outcome.status is Status.FAIL and bool(differing) and set(differing) <= set(self.facets)

    def still_needed(self, outcome: Outcome) -> bool:
        """Whether ``outcome``, a case this entry matches that ran, keeps the entry from being stale."""
        if self.facets and outcome.facets:
            return any(name in outcome.facets and not outcome.facets[name].agrees for name in self.facets)
        return outcome.status is not Status.PASS


class ExpectedFailuresFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    entries: list[ExpectedFailure] = Field(default_factory=list, alias="expected-failure")


class ExpectedFailures:
    def __init__(
        self, entries: Iterable[ExpectedFailure] = (), *, source: str = "", level: Level = DEFAULT_LEVEL
    ) -> None:
        self.entries = list(entries)
        self.source = source
        self.level = level  # the verdict level of the run the file gates
        # A gate's file is mostly exact case ids (--write-expected-failures
        # writes one per case): looked up by id, so that judging every case
        # against every entry does not grow with the product of the two (990
        # entries over 1,215 cases: 2.3 million glob matches, 3 s).  Globs
        # are few and still scanned.  Each entry keeps its place in the file:
        # the first entry covering a case gives its reason.
        self._exact: dict[str, list[tuple[int, ExpectedFailure]]] = {}
        self._globs: list[tuple[int, ExpectedFailure]] = []
        for number, entry in enumerate(self.entries):
            if _is_glob(entry.case):
                self._globs.append((number, entry))
            else:
                self._exact.setdefault(entry.case, []).append((number, entry))

    @classmethod
    def load(
        cls, path: Path, level: Level = DEFAULT_LEVEL, known_facets: Sequence[str] | None = None
    ) -> ExpectedFailures:
        """The file at ``path``; ``known_facets``, if given, are the facet names an entry may use."""
        raw = _read_toml(path)
        try:
            parsed = ExpectedFailuresFile.model_validate(raw)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"])
            raise UsageError(
                f"expected-failures file {path}: {where}: {first['msg']} "
                "(expected [[expected-failure]] tables with 'case' and 'reason', and optionally 'facets')"
            ) from None
        for number, entry in enumerate(parsed.entries):
            unknown = [name for name in entry.facets if known_facets is not None and name not in known_facets]
            if unknown:
                raise UsageError(
                    f"expected-failures file {path}: expected-failure.{number}.facets: unknown facet "
                    f"{unknown[0]!r}; known facets: {', '.join(known_facets or ())}"
                )
        return cls(parsed.entries, source=str(path), level=level)

    def reason_for(self, outcome: Outcome) -> str | None:
        """The reason of the first entry covering ``outcome``, or None."""
        for entry in self._candidates(outcome.id):
            if entry.covers(outcome, self.level):
                return entry.reason
        return None

    def _candidates(self, case_id: str) -> list[ExpectedFailure]:
        """The entries that may match ``case_id``, in file order."""
        exact = self._exact.get(case_id, [])
        if not self._globs:
            return [entry for _, entry in exact]
        return [entry for _, entry in sorted([*exact, *self._globs], key=lambda pair: pair[0])]

    def apply(self, outcome: Outcome) -> Outcome:
        """Mark a fail, unsupported or error an entry covers as expected (never a kit error)."""
        if outcome.status in PROBLEM_STATUSES and not outcome.kit_error:
            outcome.expected_failure = self.reason_for(outcome)
        return outcome

    def problems(self, all_case_ids: Iterable[str], outcomes: Iterable[Outcome]) -> list[str]:
        """Stale entries: each one a sentence saying what to change in the file."""
        return [problem for _, problem in self.stale(all_case_ids, outcomes)]

    def stale(
        self, all_case_ids: Iterable[str], outcomes: Iterable[Outcome]
    ) -> list[tuple[ExpectedFailure, str]]:
        """Each stale entry, with the sentence saying what to change in the file."""
        all_ids = list(all_case_ids)
        known = set(all_ids)
        ran = list(outcomes)
        ran_by_id: dict[str, list[Outcome]] = {}
        for outcome in ran:
            ran_by_id.setdefault(outcome.id, []).append(outcome)
        found: list[tuple[ExpectedFailure, str]] = []
        for entry in self.entries:
            glob = _is_glob(entry.case)
            if not (any(entry.matches(case_id) for case_id in all_ids) if glob else entry.case in known):
                found.append(
                    (entry, f"expected-failure {entry.case!r} matches no case in the fixtures (stale entry)")
                )
                continue
            matched = (
                [outcome for outcome in ran if entry.matches(outcome.id)]
                if glob
                else ran_by_id.get(entry.case, [])
            )
            judged = [outcome for outcome in matched if outcome.status is not Status.NOT_APPLICABLE]
            if judged and not any(entry.still_needed(outcome) for outcome in judged):
                ids = ", ".join(outcome.id for outcome in judged[:5])
                passed = f"agree on {', '.join(entry.facets)}" if entry.facets else "passed"
                found.append(
                    (
                        entry,
                        f"expected-failure {entry.case!r} {UNEXPECTED_PASS}: {len(judged)} matched "
                        f"case(s) {passed} ({ids}); remove the entry",
                    )
                )
        return found


# How a stale entry's sentence says it passed (pytest_run counts these in pytest's last line).
UNEXPECTED_PASS = "is an unexpected pass"


def _is_glob(pattern: str) -> bool:
    """Whether ``pattern`` has an fnmatch special character (else it matches only itself)."""
    return any(char in pattern for char in "*?[")


def _read_toml(path: Path) -> dict[str, object]:
    text = read_named_file(path, f"expected-failures file {path}")
    try:
        return tomllib.loads(text)
    except RecursionError:
        # tomllib recurses once per nested array or inline table.
        raise UsageError(f"expected-failures file {path}: not valid TOML: nested too deep to read") from None
    except ValueError as exc:  # TOMLDecodeError, and an integer too long to convert
        raise UsageError(f"expected-failures file {path}: not valid TOML: {parse_error_text(exc)}") from None
