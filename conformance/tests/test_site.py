"""``codex-conformance site``: the pages of a small report set (syrupy snapshots), what they say
(verdicts, failing clauses and their cases, fails only here, history), that every link resolves,
and the command on the committed reports and on bad input.

The browser's view of the same site is test_site_browser.py.
"""

from __future__ import annotations

import json
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from site_inputs import DATA, RECORDED_AT, REPORTS, build_small_site
from syrupy.assertion import SnapshotAssertion

from codex_conformance.cli import main
from codex_conformance.readiness import Verdict
from codex_conformance.site.build import Built
from codex_conformance.site.history import load_history
from codex_conformance.site.sources import committed_report_paths
from codex_conformance.site.written import MANIFEST


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build_small_site(tmp_path_factory.mktemp("site"))


def _out(built: Built) -> Path:
    return built.pages[0].parent


def test_the_pages_of_a_small_report_set(built: Built, snapshot: SnapshotAssertion) -> None:
    names = sorted(path.name for path in _out(built).iterdir())
    assert names == sorted(
        [
            ".codex-conformance-site.json",
            "area-apply_patch.html",
            "gateways.html",
            "history.json",
            "impl-gateway-ds4codex.html",
            "impl-gateway-open-responses-server.html",
            "impl-port-codex-apply-patch.html",
            "impl-port-openai-agents.html",
            "index.html",
            "style.css",
            "tiers.html",
        ]
    )
    for name in names:
        if name != MANIFEST:  # the digests of the pages: a snapshot of those already
            assert (_out(built) / name).read_text(encoding="utf-8") == snapshot(name=name)


def test_the_gateway_table_tells_ds4codex_from_open_responses_server(built: Built) -> None:
    ds4codex = built.data.cells["gateway-ds4codex"]["0.25.0"].verdict
    ors = built.data.cells["gateway-open-responses-server"]["0.25.0"].verdict
    # Both pass no scenario whole; only what fails tells them apart.
    assert built.data.cells["gateway-ds4codex"]["0.25.0"].passed == 0
    assert built.data.cells["gateway-open-responses-server"]["0.25.0"].passed == 0
    assert ds4codex.verdict is Verdict.LIMITED
    assert ds4codex.reasons() == [
        "GATEWAY-CALL-1 fails (1, capability)",
        "GATEWAY-RUN-1 fails (1, capability)",
        "GATEWAY-HEADERS-1 fails (3, advisory)",
    ]
    assert ors.verdict is Verdict.NOT_READY
    assert "GATEWAY-CALL-1 fails (3, mandatory)" in ors.reasons()
    page = (_out(built) / "gateways.html").read_text(encoding="utf-8")
    assert "READY WITH LIMITATIONS" in page and "NOT READY" in page


def test_a_port_page_shows_each_failing_case_with_args_expected_and_observed(built: Built) -> None:
    page = (_out(built) / "impl-port-codex-apply-patch.html").read_text(encoding="utf-8")
    section = page.split('id="0.25.0-AP-DELETE-1"', 1)[1].split("<h3", 1)[0]
    assert "apply_patch/0.25.0/delete-missing: fail" in section
    for label in ("<p>args</p>", "<p>expected</p>", "<p>observed (diff"):
        assert label in section
    assert "&quot;exit_code&quot;: 1" in section  # the release's exit status, from the fixture


def test_a_failure_only_in_texts_is_a_limitation_not_a_missing_feature(built: Built) -> None:
    verdict = built.data.cells["port-openai-agents"]["0.25.0"].verdict
    # delete-file and delete-missing pass at the behaviour level (only the printed texts differ):
    # the mandatory AP-DELETE-1 they cite costs an advisory failure there; add-file leaves other
    # files (behaviour), so its mandatory AP-ADD-1 makes the port NOT READY.
    tiers = {failure.clause: failure.tier.value for failure in verdict.failing}
    assert (tiers["AP-DELETE-1"], tiers["AP-OUTPUT-1"], tiers["AP-ADD-1"]) == (
        "advisory",
        "advisory",
        "mandatory",
    )
    assert verdict.verdict is Verdict.NOT_READY


def test_fails_only_here(built: Built) -> None:
    only = {slug: [item.item for item in items] for slug, items in built.data.only_here.items()}
    assert only["port-codex-apply-patch"] == []
    assert only["port-openai-agents"] == ["apply_patch/0.25.0/delete-file", "apply_patch/0.25.0/add-file"]
    # open-responses-server fails GATEWAY-CALL-1 in the text scenario, which ds4codex passes.
    ors = built.data.only_here["gateway-open-responses-server"]
    assert any(item.item == "text" and "GATEWAY-CALL-1" in item.clauses for item in ors)


