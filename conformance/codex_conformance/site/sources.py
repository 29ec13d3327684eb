"""The reports a site is built from: a port's run report (``certify``, ``pytest --conformance-report``)
or a gateway's (``codex-conformance gateway``), read leniently.

Only the fields the site shows are read, and unknown ones are ignored: the
committed reports and their older versions (replayed into the history) were
written by several versions of the kit.  A file that is neither kind is a
``UsageError`` of one line naming it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from codex_conformance.errors import UsageError

# The checkout's committed reports (docs/reports): absent from an installed wheel.
_CHECKOUT = Path(__file__).resolve().parents[3]
COMMITTED_REPORTS = _CHECKOUT / "docs" / "reports"
COMMITTED_HISTORY = _CHECKOUT / "docs" / "results-history.json"


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="ignore")


class PortOutcome(_Lenient):
    id: str
    op: str
    edition: str
    status: str
    clauses: list[str]
    kind: str = "case"
    reason: str = ""
    diff: str = ""
    args: str = ""
    fixture: str = ""
    expected_failure: str | None = None
    levels: dict[str, str] = Field(default_factory=dict)

    @property
    def judged(self) -> bool:
        return self.status != "not_applicable"

    @property
    def passed(self) -> bool:
        return self.status == "pass" and self.expected_failure is None

    def status_at(self, level: str) -> str:
        """The status at verdict ``level``; a report without levels has one status for both."""
        return self.levels.get(level, self.status)


class PortImplementation(_Lenient):
    name: str
    version: str
    language: str = ""
    homepage: str = ""


class PortReport(_Lenient):
    report_format: int
    impl: str = ""
    implementation: PortImplementation
    declared_ops: list[str] = Field(default_factory=list)
    editions: list[str] = Field(default_factory=list)
    finished_at: str | None = None
    kit_version: str = ""
    level: str = "bytes"
    outcomes: list[PortOutcome]

    @property
    def title(self) -> str:
        return f"{self.implementation.name} {self.implementation.version}"


class ScenarioVerdict(_Lenient):
    clause: str
    passed: bool
    differences: list[str] = Field(default_factory=list)


class GatewayScenario(_Lenient):
    edition: str
    scenario: str
    title: str = ""
    outcome: str
    # The model Codex ran the scenario under (its profile); absent from reports written before it was.
    model: str | None = None
    error: str | None = None
    not_applicable: str | None = None
    verdicts: list[ScenarioVerdict] = Field(default_factory=list)

    @property
    def judged(self) -> bool:
        return self.not_applicable is None

    def failing(self) -> list[ScenarioVerdict]:
        return [verdict for verdict in self.verdicts if not verdict.passed]


class GatewayReport(_Lenient):
    gateway: str
    editions: list[str]
    ok: bool = False
    aborted: str | None = None
    results: list[GatewayScenario] = Field(default_factory=list)

    @property
    def title(self) -> str:
        return self.gateway


@dataclass(frozen=True)
class Source:
    """One report file: its name on the site (the file's stem), its content and a digest of its bytes."""

    slug: str
    path: Path
    digest: str
    report: PortReport | GatewayReport

    @property
    def kind(self) -> str:
        return "gateway" if isinstance(self.report, GatewayReport) else "port"


def read_source(path: Path, slug: str | None = None) -> Source:
    """The report in ``path``; a ``UsageError`` naming the file if it is not a report the site reads."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"report {path}: cannot read it: {exc.strerror or exc}") from None
    try:
        raw = json.loads(data)
    except (ValueError, RecursionError) as exc:
        reason = "nested too deep to parse" if isinstance(exc, RecursionError) else str(exc)
        raise UsageError(f"report {path}: not valid JSON: {reason}") from None
    model: type[PortReport] | type[GatewayReport]
    if isinstance(raw, dict) and "report_format" in raw:
        model = PortReport
    elif isinstance(raw, dict) and "gateway" in raw and "results" in raw:
        model = GatewayReport
    else:
        raise UsageError(f"report {path}: neither a conformance report nor a gateway report")
    try:
        report = model.model_validate(raw)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(part) for part in error["loc"]) or "(root)"
        raise UsageError(f"report {path}: not a readable report: {where}: {error['msg']}") from None
    digest = "sha256:" + hashlib.sha256(data).hexdigest()
    return Source(slug or path.stem, path, digest, report)


def committed_report_paths(directory: Path = COMMITTED_REPORTS) -> list[Path]:
    """The JSON reports committed in a checkout, in name order; none outside a checkout."""
    return sorted(directory.glob("*.json")) if directory.is_dir() else []


def read_sources(paths: list[Path]) -> list[Source]:
    """Every report, named by its file's stem; a later file of the same stem replaces an earlier
    one (a report passed on the command line over the committed one it re-certifies)."""
    by_slug: dict[str, Source] = {}
    for path in paths:
        source = read_source(path)
        by_slug[source.slug] = source
    return sorted(by_slug.values(), key=lambda source: source.slug)


__all__ = [
    "COMMITTED_HISTORY",
    "COMMITTED_REPORTS",
    "GatewayReport",
    "GatewayScenario",
    "PortOutcome",
    "PortReport",
    "ScenarioVerdict",
    "Source",
    "committed_report_paths",
    "read_source",
    "read_sources",
]
