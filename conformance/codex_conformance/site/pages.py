"""The site's pages, each a function of the gathered data returning (file name, HTML).

index.html (every implementation's verdict per edition), area-<area>.html
(implementations x editions for one area), gateways.html (gateway x Codex
release verdicts with their reasons, then gateway x feature per release),
impl-<report>.html (verdicts, failing clauses with their cases' args,
expected and observed values, the failures only it has, its history),
tiers.html (every clause's tier and why).
"""

from __future__ import annotations

import json
from collections import defaultdict

from codex_conformance.readiness import EditionReadiness, Verdict
from codex_conformance.site.data import SiteData, in_release_order
from codex_conformance.site.html import (
    anchor,
    area_page,
    esc,
    impl_page,
    page,
    shown,
    tier_span,
    verdict_class,
)
from codex_conformance.site.judging import Cell
from codex_conformance.site.sources import GatewayReport, GatewayScenario, PortOutcome, PortReport, Source
from codex_conformance.tiers import Tier, Tiers

# Per failing clause and edition, the cases shown whole; the others are named.
CASES_IN_FULL = 10

VERDICTS_EXPLAINED = [
    "<p><b>READY</b>: every clause judged passes and every mandatory clause in scope was tested. "
    "<b>READY WITH LIMITATIONS</b>: only capability or advisory clauses fail (listed). "
    "<b>NOT READY</b>: a mandatory clause fails, or was not tested (listed). "
    "A failure only in printed texts, key order or serialization (it passes at the behaviour level) "
    'costs at most an advisory one. Tiers: <a href="tiers.html">every clause\'s tier and why</a>.</p>',
]


def all_pages(data: SiteData) -> list[tuple[str, str]]:
    pages = [index(data), gateways(data), tiers(data)]
    pages += [area(data, name) for name in sorted(data.area_cells)]
    pages += [implementation(data, source) for source in data.sources]
    return pages


def _verdict_cell(cell: Cell | None, link: str, *, reasons: bool = False) -> str:
    if cell is None:
        return '<td class="none">not run</td>'
    verdict = cell.verdict
    body = (
        f'<a href="{esc(link)}">{esc(cell.counts())}</a><br>'
        f'<span class="verdict">{esc(verdict.verdict.value)}</span>'
    )
    if reasons:
        body += _reason_list(verdict, link.split("#", 1)[0])
    return f'<td class="{verdict_class(verdict.verdict)}">{body}</td>'


def _reason_list(verdict: EditionReadiness, page_name: str) -> str:
    if verdict.verdict is Verdict.READY:
        return ""
    items = []
    for failure in verdict.failing:
        if failure.tier is Tier.INFORMATIONAL:
            continue
        link = f"{page_name}#{anchor(verdict.edition, failure.clause)}"
        items.append(
            f'<li><a href="{esc(link)}">{esc(failure.clause)}</a> fails ({failure.failing}, '
            f"{tier_span(failure.tier)})</li>"
        )
    if verdict.untested:
        items.append(f"<li>not tested (mandatory): {esc(', '.join(verdict.untested))}</li>")
    return f'<ul class="reasons">{"".join(items)}</ul>'


def index(data: SiteData) -> tuple[str, str]:
    body = [
        "<p>Results of the committed conformance reports and any reports given to "
        "<code>codex-conformance site</code>: per implementation and edition (Codex release), "
        "the items passing out of those judged and the readiness verdict.</p>",
        *VERDICTS_EXPLAINED,
    ]
    for title, sources in (("Ports and libraries", data.ports), ("Gateways", data.gateways)):
        if not sources:
            continue
        editions = data.editions(sources)
        body += [f"<h2>{esc(title)}</h2>", "<table>", "<tr><th>implementation</th><th>report</th>"]
        body[-1] += "".join(f"<th>{esc(edition)}</th>" for edition in editions) + "<th>versions</th></tr>"
        for source in sources:
            cells = data.cells[source.slug]
            row = f'<tr><td><a href="{impl_page(source.slug)}">{esc(source.report.title)}</a></td>'
            row += f"<td>{esc(source.slug)}</td>"
            for edition in editions:
                row += _verdict_cell(cells.get(edition), f"{impl_page(source.slug)}#verdict-{edition}")
            row += f"<td>{len(data.history.versions(source.slug))}</td></tr>"
            body.append(row)
        body.append("</table>")
    if data.area_cells:
        body += ["<h2>By area</h2>", "<ul>"]
        body += [f'<li><a href="{area_page(name)}">{esc(name)}</a></li>' for name in sorted(data.area_cells)]
        body.append("</ul>")
    return "index.html", page("Codex conformance results", body)


