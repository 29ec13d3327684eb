"""``codex-conformance badge REPORT.json``: a run's verdict as a shields.io badge.

The badge says which editions were tested and how many of the items tested
passed, e.g. ``0.169.0: 1970/1970``; "tested" leaves out the not-applicable
items, which test nothing.  A run certified at the behaviour level says so
(``0.169.0: 526/749 behaviour``, spec/levels.md): a reader must not take it
for a byte-for-byte result.  Its colour:

- brightgreen: the run is OK and every item tested passed;
- yellow: the run is OK only because the expected-failures file covers some items;
- red: the run is not OK, or nothing was tested at all (a run where every
  item is not applicable proves nothing, so it is never green).

The report's own ``ok`` is not trusted alone: counts of unexpected problems
turn the badge red even in a report that says OK.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from pydantic import ValidationError

from codex_conformance import __version__
from codex_conformance.errors import UsageError, read_named_file
from codex_conformance.facets import DEFAULT_LEVEL
from codex_conformance.report import REPORT_FORMAT, Report

DEFAULT_LABEL: Final = "codex conformance"

# shields.io's named colours, and the hex each stands for (the SVG needs the hex).
COLORS: Final = {"brightgreen": "#4c1", "yellow": "#dfb317", "red": "#e05d44"}


@dataclass(frozen=True)
class Badge:
    label: str
    message: str
    color: str  # a key of COLORS

    def endpoint(self) -> dict[str, Any]:
        """The shields.io endpoint document (https://shields.io/badges/endpoint-badge)."""
        return {"schemaVersion": 1, "label": self.label, "message": self.message, "color": self.color}


def badge_for(report: Report, *, label: str = DEFAULT_LABEL) -> Badge:
    summary = report.summary
    tested = summary.total - summary.not_applicable
    unexpected = summary.failed + summary.unsupported + summary.errors
    # The editions that had an item tested, in the run's order; with none, the ones selected.
    editions = [
        edition
        for edition in report.editions
        if any(cell.edition == edition and cell.total > cell.not_applicable for cell in report.totals)
    ]
    if tested == 0:
        where = ", ".join(report.editions)
        return Badge(label, f"{where}: nothing tested" if where else "nothing tested", "red")
    message = f"{', '.join(editions)}: {summary.passed}/{tested}"
    if report.level != DEFAULT_LEVEL:
        message += f" {report.level}"
    if not report.ok or unexpected:
        color = "red"
    elif summary.passed < tested:
        color = "yellow"
    else:
        color = "brightgreen"
    return Badge(label, message, color)


def load_report(path: Path) -> Report:
    """The report in ``path``; a ``UsageError`` of one line if it is not one this kit can read."""
    text = read_named_file(path, f"report {path}", cannot_read="cannot read it: ")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as exc:
        reason = "nested too deep to parse" if isinstance(exc, RecursionError) else str(exc)
        raise UsageError(f"report {path}: not valid JSON: {reason}") from None
    if not isinstance(raw, dict) or "report_format" not in raw:
        raise UsageError(f"report {path}: not a conformance report (no report_format)")
    # Checked before the rest: a report of another format fails for that
    # reason, not for the first field that format happens to change.
    if raw["report_format"] != REPORT_FORMAT:
        raise UsageError(
            f"report {path}: report format {raw['report_format']!r}; "
            f"codex-conformance {__version__} reads report format {REPORT_FORMAT}"
        )
    try:
        return Report.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "(root)"
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise UsageError(f"report {path}: not a valid report: {where}: {error['msg']}{more}") from None
