"""The certified tables of docs/reports.md and docs/gateways.md, written from the committed reports.

Every count and verdict in them is the site's (``site.data.gather`` over the
same reports, the same tiers and fixtures), so a table cannot quote a number
its report does not hold; the words (the name shown, what an implementation
matches or fails, its findings page) are ``docs/certified.toml``'s, one row
per report and op.  Each table sits between two marker comments of its page
and only what lies between them is rewritten (``codex-conformance site
--tables``); ``stale_pages`` says which pages differ from what would be
written, so a report re-certified without its table failing a test is
impossible (conformance/tests/test_certified_tables.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from codex_conformance.errors import UsageError, read_named_file
from codex_conformance.lint import declared_clauses
from codex_conformance.session import load_fixture_cases
from codex_conformance.site.data import SiteData, gather, in_release_order
from codex_conformance.site.history import History
from codex_conformance.site.judging import area_name
from codex_conformance.site.sources import GatewayReport, GatewayScenario, PortReport, Source, read_sources
from codex_conformance.tiers import load_tiers

# The clause quoted apart in the gateway table: every certified gateway drops Codex's identity headers.
HEADERS_CLAUSE = "GATEWAY-HEADERS-1"
WORDS_FILE = "certified.toml"


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid")

    report: str  # docs/reports/<report>.json
    name: str
    findings: str  # the findings page, relative to docs/


class PortRow(_Row):
    op: str
    matched: str  # which edition the implementation matches, and how


class GatewayRow(_Row):
    version: str
    route: str
    fails: str


class Words(BaseModel):
    model_config = ConfigDict(extra="forbid")

    port: list[PortRow]
    gateway: list[GatewayRow]


@dataclass(frozen=True)
class Table:
    """A generated table: the page holding it and the name of its markers."""

    page: str  # relative to docs/
    name: str

    @property
    def begin(self) -> str:
        return (
            f"<!-- {self.name}: written by `codex-conformance site --tables` from docs/reports/*.json "
            f"and docs/{WORDS_FILE}; do not edit -->"
        )

    @property
    def end(self) -> str:
        return f"<!-- end {self.name} -->"


PORTS_TABLE = Table("reports.md", "certified-ports")
GATEWAYS_TABLE = Table("gateways.md", "certified-gateways")


def load_words(path: Path) -> Words:
    text = read_named_file(path, str(path), cannot_read="cannot read it: ")
    try:
        return Words.model_validate(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not a TOML file: {exc}") from None
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "(root)"
        raise UsageError(f"{path}: {where}: {error['msg']}") from None


def site_data(sources: list[Source], fixtures_dir: Path | None, spec_dir: Path) -> SiteData:
    """The reports judged as the site judges them (no history: the tables show one version)."""
    declared, _ = declared_clauses(spec_dir)
    pages = {clause: where.split(".md:", 1)[0] for clause, where in declared.items()}
    return gather(sources, load_tiers(spec_dir), load_fixture_cases(fixtures_dir), pages, History())


def _source(data: SiteData, row: _Row) -> Source:
    found = [source for source in data.sources if source.slug == row.report]
    if not found:
        raise UsageError(f"{WORDS_FILE}: report {row.report!r} is not among docs/reports/*.json")
    return found[0]


def _links(row: _Row) -> str:
    return f"[report](reports/{row.report}.md), [findings]({row.findings})"


def _percent(passed: int, judged: int) -> str:
    return f"{passed} / {judged} ({round(100 * passed / judged) if judged else 0} %)"


def port_lines(data: SiteData, rows: list[PortRow]) -> list[str]:
    lines = [
        "| name | version | op | edition matched | behaviour | bytes | verdict (the op's area) | report |",
        "|---|---|---|---|---:|---:|---|---|",
    ]
    for row in rows:
        source = _source(data, row)
        report = source.report
        if not isinstance(report, PortReport):
            raise UsageError(f"{WORDS_FILE}: report {row.report!r} is a gateway's, listed as a port")
        judged = [o for o in report.outcomes if o.op == row.op and o.judged and o.kind == "case"]
        editions = in_release_order(o.edition for o in judged)
        if not editions:
            raise UsageError(f"{WORDS_FILE}: report {row.report!r} judged no case of {row.op}")
        levels = []
        for level in ("behaviour", "bytes"):
            counts = []
            for edition in editions:
                mine = [o for o in judged if o.edition == edition]
                passed = sum(o.status_at(level) == "pass" for o in mine)
                counts.append(f"{edition}: {_percent(passed, len(mine))}")
            levels.append("<br>".join(counts))
        cells = data.area_cells.get(area_name(row.op), {}).get(source.slug, {})
        verdicts = "<br>".join(
            f"{edition}: {cells[edition].verdict.verdict.value}" for edition in editions if edition in cells
        )
        name = report.implementation
        lines.append(
            f"| {row.name} | {name.version} | `{row.op}` | {row.matched} | {levels[0]} | {levels[1]} | "
            f"{verdicts} | {_links(row)} |"
        )
    return lines


def _passes_apart_from_headers(result: GatewayScenario) -> bool:
    # A scenario that errored was not compared: it passes nothing, headers apart or not.
    return (
        result.judged
        and result.outcome != "error"
        and all(verdict.passed or verdict.clause == HEADERS_CLAUSE for verdict in result.verdicts)
    )


def gateway_lines(data: SiteData, rows: list[GatewayRow]) -> list[str]:
    gateways = [_source(data, row) for row in rows]
    editions = data.editions(gateways)
    lines = [
        "| gateway | version | route | " + " | ".join(editions) + " | what fails | report |",
        "|---|---|---|" + "---:|" * len(editions) + "---|---|",
    ]
    for row, source in zip(rows, gateways, strict=True):
        report = source.report
        if not isinstance(report, GatewayReport):
            raise UsageError(f"{WORDS_FILE}: report {row.report!r} is a port's, listed as a gateway")
        if row.version not in report.gateway:
            raise UsageError(f"{WORDS_FILE}: {row.report}: version {row.version} is not the report's "
                             f"({report.gateway})")  # fmt: skip
        cells = []
        for edition in editions:
            cell = data.cells[source.slug].get(edition)
            if cell is None:
                cells.append("not run")
                continue
            shown = f"{cell.passed} / {cell.judged}"
            if cell.passed < cell.judged:
                results = [r for r in report.results if r.edition == edition]
                shown += f" ({sum(map(_passes_apart_from_headers, results))} but HEADERS-1)"
            cells.append(f"{shown}<br>{cell.verdict.verdict.value}")
        lines.append(
            f"| {row.name} | {row.version} | {row.route} | " + " | ".join(cells) + f" | {row.fails} | "
            f"{_links(row)} |"
        )
    return lines


def replace_table(text: str, table: Table, lines: list[str], where: str) -> str:
    """``text`` with what lies between ``table``'s markers replaced by ``lines``."""
    if text.count(table.begin) != 1 or text.count(table.end) != 1:
        raise UsageError(f"{where}: needs exactly one of each marker line:\n{table.begin}\n{table.end}")
    head, rest = text.split(table.begin, 1)
    _, tail = rest.split(table.end, 1)
    return head + "\n".join([table.begin, *lines, table.end]) + tail