def area(data: SiteData, name: str) -> tuple[str, str]:
    rows = data.area_cells[name]
    sources = [source for source in data.ports if source.slug in rows]
    editions = data.editions(sources)
    clauses = sorted(clause for clause, where in data.clause_pages.items() if where == name)
    counts: dict[Tier, int] = defaultdict(int)
    for clause in clauses:
        counts[data.tiers.of(clause)] += 1
    tier_line = ", ".join(f"{counts[tier]} {tier.value}" for tier in Tier if counts[tier])
    body = [
        f"<p>Implementations run on the ops of area <code>{esc(name)}</code> "
        f"(<code>spec/{esc(name)}.md</code>: {len(clauses)} clauses, {esc(tier_line or 'none')}); "
        "per edition the cases passing out of those judged, and the verdict over the area's clauses.</p>",
        *VERDICTS_EXPLAINED,
        *_verdict_table(sources, editions, rows, "implementation", ""),
    ]
    return area_page(name), page(f"Area {name}", body)


def _verdict_table(
    sources: list[Source], editions: list[str], cells: dict[str, dict[str, Cell]], corner: str, prefix: str
) -> list[str]:
    """Rows of implementations, columns of editions: each cell its counts, verdict and reasons."""
    out = [
        "<table>",
        f"<tr><th>{esc(corner)}</th>" + "".join(f"<th>{esc(prefix + e)}</th>" for e in editions) + "</tr>",
    ]
    for source in sources:
        row = f'<tr><td><a href="{impl_page(source.slug)}">{esc(source.report.title)}</a></td>'
        for edition in editions:
            link = f"{impl_page(source.slug)}#verdict-{edition}"
            row += _verdict_cell(cells[source.slug].get(edition), link, reasons=True)
        out.append(row + "</tr>")
    return [*out, "</table>"]


def gateways(data: SiteData) -> tuple[str, str]:
    sources = data.gateways
    editions = data.editions(sources)
    body = [
        "<p>A real Codex release run through each gateway and directly, compared clause by clause "
        "(<code>spec/gateway.md</code>): per release, the scenarios passing out of those that apply, "
        "the verdict and why. A scenario that shows one feature (a freeform tool, "
        "<code>tool_search</code>, reasoning) limits a gateway where it fails; in the one whose request "
        "the upstream refuses (<code>client-error</code>) the turn fails either way, so a difference "
        "there is advisory, as are identity headers (<code>GATEWAY-HEADERS-1</code>).</p>",
        *VERDICTS_EXPLAINED,
    ]
    if not sources:
        return "gateways.html", page("Gateways", [*body, "<p>No gateway report was given.</p>"])
    body += [
        "<h2>Verdict per Codex release</h2>",
        *_verdict_table(sources, editions, data.cells, "gateway", "Codex "),
        *_profile_tables(data, sources, editions),
    ]
    for edition in editions:
        scenarios = _scenarios(sources, edition)
        body += [
            f"<h2>Codex {esc(edition)}: gateway x feature</h2>",
            "<table>",
            "<tr><th>gateway</th>" + "".join(f"<th>{esc(name)}</th>" for name in scenarios) + "</tr>",
        ]
        for source in sources:
            assert isinstance(source.report, GatewayReport)
            results = {r.scenario: r for r in source.report.results if r.edition == edition}
            row = f'<tr><td><a href="{impl_page(source.slug)}">{esc(source.report.title)}</a></td>'
            row += "".join(_feature_cell(source.slug, results.get(name), data.tiers) for name in scenarios)
            body.append(row + "</tr>")
        body.append("</table>")
    return "gateways.html", page("Gateways", body)


