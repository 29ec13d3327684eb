"""``--write-expected-failures PATH`` and ``--conformance-update-expected``: the file written from a run.

A port adopting the kit fails hundreds of cases on day one; listing them by
hand is how an expected-failures file goes wrong.  The writer lists every
``fail``, ``unsupported`` and ``error`` of the run (never an error of the kit
itself, which no entry covers), one entry per case:

- an entry already in the file is kept with its reason, in its place, even
  if its cases were not run this time (deselected, another edition);
- a problem no entry covers gets a new entry at the end whose reason is the
  placeholder ``TODO: ...``, for a person to replace with the real reason
  (a comment above it shows the status and the first line of what went wrong);
  a failure that some facets of the result agree on names the facets that
  differ (``facets = [...]``), so the entry does not also hide a new
  difference in the others;
- a stale entry (matching no case, or an unexpected pass) is removed only
  with ``--prune-expected-failures`` (``--conformance-update-expected``
  prunes): its case passing may be luck, and the person who wrote the reason
  should see the run fail first.

The file is updated, not rewritten: ``tomlkit`` reads it, and every line
of a kept entry, every comment and blank line, and the entries' order stay
as they were.  The comment lines just above an entry's ``[[expected-failure]]``
belong to it (they go when a stale entry is pruned); the opening comment
block stays.  Entries whose reason is still ``TODO`` are named in the line
the run prints (``Written.line``), and a gate run warns about them
(``todo_warning``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import tomlkit
from pydantic import ValidationError

from codex_conformance.errors import UsageError
from codex_conformance.expected_failures import ExpectedFailure, ExpectedFailures, ExpectedFailuresFile
from codex_conformance.facets import failing_facets
from codex_conformance.outcome import PROBLEM_STATUSES, Outcome, Status

PLACEHOLDER = "TODO: say why this case fails (written by --write-expected-failures)"

HEADER = (
    "# Expected failures for codex-conformance (--expected-failures), written by\n"
    "# --write-expected-failures: replace each TODO reason with the real one.\n"
)

_SHOWN = 160  # characters of an outcome's reason quoted in a new entry's comment


@dataclass(frozen=True)
class Written:
    path: Path
    kept: int
    added: int
    removed: int
    todo: tuple[str, ...] = ()  # the written entries whose reason is still TODO, by case

    def line(self) -> str:
        text = f"wrote {self.kept + self.added} expected failures to {self.path}: {self.kept} kept"
        text += f", {self.added} new (reason to fill in: TODO)" if self.added else ", 0 new"
        text += f", {self.removed} stale removed" if self.removed else ""
        if self.todo:
            text += f"; {_todo_sentence(self.todo)}"
        return text


# Shown of the cases whose reason is TODO, in a warning.
_TODO_SHOWN = 3


def is_todo(reason: str) -> bool:
    """Whether a reason is still the placeholder, or any reason a person left as TODO."""
    return reason.lstrip().upper().startswith("TODO")


def todo_cases(entries: Sequence[ExpectedFailure]) -> tuple[str, ...]:
    return tuple(entry.case for entry in entries if is_todo(entry.reason))


def todo_warning(expected: ExpectedFailures) -> str | None:
    """The warning of a gate run whose file has entries with a TODO reason, if any."""
    cases = todo_cases(expected.entries)
    if not cases:
        return None
    return f"WARNING: expected-failures file {expected.source}: {_todo_sentence(cases)}"


def _todo_sentence(cases: Sequence[str]) -> str:
    shown = ", ".join(cases[:_TODO_SHOWN]) + (
        f", ... ({len(cases) - _TODO_SHOWN} more)" if len(cases) > _TODO_SHOWN else ""
    )
    noun = "entry has" if len(cases) == 1 else "entries have"
    return f"{len(cases)} {noun} a TODO reason ({shown}): say why each case fails"


def check_target(path: Path, flag: str = "--write-expected-failures") -> None:
    """``UsageError`` if the file cannot be written there; called before the run."""
    if path.is_dir():
        raise UsageError(f"{flag} {path}: is a directory")
    if not path.parent.is_dir():
        raise UsageError(f"{flag} {path}: directory {path.parent} does not exist")


def write(
    path: Path,
    existing: ExpectedFailures,
    all_case_ids: Iterable[str],
    outcomes: Iterable[Outcome],
    *,
    prune: bool,
    flag: str = "--write-expected-failures",
) -> Written:
    ran = list(outcomes)
    stale = {id(entry) for entry, _ in existing.stale(all_case_ids, ran)} if prune else set()
    kept = [entry for entry in existing.entries if id(entry) not in stale]
    covered = ExpectedFailures(kept, level=existing.level)
    new: list[tuple[str, ExpectedFailure]] = []
    for outcome in ran:
        if outcome.status not in PROBLEM_STATUSES or outcome.kit_error or covered.reason_for(outcome):
            continue
        new.append(_new_entry(outcome, existing))
    removed = [number for number, entry in enumerate(existing.entries) if id(entry) in stale]
    text = _updated_text(existing, removed, new)
    try:
        path.write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        raise UsageError(f"{flag} {path}: {exc.strerror or exc}") from None
    entries = [*kept, *(entry for _, entry in new)]
    return Written(path=path, kept=len(kept), added=len(new), removed=len(removed), todo=todo_cases(entries))


def _updated_text(
    existing: ExpectedFailures, removed: Sequence[int], new: Sequence[tuple[str, ExpectedFailure]]
) -> str:
    """The file ``existing`` was read from, its entries numbered ``removed`` taken out and ``new`` added.

    Its own text, cut where ``tomlkit`` says each entry begins and ends.
    Should the file be laid out in a way these cuts do not follow (an inline
    array of tables, say), or the result not read back as the entries
    intended, the file is written afresh: its opening comments, then every
    entry.
    """
    text = _source_text(existing)
    gone = set(removed)
    wanted = [entry for number, entry in enumerate(existing.entries) if number not in gone]
    wanted += [entry for _, entry in new]
    if text is not None:
        split = _split(text, len(existing.entries))
        if split is not None:
            opening, chunks = split
            body = opening + "".join(chunk for number, chunk in enumerate(chunks) if number not in gone)
            updated = _append(body, new, "\r\n" if "\r\n" in text else "\n")
            if _entries_of(updated) == wanted:
                return updated
    kept = [("", entry) for number, entry in enumerate(existing.entries) if number not in gone]
    fresh = _append(_header(text), [*kept, *new], "\n")
    if _entries_of(fresh) != wanted:  # the writer's own bug, not the user's: say so plainly
        raise UsageError("--write-expected-failures: the entries written do not read back as written")
    return fresh


def _source_text(existing: ExpectedFailures) -> str | None:
    if not existing.source:
        return HEADER if not existing.entries else None  # a new file
    try:
        with Path(existing.source).open(encoding="utf-8", newline="") as file:  # its line ends as they are
            return file.read()
    except (OSError, UnicodeDecodeError):
        return None  # it was read at the start of the run; gone since: written afresh


def _split(text: str, count: int) -> tuple[str, list[str]] | None:
    """The file's opening text and each entry's own, or None where the cuts do not hold.

    ``tomlkit`` gives each ``[[expected-failure]]`` table's body as written;
    its header is the line before it.  The comment lines at the end of one
    entry's text (after its last key, no blank line between them and the
    next header) are the next entry's: they move to it.
    """
    try:
        document = tomlkit.parse(text)
    except Exception:  # tomlkit's parse errors; tomllib read the file already
        return None
    tables = document.get("expected-failure")
    if tables is None and count == 0:
        return text, []  # no entry yet: the whole file is its opening
    if not isinstance(tables, tomlkit.items.AoT) or len(tables) != count:
        return None
    rest = text
    pieces: list[str] = []
    for table in reversed(list(tables)):
        body = table.as_string()
        if not rest.endswith(body):
            return None
        rest = rest[: len(rest) - len(body)]
        start = rest.rfind("\n", 0, len(rest) - 1) + 1
        header = rest[start:]
        if not header.strip().startswith("[["):
            return None
        rest = rest[:start]
        pieces.append(header + body)
    pieces.reverse()
    opening, lead = _leading_comments(rest, opening=True)
    chunks: list[str] = []
    for piece in pieces:
        own, next_lead = _leading_comments(piece, opening=False)
        chunks.append(lead + own)
        lead = next_lead
    if chunks:
        chunks[-1] += lead
    else:
        opening += lead
    return opening, chunks


def _leading_comments(text: str, *, opening: bool) -> tuple[str, str]:
    """``text`` cut before its last run of comment lines: (before, the run).

    In the file's opening text, a run that is all of it is the file's own
    opening comment, not the first entry's.
    """
    lines = text.splitlines(keepends=True)
    start = len(lines)
    while start > 0 and lines[start - 1].lstrip().startswith("#"):
        start -= 1
    if opening and start == 0:
        return text, ""
    return "".join(lines[:start]), "".join(lines[start:])


def _append(text: str, new: Sequence[tuple[str, ExpectedFailure]], newline: str) -> str:
    for comment, entry in new:
        if text and not text.endswith("\n"):
            text += newline
        if text and not text.endswith(newline * 2):
            text += newline  # a blank line between entries, one only
        text += (comment + newline if comment else "") + _entry(entry).replace("\n", newline)
    return text


def _entries_of(text: str) -> list[ExpectedFailure] | None:
    try:
        return ExpectedFailuresFile.model_validate(tomllib.loads(text)).entries
    except (ValueError, ValidationError):
        return None


def _header(text: str | None) -> str:
    """The opening comment block of ``text``, if it has one; else ``HEADER``."""
    kept = []
    for line in (text or "").splitlines(keepends=True):
        if not line.startswith("#"):
            break
        kept.append(line)
    return "".join(kept) if kept else HEADER


def _entry(entry: ExpectedFailure) -> str:
    table = tomlkit.table()
    table.add("case", entry.case)
    if entry.facets:
        table.add("facets", list(entry.facets))  # one line: ["stdout", "stderr"]
    table.add("reason", entry.reason)
    document = tomlkit.document()
    tables = tomlkit.aot()
    tables.append(table)
    document.add("expected-failure", tables)
    return tomlkit.dumps(document)


def _new_entry(outcome: Outcome, existing: ExpectedFailures) -> tuple[str, ExpectedFailure]:
    first_line = (outcome.reason.splitlines() or [""])[0]
    if len(first_line) > _SHOWN:
        first_line = first_line[:_SHOWN] + "..."
    # A TOML comment may hold no control character and UTF-8 no lone surrogate; a reply's text can.
    first_line = "".join(char if _printable(char) else ascii(char)[1:-1] for char in first_line)
    comment = f"# new ({outcome.status.value}): {first_line}".rstrip()
    differing = failing_facets(existing.level, outcome.facets)
    # Naming the facets only says something when some facet agrees.
    partial = outcome.status is Status.FAIL and 0 < len(differing) < len(outcome.facets)
    entry = ExpectedFailure(case=outcome.id, reason=PLACEHOLDER, facets=tuple(differing) if partial else ())
    return comment, entry


def _printable(char: str) -> bool:
    return char >= " " and char != "\x7f" and not "\ud800" <= char <= "\udfff"