def written_pages(docs: Path, data: SiteData) -> dict[Path, str]:
    """Each page holding a certified table, with its table as the reports have it."""
    words = load_words(docs / WORDS_FILE)
    written = {}
    for table, lines in (
        (PORTS_TABLE, port_lines(data, words.port)),
        (GATEWAYS_TABLE, gateway_lines(data, words.gateway)),
    ):
        path = docs / table.page
        text = read_named_file(path, str(path), cannot_read="cannot read it: ")
        written[path] = replace_table(text, table, lines, str(path))
    return written


def docs_data(docs: Path, fixtures_dir: Path | None, spec_dir: Path) -> SiteData:
    return site_data(read_sources(sorted((docs / "reports").glob("*.json"))), fixtures_dir, spec_dir)


def stale_pages(docs: Path, data: SiteData) -> list[Path]:
    """The pages whose tables differ from what the reports say."""
    return [path for path, text in written_pages(docs, data).items() if path.read_text("utf-8") != text]


def write_tables(docs: Path, data: SiteData) -> list[Path]:
    """Rewrite the tables in place; the pages that changed."""
    changed = []
    for path, text in written_pages(docs, data).items():
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


__all__ = [
    "GATEWAYS_TABLE",
    "PORTS_TABLE",
    "GatewayRow",
    "PortRow",
    "Table",
    "Words",
    "docs_data",
    "gateway_lines",
    "load_words",
    "port_lines",
    "replace_table",
    "site_data",
    "stale_pages",
    "write_tables",
]