def _models(data: SiteData, sources: list[Source], edition: str) -> list[str]:
    """The models some gateway's scenarios of ``edition`` ran under, in the order first seen."""
    models: list[str] = []
    for source in sources:
        for model in data.profile_cells.get(source.slug, {}).get(edition, {}):
            if model not in models:
                models.append(model)
    return models


def _profile_tables(data: SiteData, sources: list[Source], editions: list[str]) -> list[str]:
    """Per release, gateway x model profile: each model judged on the scenarios run under it alone.
    Nothing for reports that name no model."""
    out: list[str] = []
    for edition in editions:
        models = _models(data, sources, edition)
        if not models:
            continue
        out += [
            f"<h2>Codex {esc(edition)}: verdict per model</h2>",
            "<table>",
            "<tr><th>gateway</th>" + "".join(f"<th>{esc(model)}</th>" for model in models) + "</tr>",
        ]
        for source in sources:
            cells = data.profile_cells.get(source.slug, {}).get(edition, {})
            row = f'<tr><td><a href="{impl_page(source.slug)}">{esc(source.report.title)}</a></td>'
            for model in models:
                link = f"{impl_page(source.slug)}#verdict-{edition}-{model}"
                # A report written before models were recorded says nothing of any model.
                row += (
                    _verdict_cell(cells.get(model), link, reasons=True)
                    if cells
                    else '<td class="none">no model recorded</td>'
                )
            out.append(row + "</tr>")
        out.append("</table>")
    if out:
        out.insert(
            0,
            "<p>A release runs some scenarios under another model than its default (the one offered "
            "the freeform <code>apply_patch</code> tool, one that defers MCP tools): each model is "
            "judged on the scenarios run under it alone, as the report names them.</p>",
        )
    return out


def _scenarios(sources: list[Source], edition: str) -> list[str]:
    names: list[str] = []
    for source in sources:
        assert isinstance(source.report, GatewayReport)
        for result in source.report.results:
            if result.edition == edition and result.scenario not in names:
                names.append(result.scenario)
    return names


def _feature_cell(slug: str, result: GatewayScenario | None, tiers: Tiers) -> str:
    if result is None:
        return '<td class="none">not run</td>'
    if not result.judged:
        return f'<td class="none" title="{esc(result.not_applicable or "")}">not applicable</td>'
    failing = result.failing()
    if not failing:
        return '<td class="v-ready">pass</td>'
    links = ", ".join(
        f'<a href="{impl_page(slug)}#{esc(anchor(result.edition, v.clause))}">{esc(v.clause)}</a>'
        for v in failing
    )
    # Coloured by what the worst failure costs, as the verdict counts it.
    broken = any(tiers.of_scenario_failure(v.clause, result.scenario) is Tier.MANDATORY for v in failing)
    css = "v-not-ready" if broken else "v-limited"
    return f'<td class="{css}">fail: {links}</td>'


def tiers(data: SiteData) -> tuple[str, str]:
    by_page: dict[str, list[str]] = defaultdict(list)
    for clause, where in data.clause_pages.items():
        by_page[where].append(clause)
    body = [
        "<p>Every clause of the spec has a tier (<code>spec/tiers.toml</code>): <b>mandatory</b> (Codex "
        "cannot run the turn or the tool without it), <b>capability</b> (only where the release uses the "
        "feature), <b>advisory</b> (identity headers, texts the model can live without), "
        "<b>informational</b> (observed, not judged).</p>",
    ]
    for name in sorted(by_page):
        body += [
            f"<h2>spec/{esc(name)}.md</h2>",
            "<table>",
            "<tr><th>clause</th><th>tier</th><th>why</th></tr>",
        ]
        for clause in sorted(by_page[name]):
            tiered = data.tiers.clauses.get(clause)
            tier = tiered.tier if tiered is not None else Tier.MANDATORY
            why = tiered.why if tiered is not None else "(no tier given: counted as mandatory)"
            cells = f"<td>{esc(clause)}</td><td>{tier_span(tier)}</td><td>{esc(why)}</td>"
            body.append(f'<tr id="{esc(clause)}">{cells}</tr>')
        body.append("</table>")
    return "tiers.html", page("Clause tiers", body)


