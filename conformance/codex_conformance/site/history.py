"""The history of each implementation's results: one entry per report version, appended by ``site``.

An entry is a report's counts and verdicts per edition, keyed by the report's
name (its file's stem) and the digest of its bytes, so building the site
again from the same reports adds nothing, and a re-certified report (a new
version of the file) adds one entry.  The file is JSON, written in a stable
order so that its diffs in version control show only what was appended.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from codex_conformance.errors import UsageError, read_named_file
from codex_conformance.readiness import Verdict

HISTORY_FORMAT: Final = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EditionResult(_Strict):
    passed: int
    judged: int
    verdict: Verdict


class HistoryEntry(_Strict):
    report: str = Field(description="The report's name: its file's stem (docs/reports/<report>.json).")
    kind: Literal["port", "gateway"]
    title: str = Field(description="The implementation and version the report names.")
    digest: str = Field(description="sha256 of the report file's bytes: one entry per version.")
    recorded_at: str = Field(description="When the version was made (the commit's date when replayed).")
    finished_at: str | None = Field(default=None, description="The run's end, as the report says.")
    editions: dict[str, EditionResult]


class History(_Strict):
    history_format: Literal[1] = HISTORY_FORMAT
    entries: list[HistoryEntry] = Field(default_factory=list)

    def versions(self, report: str) -> list[HistoryEntry]:
        """The report's entries, oldest first."""
        return [entry for entry in self.entries if entry.report == report]

    def append(self, entries: list[HistoryEntry]) -> list[HistoryEntry]:
        """Add the entries of report versions not yet recorded; the ones added."""
        known = {(entry.report, entry.digest) for entry in self.entries}
        added = []
        for entry in entries:
            if (entry.report, entry.digest) not in known:
                known.add((entry.report, entry.digest))
                self.entries.append(entry)
                added.append(entry)
        return added


def load_history(path: Path) -> History:
    """The history in ``path``; an empty one when the file does not exist yet."""
    if not path.exists():
        return History()
    text = read_named_file(path, f"history {path}", cannot_read="cannot read it: ")
    try:
        return History.model_validate_json(text)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "(root)"
        raise UsageError(f"history {path}: not a results history: {where}: {error['msg']}") from None


def history_text(history: History) -> str:
    return json.dumps(history.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def write_history(path: Path, history: History) -> None:
    if not path.parent.is_dir():
        raise UsageError(f"history {path}: directory {path.parent} does not exist")
    try:
        path.write_text(history_text(history), encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"history {path}: cannot write it: {exc.strerror or exc}") from None


__all__ = [
    "HISTORY_FORMAT",
    "EditionResult",
    "History",
    "HistoryEntry",
    "history_text",
    "load_history",
    "write_history",
]