def test_the_history_gets_one_entry_per_report_version(tmp_path: Path) -> None:
    first = build_small_site(tmp_path)
    assert len(first.added) == len(REPORTS)
    assert build_small_site(tmp_path).added == []  # the same versions again: nothing new
    recertified = tmp_path / "again" / "gateway-ds4codex.json"
    recertified.parent.mkdir()
    raw = json.loads((DATA / "gateway-ds4codex.json").read_text(encoding="utf-8"))
    raw["seconds"] += 1  # another run of the same gateway: another version of its report
    recertified.write_text(json.dumps(raw), encoding="utf-8")
    third = build_small_site(tmp_path, [*REPORTS, recertified])
    assert [entry.report for entry in third.added] == ["gateway-ds4codex"]
    versions = load_history(tmp_path / "history.json").versions("gateway-ds4codex")
    assert [entry.recorded_at for entry in versions] == [RECORDED_AT, RECORDED_AT]
    page = (tmp_path / "out" / "impl-gateway-ds4codex.html").read_text(encoding="utf-8")
    assert page.split("<h2>History</h2>", 1)[1].split("</table>", 1)[0].count("<tr><td>") == 2


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.scripts += tag == "script"
        if values.get("id"):
            self.ids.add(values["id"] or "")
        if tag in ("a", "link") and values.get("href"):
            self.hrefs.append(values["href"] or "")


def _dangling(out: Path) -> list[str]:
    parsed = {}
    for path in out.glob("*.html"):
        parser = _Links()
        parser.feed(path.read_text(encoding="utf-8"))
        parsed[path.name] = parser
    dangling = []
    for name, parser in parsed.items():
        assert parser.scripts == 0, f"{name} has a script"
        for href in parser.hrefs:
            target, _, fragment = href.partition("#")
            target = target or name
            if not (out / target).is_file():
                dangling.append(f"{name}: {href} (no such page)")
            elif fragment and fragment not in parsed[target].ids:
                dangling.append(f"{name}: {href} (no such anchor)")
    return dangling


def test_every_link_resolves_and_no_page_has_a_script(built: Built) -> None:
    assert _dangling(_out(built)) == []


def test_a_dangling_link_is_found(built: Built, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(_out(built), out)
    page = out / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("#verdict-0.25.0", "#verdict-9.9.9", 1), "utf-8")
    assert len(_dangling(out)) == 1


def test_the_committed_reports_build_a_site(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if not committed_report_paths():
        pytest.skip("no committed reports: not a checkout")
    history = tmp_path / "history.json"
    assert main(["site", "--out", str(tmp_path / "out"), "--history", str(history)]) == 0
    assert "pages to" in capsys.readouterr().err
    entries = {entry.report: entry for entry in load_history(history).entries}
    ds4codex = entries["gateway-ds4codex-0.1.6"].editions["0.25.0"].verdict
    ors = entries["gateway-open-responses-server-0.4.1"].editions["0.25.0"].verdict
    assert (ds4codex, ors) == (Verdict.LIMITED, Verdict.NOT_READY)
    assert _dangling(tmp_path / "out") == []


def test_the_committed_history_has_two_versions_of_each_certified_report() -> None:
    from codex_conformance.site.sources import COMMITTED_HISTORY

    if not COMMITTED_HISTORY.is_file():
        pytest.skip("no committed history: not a checkout")
    history = load_history(COMMITTED_HISTORY)
    counts = {path.stem: len(history.versions(path.stem)) for path in committed_report_paths()}
    assert {name: count for name, count in counts.items() if count < 2} == {}


def test_the_committed_history_records_each_committed_report_as_it_is() -> None:
    from codex_conformance.site.sources import COMMITTED_HISTORY, read_source

    if not COMMITTED_HISTORY.is_file():
        pytest.skip("no committed history: not a checkout")
    recorded = {(entry.report, entry.digest) for entry in load_history(COMMITTED_HISTORY).entries}
    missing = [
        source.slug
        for source in map(read_source, committed_report_paths())
        if (source.slug, source.digest) not in recorded
    ]
    assert missing == [], (
        "re-certified reports not in docs/results-history.json: run `codex-conformance site --out DIR` "
        "(it appends them) and commit the history"
    )


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not valid JSON"),
        ('{"hello": 1}', "neither a conformance report nor a gateway report"),
        ('{"report_format": 1, "outcomes": []}', "not a readable report: implementation"),
    ],
)
def test_a_bad_report_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    args = ["site", "--no-committed", "--report", str(bad), "--out", str(tmp_path / "out")]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_no_reports_and_an_out_that_is_a_file_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["site", "--no-committed", "--out", str(tmp_path / "out")]) == 2
    assert "no reports" in capsys.readouterr().err
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    assert main(["site", "--no-committed", "--report", str(REPORTS[0]), "--out", str(a_file)]) == 2
    assert "not a directory" in capsys.readouterr().err