def implementation(data: SiteData, source: Source) -> tuple[str, str]:
    report = source.report
    cells = data.cells[source.slug]
    name = impl_page(source.slug)
    kind = "gateway" if isinstance(report, GatewayReport) else "port"
    body = [
        f"<p>Report <code>{esc(source.slug)}</code> ({kind}), "
        f"version <code>{esc(source.digest[:19])}</code>.</p>"
    ]
    if isinstance(report, PortReport):
        body.append(
            f"<p>Run through <code>{esc(report.impl)}</code> at the {esc(report.level)} level; ops "
            f"{esc(', '.join(report.declared_ops) or '(not listed)')}.</p>"
        )
    if isinstance(report, GatewayReport) and report.aborted:
        body.append(f"<p><b>The run stopped: {esc(report.aborted)}</b></p>")
    body += ["<h2>Verdicts</h2>", "<table>", "<tr><th>edition</th><th>judged</th><th>verdict</th></tr>"]
    for edition, cell in cells.items():
        body.append(
            f'<tr id="verdict-{esc(edition)}"><td>{esc(edition)}</td><td>{esc(cell.counts())}</td>'
            f'<td class="{verdict_class(cell.verdict.verdict)}"><span class="verdict">'
            f"{esc(cell.verdict.verdict.value)}</span>{_reason_list(cell.verdict, name)}</td></tr>"
        )
    body.append("</table>")
    body += _profile_section(data, source)
    body += _only_here_section(data, source)
    body += _history_section(data, source)
    body += ["<h2>Failing clauses</h2>"]
    for edition, cell in cells.items():
        for failure in cell.verdict.failing:
            body.append(
                f'<h3 id="{esc(anchor(edition, failure.clause))}">{esc(edition)}: {esc(failure.clause)} '
                f"({tier_span(failure.tier)}, {failure.failing} failing)</h3>"
            )
            tiered = data.tiers.clauses.get(failure.clause)
            if tiered is not None:
                body.append(f"<p>{esc(tiered.why)}</p>")
            if isinstance(report, PortReport):
                body += _port_cases(data, report, edition, failure.clause)
            else:
                body += _gateway_scenarios(report, edition, failure.clause)
    if not any(cell.verdict.failing for cell in cells.values()):
        body.append("<p>None.</p>")
    return name, page(report.title, body)


def _port_cases(data: SiteData, report: PortReport, edition: str, clause: str) -> list[str]:
    failing = [
        o
        for o in report.outcomes
        if o.edition == edition and o.judged and not o.passed and clause in o.clauses
    ]
    out = []
    for outcome in failing[:CASES_IN_FULL]:
        out += _case_detail(data, outcome)
    if len(failing) > CASES_IN_FULL:
        rest = ", ".join(o.id for o in failing[CASES_IN_FULL:])
        out.append(f"<p>and {len(failing) - CASES_IN_FULL} more: {esc(rest)}</p>")
    return out


def _case_detail(data: SiteData, outcome: PortOutcome) -> list[str]:
    case = data.cases.get(outcome.id)
    args = outcome.args or (json.dumps(case.args, ensure_ascii=False) if case is not None else "")
    expected = (
        json.dumps(case.expected.model_dump(mode="json"), indent=2, ensure_ascii=False)
        if case is not None
        else "(the case is not in the fixtures this site was built with)"
    )
    mark = " (expected failure)" if outcome.expected_failure is not None else ""
    return [
        f"<h4>{esc(outcome.id)}: {esc(outcome.status)}{esc(mark)}</h4>",
        f"<p>{esc(outcome.reason)}</p>",
        "<p>args</p>",
        f"<pre>{shown(args)}</pre>",
        "<p>expected</p>",
        f"<pre>{shown(expected)}</pre>",
        "<p>observed (diff: <code>-</code> expected, <code>+</code> observed)</p>",
        f"<pre>{shown(outcome.diff or '(no diff recorded)')}</pre>",
    ]


