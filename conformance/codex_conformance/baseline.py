"""``--write-expected-failures PATH``: the expected-failures file written from a run.

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
  with ``--prune-expected-failures``: its case passing may be luck, and the
  person who wrote the reason should see the run fail first.

The file is written whole: its opening comment block (the lines starting
with ``#`` before the first entry) is kept, or the writer's own put in its
place; other comments are not kept (the reasons are).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from codex_conformance.errors import UsageError
from codex_conformance.expected_failures import ExpectedFailure, ExpectedFailures
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

    def line(self) -> str:
        text = f"wrote {self.kept + self.added} expected failures to {self.path}: {self.kept} kept"
        text += f", {self.added} new (reason to fill in: TODO)" if self.added else ", 0 new"
        return text + (f", {self.removed} stale removed" if self.removed else "")


def check_target(path: Path) -> None:
    """``UsageError`` if the file cannot be written there; called before the run."""
    if path.is_dir():
        raise UsageError(f"--write-expected-failures {path}: is a directory")
    if not path.parent.is_dir():
        raise UsageError(f"--write-expected-failures {path}: directory {path.parent} does not exist")


def write(
    path: Path,
    existing: ExpectedFailures,
    all_case_ids: Iterable[str],
    outcomes: Iterable[Outcome],
    *,
    prune: bool,
) -> Written:
    ran = list(outcomes)
    stale = {id(entry) for entry, _ in existing.stale(all_case_ids, ran)} if prune else set()
    kept = [entry for entry in existing.entries if id(entry) not in stale]
    covered = ExpectedFailures(kept, level=existing.level)
    blocks = [_entry(entry) for entry in kept]
    added = 0
    for outcome in ran:
        if outcome.status not in PROBLEM_STATUSES or outcome.kit_error or covered.reason_for(outcome):
            continue
        blocks.append(_new_entry(outcome, existing))
        added += 1
    try:
        path.write_text(_header(path) + "".join("\n" + block for block in blocks), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--write-expected-failures {path}: {exc.strerror or exc}") from None
    return Written(path=path, kept=len(kept), added=added, removed=len(existing.entries) - len(kept))


def _header(path: Path) -> str:
    """The opening comment block of the file at ``path``, if it has one; else ``HEADER``."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    except (OSError, UnicodeDecodeError):
        return HEADER
    kept = []
    for line in lines:
        if not line.startswith("#"):
            break
        kept.append(line)
    return "".join(kept) if kept else HEADER


def _entry(entry: ExpectedFailure) -> str:
    # The table header by hand: tomli_w writes an array of tables as inline tables, one long line.
    # The facets on one line (tomli_w puts each item of an array on its own);
    # a JSON string of a facet name (plain ASCII) is a TOML basic string.
    facets = f"facets = [{', '.join(json.dumps(name) for name in entry.facets)}]\n" if entry.facets else ""
    return (
        "[[expected-failure]]\n"
        + tomli_w.dumps({"case": entry.case})
        + facets
        + tomli_w.dumps({"reason": entry.reason})
    )


def _new_entry(outcome: Outcome, existing: ExpectedFailures) -> str:
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
    return comment + "\n" + _entry(entry)


def _printable(char: str) -> bool:
    return char >= " " and char != "\x7f" and not "\ud800" <= char <= "\udfff"
