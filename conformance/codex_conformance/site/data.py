"""Everything the site's pages show, judged once: cells per implementation, per area, per gateway,
the failures only one implementation has, and the history.

"Fails only here" follows wpt.fyi's view: a port's case that it fails while
every other port judged on the same case passes it; a gateway's clause that
fails in a scenario of a release while every other gateway run on that
scenario and release passes it.  Nothing is "only here" when no other
implementation was judged on it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from codex_conformance.cases import Case
from codex_conformance.editions import EDITIONS
from codex_conformance.impl import RELEASE_PREFIX, is_reference
from codex_conformance.site.history import History
from codex_conformance.site.judging import Cell, gateway_cells, gateway_profile_cells, port_areas, port_cells
from codex_conformance.site.sources import GatewayReport, PortReport, Source
from codex_conformance.tiers import Tiers


@dataclass(frozen=True)
class OnlyHere:
    """A failure no other implementation judged on the same item has."""

    edition: str
    item: str  # a port's case id, or a gateway's scenario
    clauses: tuple[str, ...]
    others: int  # how many other implementations pass it


@dataclass
class SiteData:
    sources: list[Source]
    tiers: Tiers
    cases: dict[str, Case]
    clause_pages: dict[str, str]  # clause -> the spec page (area) declaring it
    history: History
    cells: dict[str, dict[str, Cell]] = field(default_factory=dict)  # slug -> edition -> cell
    area_cells: dict[str, dict[str, dict[str, Cell]]] = field(default_factory=dict)  # area -> slug -> ...
    # gateway slug -> release -> model -> cell: the release's verdict per model profile
    profile_cells: dict[str, dict[str, dict[str, Cell]]] = field(default_factory=dict)
    only_here: dict[str, list[OnlyHere]] = field(default_factory=dict)

    @property
    def ports(self) -> list[Source]:
        return [source for source in self.sources if isinstance(source.report, PortReport)]

    @property
    def gateways(self) -> list[Source]:
        return [source for source in self.sources if isinstance(source.report, GatewayReport)]

    def editions(self, sources: list[Source]) -> list[str]:
        """The editions the sources ran, in release order."""
        return in_release_order(
            {edition for source in sources for edition in self.cells.get(source.slug, {})}
        )


def in_release_order(editions: Iterable[str]) -> list[str]:
    """``editions`` in release order (EDITIONS), editions the kit does not know after them."""
    order = list(EDITIONS)
    return sorted(set(editions), key=lambda e: (order.index(e) if e in order else len(order), e))


def gather(sources: list[Source], tiers: Tiers, cases: list[Case], clause_pages: dict[str, str],
           history: History) -> SiteData:  # fmt: skip
    data = SiteData(sources, tiers, {case.id: case for case in cases}, clause_pages, history)
    for source in data.ports:
        assert isinstance(source.report, PortReport)
        data.cells[source.slug] = port_cells(source.report, cases, tiers)
        for area in port_areas(source.report):
            area_cells = port_cells(source.report, cases, tiers, area)
            if area_cells:
                data.area_cells.setdefault(area, {})[source.slug] = area_cells
    for source in data.gateways:
        assert isinstance(source.report, GatewayReport)
        data.cells[source.slug] = gateway_cells(source.report, tiers)
        data.profile_cells[source.slug] = gateway_profile_cells(source.report, tiers)
    data.only_here = {**_ports_only_here(data.ports), **_gateways_only_here(data.gateways)}
    return data


def _is_peer(report: PortReport) -> bool:
    # The reference passes by construction and a release is the truth itself: compared with them,
    # every failure would be "only here", so they are left out of the peers.
    return not is_reference(report.impl) and not report.impl.startswith(RELEASE_PREFIX)


def _ports_only_here(sources: list[Source]) -> dict[str, list[OnlyHere]]:
    # case id -> (slug, passed) of every peer port judged on it
    judged: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    for source in sources:
        assert isinstance(source.report, PortReport)
        if not _is_peer(source.report):
            continue
        for outcome in source.report.outcomes:
            if outcome.judged and outcome.kind == "case":
                judged[outcome.id].append((source.slug, outcome.passed))
    found: dict[str, list[OnlyHere]] = {source.slug: [] for source in sources}
    for source in sources:
        assert isinstance(source.report, PortReport)
        for outcome in source.report.outcomes:
            if not outcome.judged or outcome.passed or outcome.kind != "case":
                continue
            others = [passed for slug, passed in judged[outcome.id] if slug != source.slug]
            if others and all(others):
                found[source.slug].append(
                    OnlyHere(outcome.edition, outcome.id, tuple(outcome.clauses), len(others))
                )
    return found


def _gateways_only_here(sources: list[Source]) -> dict[str, list[OnlyHere]]:
    # (edition, scenario, clause) -> (slug, passed) of every gateway that ran the scenario
    judged: dict[tuple[str, str, str], list[tuple[str, bool]]] = defaultdict(list)
    for source in sources:
        assert isinstance(source.report, GatewayReport)
        for result in source.report.results:
            if result.judged:
                for verdict in result.verdicts:
                    judged[(result.edition, result.scenario, verdict.clause)].append(
                        (source.slug, verdict.passed)
                    )
    found: dict[str, list[OnlyHere]] = {source.slug: [] for source in sources}
    for source in sources:
        assert isinstance(source.report, GatewayReport)
        for result in source.report.results:
            if not result.judged:
                continue
            alone = []
            count = 0
            for verdict in result.failing():
                key = (result.edition, result.scenario, verdict.clause)
                others = [passed for slug, passed in judged[key] if slug != source.slug]
                if others and all(others):
                    alone.append(verdict.clause)
                    count = len(others)
            if alone:
                found[source.slug].append(OnlyHere(result.edition, result.scenario, tuple(alone), count))
    return found


__all__ = ["OnlyHere", "SiteData", "gather", "in_release_order"]