def _gateway_scenarios(report: GatewayReport, edition: str, clause: str) -> list[str]:
    out = []
    for result in report.results:
        if result.edition != edition:
            continue
        for verdict in result.failing():
            if verdict.clause != clause:
                continue
            out += [
                f"<h4>scenario {esc(result.scenario)}: {esc(result.title)}</h4>",
                "<p>differences (expected: the release's direct run; observed: through the gateway)</p>",
                f"<pre>{shown(chr(10).join(verdict.differences) or '(none recorded)')}</pre>",
            ]
    return out


def _profile_section(data: SiteData, source: Source) -> list[str]:
    profiles = data.profile_cells.get(source.slug, {})
    if not profiles:
        return []
    report = source.report
    assert isinstance(report, GatewayReport)
    name = impl_page(source.slug)
    out = [
        "<h2>Verdicts per model</h2>",
        "<table>",
        "<tr><th>release</th><th>model</th><th>scenarios</th><th>judged</th><th>verdict</th></tr>",
    ]
    for edition, cells in profiles.items():
        for model, cell in cells.items():
            scenarios = [r.scenario for r in report.results if r.edition == edition and r.model == model]
            out.append(
                f'<tr id="verdict-{esc(edition)}-{esc(model)}"><td>{esc(edition)}</td><td>{esc(model)}</td>'
                f"<td>{esc(', '.join(scenarios))}</td><td>{esc(cell.counts())}</td>"
                f'<td class="{verdict_class(cell.verdict.verdict)}"><span class="verdict">'
                f"{esc(cell.verdict.verdict.value)}</span>{_reason_list(cell.verdict, name)}</td></tr>"
            )
    return [*out, "</table>"]


def _only_here_section(data: SiteData, source: Source) -> list[str]:
    found = data.only_here.get(source.slug, [])
    out = [
        "<h2>Fails only here</h2>",
        "<p>Failures that every other implementation judged on the same item passes.</p>",
    ]
    if not found:
        return [*out, "<p>None.</p>"]
    out += ["<table>", "<tr><th>edition</th><th>item</th><th>clauses</th><th>others passing</th></tr>"]
    for item in found:
        links = ", ".join(
            f'<a href="#{esc(anchor(item.edition, clause))}">{esc(clause)}</a>' for clause in item.clauses
        )
        out.append(
            f"<tr><td>{esc(item.edition)}</td><td>{esc(item.item)}</td><td>{links}</td><td>{item.others}</td></tr>"
        )
    return [*out, "</table>"]


def _history_section(data: SiteData, source: Source) -> list[str]:
    versions = data.history.versions(source.slug)
    out = ["<h2>History</h2>"]
    if not versions:
        return [*out, "<p>No version recorded.</p>"]
    editions = in_release_order(e for entry in versions for e in entry.editions)
    out += [
        "<table>",
        "<tr><th>recorded</th><th>version</th>" + "".join(f"<th>{esc(e)}</th>" for e in editions) + "</tr>",
    ]
    for entry in versions:
        row = f"<tr><td>{esc(entry.recorded_at)}</td><td><code>{esc(entry.digest[:19])}</code></td>"
        for edition in editions:
            result = entry.editions.get(edition)
            if result is None:
                row += '<td class="none">not run</td>'
            else:
                row += (
                    f'<td class="{verdict_class(result.verdict)}">{result.passed} / {result.judged}<br>'
                    f"{esc(result.verdict.value)}</td>"
                )
        out.append(row + "</tr>")
    return [*out, "</table>"]


__all__ = ["CASES_IN_FULL", "all_pages"]