def test_a_verdict_per_model_from_the_models_the_report_names(tmp_path: Path) -> None:
    raw = json.loads((DATA / "gateway-ds4codex.json").read_text(encoding="utf-8"))
    # Any model names the report holds are profiles: none is known to the kit.
    models = {"text": "model-a", "retry-after": "model-a", "freeform-apply-patch": "model-b"}
    for result in raw["results"]:
        result["model"] = models.get(result["scenario"])
    named = tmp_path / "again" / "gateway-ds4codex.json"
    named.parent.mkdir()
    named.write_text(json.dumps(raw), encoding="utf-8")
    built = build_small_site(tmp_path, [*REPORTS, named])
    profiles = built.data.profile_cells["gateway-ds4codex"]["0.25.0"]
    assert list(profiles) == ["model-a", "model-b"]
    assert [f.clause for f in profiles["model-a"].verdict.failing] == ["GATEWAY-HEADERS-1"]
    assert (profiles["model-b"].passed, profiles["model-b"].judged) == (0, 1)
    assert profiles["model-b"].verdict.verdict is Verdict.LIMITED  # the freeform call's feature
    # The other gateway's report names no model: it has no profile, and its row says so.
    assert built.data.profile_cells["gateway-open-responses-server"] == {}
    out = tmp_path / "out"
    page = (out / "gateways.html").read_text(encoding="utf-8")
    assert "<h2>Codex 0.25.0: verdict per model</h2>" in page
    assert "<th>model-a</th><th>model-b</th>" in page
    assert page.count("no model recorded") == 2
    impl = (out / "impl-gateway-ds4codex.html").read_text(encoding="utf-8")
    assert 'id="verdict-0.25.0-model-b"' in impl and "<td>freeform-apply-patch</td>" in impl
    assert _dangling(out) == []


def test_an_area_of_no_declared_op_is_no_area_of_the_port(tmp_path: Path) -> None:
    raw = json.loads((DATA / "port-codex-apply-patch.json").read_text(encoding="utf-8"))
    # A report lists the cases of ops it does not declare too, as not applicable.
    other = {**raw["outcomes"][0], "id": "chat/0.25.0/x", "op": "chat.request", "status": "not_applicable"}
    raw["outcomes"].append(other)
    report = tmp_path / "again" / "port-codex-apply-patch.json"
    report.parent.mkdir()
    report.write_text(json.dumps(raw), encoding="utf-8")
    built = build_small_site(tmp_path, [*REPORTS, report])
    assert "chat" not in built.data.area_cells  # not READY at 0 / 0 in an area it never ran
    assert not (tmp_path / "out" / "area-chat.html").exists()


def test_a_second_build_removes_the_first_builds_stale_pages_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    # The user's own files in DIR: never removed, whatever their names.
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    (out / "mine.html").write_text("mine", encoding="utf-8")
    build_small_site(tmp_path)
    edited = out / "impl-gateway-open-responses-server.html"
    edited.write_text(edited.read_text(encoding="utf-8") + "<!-- my note -->", encoding="utf-8")
    # A record edited to name files outside DIR, or the user's, removes none of them.
    outside = tmp_path / "outside.html"
    outside.write_text("mine", encoding="utf-8")
    raw = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    raw["files"].update({"../outside.html": "sha256:0", "notes.txt": "sha256:0"})
    (out / MANIFEST).write_text(json.dumps(raw), encoding="utf-8")
    # A second build over another report set: openai-agents and open-responses-server left out.
    kept = [path for path in REPORTS if not any(n in path.name for n in ("openai-agents", "open-responses"))]
    second = build_small_site(tmp_path, kept)
    assert [path.name for path in second.removed] == ["impl-port-openai-agents.html"]
    assert not (out / "impl-port-openai-agents.html").exists()
    assert edited.is_file()  # changed since the site wrote it: no longer only the site's
    for mine in (out / "notes.txt", out / "mine.html", outside):
        assert mine.read_text(encoding="utf-8") == "mine"
    assert _dangling(out) == []  # what the second build wrote links to nothing it removed
    # The record now holds the second build's files only: the edited page is the user's from now on.
    assert (
        "impl-gateway-open-responses-server.html"
        not in json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"]
    )


def test_a_build_without_a_readable_record_removes_nothing(tmp_path: Path) -> None:
    build_small_site(tmp_path)
    (tmp_path / "out" / MANIFEST).write_text("{not json", encoding="utf-8")
    second = build_small_site(tmp_path, [path for path in REPORTS if "openai-agents" not in path.name])
    assert second.removed == []
    assert (tmp_path / "out" / "impl-port-openai-agents.html").is_file()


def test_a_gateway_run_that_stopped_is_not_ready_for_want_of_tests(tmp_path: Path) -> None:
    stopped = tmp_path / "gateway-stopped.json"
    raw = {
        "gateway": "stopped 0.1",
        "editions": ["0.25.0"],
        "aborted": "the gateway never listened",
        "results": [],
    }
    stopped.write_text(json.dumps(raw), encoding="utf-8")
    built = build_small_site(tmp_path, [*REPORTS, stopped])
    verdict = built.data.cells["gateway-stopped"]["0.25.0"].verdict
    assert verdict.verdict is Verdict.NOT_READY
    assert "GATEWAY-CALL-1" in verdict.untested
    page = (tmp_path / "out" / "impl-gateway-stopped.html").read_text(encoding="utf-8")
    assert "The run stopped: the gateway never listened" in page
