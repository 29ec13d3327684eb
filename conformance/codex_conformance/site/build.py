"""``codex-conformance site``: the static results site, built from reports, and the history it appends to.

The pages are written into the output directory (created if missing) with
their style sheet and a copy of the history; the history file itself gains
one entry per report version it had not recorded (``site.history``).  The
pages an earlier build wrote there and this one does not are removed, and
nothing else (``site.written``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from codex_conformance import paths
from codex_conformance.errors import UsageError
from codex_conformance.lint import declared_clauses
from codex_conformance.session import load_fixture_cases
from codex_conformance.site.data import SiteData, gather
from codex_conformance.site.history import (
    EditionResult,
    HistoryEntry,
    history_text,
    load_history,
    write_history,
)
from codex_conformance.site.html import STYLE
from codex_conformance.site.pages import all_pages
from codex_conformance.site.sources import PortReport, Source, read_sources
from codex_conformance.site.written import previous_files, record, remove_stale
from codex_conformance.tiers import load_tiers


@dataclass(frozen=True)
class Built:
    pages: list[Path]
    added: list[HistoryEntry]
    data: SiteData
    removed: list[Path] = field(default_factory=list)  # stale pages of an earlier build


def build_site(
    out: Path,
    reports: list[Path],
    *,
    history_path: Path,
    recorded_at: str | None = None,
    fixtures_dir: Path | None = None,
    spec_dir: Path | None = None,
) -> Built:
    """Build the site from ``reports`` into ``out``, appending their versions to ``history_path``."""
    if not reports:
        raise UsageError("no reports to build the site from: name some with --report")
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: not a directory")
    spec = spec_dir or paths.spec_dir()
    sources = read_sources(reports)
    tiers = load_tiers(spec)
    cases = load_fixture_cases(fixtures_dir)
    declared, _ = declared_clauses(spec)
    # "sse.md:12" -> "sse": the page, so the area, declaring each clause.
    clause_pages = {clause: where.split(".md:", 1)[0] for clause, where in declared.items()}
    history = load_history(history_path)
    stamp = recorded_at or datetime.now(UTC).isoformat(timespec="seconds")
    data = gather(sources, tiers, cases, clause_pages, history)
    added = history.append([_entry(source, data, stamp) for source in sources])
    write_history(history_path, history)
    files = {name: text.encode("utf-8") for name, text in [*all_pages(data), ("style.css", STYLE)]}
    files["history.json"] = history_text(history).encode("utf-8")
    try:
        out.mkdir(parents=True, exist_ok=True)
        earlier = previous_files(out)
        for name, body in files.items():
            (out / name).write_bytes(body)
        # Pages of an earlier build this one no longer writes (a report left out, an area gone);
        # only files that build recorded and nobody changed since (site.written).
        removed = remove_stale(out, earlier, files)
        record(out, files)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write the site: {exc.strerror or exc}") from None
    pages = [out / name for name in files if name != "history.json"]
    return Built(pages, added, data, removed)


def _entry(source: Source, data: SiteData, recorded_at: str) -> HistoryEntry:
    report = source.report
    return HistoryEntry(
        report=source.slug,
        kind="port" if isinstance(report, PortReport) else "gateway",
        title=report.title,
        digest=source.digest,
        recorded_at=recorded_at,
        finished_at=report.finished_at if isinstance(report, PortReport) else None,
        editions={
            edition: EditionResult(passed=cell.passed, judged=cell.judged, verdict=cell.verdict.verdict)
            for edition, cell in data.cells[source.slug].items()
        },
    )


__all__ = ["Built", "build_site"]
