"""The wire timeline (spec/timeline.md): release driving table, lean cache, probes, sweep and page.

The page of the committed data must be current, and every committed finding
must cite releases where its probes change; the renderer is snapshotted on
a small synthetic data set (``pytest --snapshot-update`` after a deliberate
change); the sweep is run on a fake runner whose changes are known.
"""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from codex_conformance.areas import discover
from codex_conformance.cli import main
from codex_conformance.editions import (
    EDITIONS,
    LINUX_X64,
    RELEASE_DRIVING,
    UnknownEditionError,
    driven_like,
    get_edition,
    register_release,
    release_edition,
    version_key,
)
from codex_conformance.paths import fixtures_dir, spec_dir
from codex_workshop.drive.cache import _kept_members
from codex_workshop.timeline import cli as timeline_cli
from codex_workshop.timeline import releases as timeline_releases
from codex_workshop.timeline.cli import _sample_releases
from codex_workshop.timeline.data import ProbeData, load_probe_data, render_probe_data
from codex_workshop.timeline.findings import CitedChange, Finding, load_findings, stale_citations
from codex_workshop.timeline.isolation import LOOPBACK_ONLY_PROBES, network_isolated, refused
from codex_workshop.timeline.page import PROBE_PAGES, render_page, render_pages
from codex_workshop.timeline.probes import (
    Probe,
    ProbeRun,
    _lift_editions,
    fingerprint,
    load_probes,
    normalised,
    without_release,
)
from codex_workshop.timeline.releases import (
    Release,
    drivable,
    load_registry_answer,
    load_releases,
    save_releases,
    with_linux_build,
    without_linux_build,
)
from codex_workshop.timeline.sweep import ProbeSweep, changes

TIMELINE = fixtures_dir() / "timeline"
DIGEST = "sha512-" + "A" * 86 + "=="
FIRST_RANGE = RELEASE_DRIVING[0][0]


def _versions(count: int) -> list[str]:
    return [f"0.{minor}.0" for minor in range(100, 100 + count)]


def test_the_committed_page_is_current_with_the_data() -> None:
    probes = load_probes(TIMELINE)
    data = [load_probe_data(TIMELINE, probe) for probe in probes]
    unavailable = {v: r.unavailable for v, r in load_releases(TIMELINE).items() if r.unavailable}
    findings = load_findings(TIMELINE)
    pages = render_pages(data, unavailable, findings)
    for relative, text in pages.items():
        path = spec_dir() / relative
        assert path.is_file(), f"{relative} is missing: run `codex-conformance timeline --render`"
        assert path.read_text(encoding="utf-8") == text, (
            f"{relative}: run `codex-conformance timeline --render`"
        )
    committed = {f"{PROBE_PAGES}/{path.name}" for path in (spec_dir() / PROBE_PAGES).glob("*.md")}
    assert committed <= set(pages), "pages of probes that are gone: run `codex-conformance timeline --render`"


def test_every_committed_finding_cites_releases_where_its_probes_change() -> None:
    data = {probe.name: load_probe_data(TIMELINE, probe) for probe in load_probes(TIMELINE)}
    findings = load_findings(TIMELINE)
    # The six reported changes of issue 14, each answered.
    assert len(findings) >= 6
    assert stale_citations(findings, data) == []


def test_every_probe_names_a_scenario_of_its_area() -> None:
    probes = load_probes(TIMELINE)
    assert len(probes) >= 25
    for probe in probes:
        slugs = set()
        for path in (fixtures_dir() / probe.area).glob("_*.json"):
            slugs |= {item["slug"] for item in json.loads(path.read_text(encoding="utf-8"))}
        assert probe.scenario in slugs, probe.name
        assert probe.area in discover()


def test_a_probe_naming_an_unknown_area_is_refused(tmp_path: Path) -> None:
    (tmp_path / "_probes.json").write_text(
        json.dumps([{"name": "p", "area": "nowhere", "scenario": "s", "about": "x"}]), encoding="utf-8"
    )
    with pytest.raises(ValueError, match="unknown areas nowhere"):
        load_probes(tmp_path)


def test_the_committed_data_is_rendered_as_its_loader_reads_it() -> None:
    for probe in load_probes(TIMELINE):
        path = TIMELINE / f"{probe.name}.json"
        if path.is_file():
            assert render_probe_data(load_probe_data(TIMELINE, probe)) == path.read_text(encoding="utf-8")


def test_each_release_is_driven_like_the_last_range_starting_at_or_before_it() -> None:
    firsts = [first for first, _table in RELEASE_DRIVING]
    assert firsts == sorted(firsts, key=version_key)
    for first, table in RELEASE_DRIVING:
        assert driven_like(first) is table
        assert table.cache_keeps == LINUX_X64
    assert driven_like("0.0.1") is None
    with pytest.raises(UnknownEditionError):
        release_edition("0.0.1", "@openai/codex@0.0.1", DIGEST)


def test_a_release_edition_has_its_own_package_and_digest_and_becomes_known() -> None:
    version = "0.9999.0"
    edition = release_edition(version, f"@openai/codex@{version}-linux-x64", DIGEST)
    newest = RELEASE_DRIVING[-1][1]
    assert (edition.version, edition.package_spec, edition.tarball_sha512) == (
        version,
        f"@openai/codex@{version}-linux-x64",
        DIGEST,
    )
    assert edition.binary_path == newest.binary_path
    with pytest.raises(UnknownEditionError):
        get_edition(version)
    register_release(edition)
    assert get_edition(version) is edition
    assert version not in EDITIONS


def test_version_key_refuses_a_prerelease() -> None:
    assert version_key("0.142.1") == (0, 142, 1)
    with pytest.raises(ValueError, match="not a stable release"):
        version_key("0.142.0-linux-x64")


def _tarball(names: list[str]) -> tarfile.TarFile:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name in names:
            info = tarfile.TarInfo(name)
            info.size = 1
            archive.addfile(info, io.BytesIO(b"x"))
    buffer.seek(0)
    return tarfile.open(fileobj=buffer)


def test_the_lean_cache_unpacks_only_linux_x86_64_and_the_manifest() -> None:
    archive = _tarball(
        [
            "package/package.json",
            "package/bin/codex.js",
            f"package/bin/codex-{LINUX_X64}",
            "package/bin/codex-aarch64-apple-darwin",
            f"package/vendor/{LINUX_X64}/codex/codex",
            "package/vendor/aarch64-unknown-linux-musl/codex/codex",
        ]
    )
    lean = release_edition("0.9999.0", "@openai/codex@0.9999.0", DIGEST)
    kept = _kept_members(archive, lean)
    assert kept is not None
    assert [member.name for member in kept] == [
        "package/package.json",
        f"package/bin/codex-{LINUX_X64}",
        f"package/vendor/{LINUX_X64}/codex/codex",
    ]
    assert _kept_members(archive, EDITIONS[next(iter(EDITIONS))]) is None


def test_lifting_editions_opens_a_scenario_to_every_release() -> None:
    data = [{"slug": "a", "editions": ["x"], "n": 1}, {"slug": "b", "editions": {"x": {}}}, {"slug": "c"}]
    assert _lift_editions(data) == [
        {"slug": "a", "n": 1},
        {"slug": "b", "editions": {"x": {}}},
        {"slug": "c"},
    ]


PROBE = Probe(name="p", area="mcp", scenario="s", about="What p shows.")


class _FakeRunner:
    """A probe whose result changes at the given releases; counts its runs."""

    def __init__(self, releases: list[str], change_at: list[str]) -> None:
        self.releases = releases
        self.change_at = change_at
        self.runs: list[str] = []

    def __call__(self, probe: Probe, version: str) -> ProbeRun:
        self.runs.append(version)
        era = sum(version_key(version) >= version_key(at) for at in self.change_at)
        return ProbeRun(value={"result": {"era": era}}, command=f"run {version}")


@pytest.mark.parametrize("change_at", [[], ["0.105.0"], ["0.101.0", "0.117.0"], ["0.108.0", "0.109.0"]])
def test_the_sweep_pins_every_change_to_the_first_release_showing_it(change_at: list[str]) -> None:
    releases = _versions(30)
    runner = _FakeRunner(releases, change_at)
    data = ProbeData(PROBE)
    ProbeSweep(data, runner, lambda _line: None).sweep(releases, step=8)
    assert [version for _before, version, _fp in changes(data)] == change_at
    assert len(runner.runs) == len(set(runner.runs)) < len(releases)
    assert sorted(data.releases, key=version_key) == releases
    observed = data.observed()
    for version, obs in data.releases.items():
        if not obs.observed:
            assert obs.between is not None
            before, after = obs.between
            assert observed[before] == observed[after] == obs.fingerprint
            assert version_key(before) < version_key(version) < version_key(after)


def test_a_change_undone_between_two_grid_releases_is_not_seen_unless_every_release_runs() -> None:
    releases = _versions(17)
    flicker = ["0.103.0", "0.104.0"]

    def run(probe: Probe, version: str) -> ProbeRun:
        return ProbeRun(value={"result": {"odd": version in flicker[:1]}}, command="")

    coarse = ProbeData(PROBE)
    ProbeSweep(coarse, run, lambda _line: None).sweep(releases, step=8)
    assert changes(coarse) == []
    every = ProbeData(PROBE)
    ProbeSweep(every, run, lambda _line: None).sweep(releases, step=1)
    assert [version for _b, version, _fp in changes(every)] == flicker


def _synthetic() -> list[ProbeData]:
    releases = _versions(6)
    tools = ProbeData(Probe(name="tools-x", area="tools", scenario="build-x", about="The tools array."))
    flat = {"result": {"tools": [{"type": "function", "name": "srv__echo"}]}}
    spaced = {"result": {"tools": [{"type": "namespace", "name": "mcp__srv", "tools": [{"name": "echo"}]}]}}
    for version, value in zip(releases, [flat, flat, flat, spaced, spaced, spaced], strict=True):
        tools.record(version, fingerprint(value), value, {"release": version, "command": "c", "date": "d"})
    chat = ProbeData(Probe(name="chat-y", area="chat", scenario="request-y", about="The chat wire."))
    sent: dict[str, object] = {"result": {"body": {"messages": []}}}
    refused = {"not_driven": {"kind": "CaptureError", "message": "the release sent no request"}}
    for version, value in zip(releases, [sent, sent, sent, sent, refused, refused], strict=True):
        if version in {"0.101.0", "0.102.0"}:
            continue  # left to inference
        chat.record(version, fingerprint(value), value, {"release": version, "command": "c", "date": "d"})
    chat.infer_gaps(releases)
    return [tools, chat]


def test_the_page_renderer(snapshot: SnapshotAssertion) -> None:
    assert render_pages(_synthetic(), {"0.99.1": "no linux binary"}) == snapshot


def _synthetic_findings() -> list[Finding]:
    # (claim, verdict, summary, evidence, the change cited or the probes that would show one)
    rows: list[tuple[str, str, str, str, CitedChange | list[str]]] = [
        (
            "MCP tools as namespaces",
            "confirmed",
            "A namespace tool from 0.103.0.",
            "tools-x sends `srv__echo`, then a namespace `mcp__srv` holding `echo`.",
            CitedChange(probe="tools-x", release="0.103.0", shows="a namespace tool"),
        ),
        (
            "the chat wire removed",
            "corrected",
            "Removed at 0.104.0.",
            "chat-y sends no request from 0.104.0.",
            CitedChange(probe="chat-y", release="0.104.0", shows="no request"),
        ),
        (
            "a field on web_search",
            "not seen",
            "No probe shows it.",
            "Neither probe sends web_search.",
            ["tools-x"],
        ),
    ]
    return [
        Finding.model_validate(
            {"claim": claim, "verdict": verdict, "summary": summary, "evidence": evidence}
            | ({"probes": cited} if isinstance(cited, list) else {"changes": [cited]})
        )
        for claim, verdict, summary, evidence, cited in rows
    ]


def test_the_reported_changes_section(snapshot: SnapshotAssertion) -> None:
    page = render_page(_synthetic(), {}, _synthetic_findings())
    section = page[page.index("## Reported changes") : page.index("## Changes in release order")]
    assert section == snapshot


def test_a_finding_citing_a_release_where_its_probe_does_not_change_is_stale() -> None:
    data = {probe_data.probe.name: probe_data for probe_data in _synthetic()}
    assert stale_citations(_synthetic_findings(), data) == []
    moved = _synthetic_findings()[0].model_copy(
        update={"changes": [CitedChange(probe="tools-x", release="0.104.0", shows="a namespace tool")]}
    )
    unknown = _synthetic_findings()[2].model_copy(update={"probes": ["no-such-probe"]})
    assert stale_citations([moved, unknown], data) == [
        "'MCP tools as namespaces': tools-x does not change at 0.104.0 (it changes at: 0.103.0)",
        "'a field on web_search': probe no-such-probe has no data",
    ]


@pytest.mark.parametrize(
    ("verdict", "changes", "probes"),
    [
        ("not seen", [CitedChange(probe="p", release="0.1.0", shows="x")], ["p"]),
        ("not seen", [], []),
        ("confirmed", [], ["p"]),
    ],
)
def test_a_finding_cites_what_its_verdict_needs(
    verdict: str, changes: list[CitedChange], probes: list[str]
) -> None:
    with pytest.raises(ValueError, match="finding"):
        Finding.model_validate(
            {
                "claim": "c",
                "verdict": verdict,
                "summary": "s",
                "evidence": "e",
                "changes": changes,
                "probes": probes,
            }
        )


def test_render_exits_1_naming_a_stale_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixtures = tmp_path / "fixtures"
    (fixtures / "timeline").mkdir(parents=True)
    (fixtures / "timeline" / "_probes.json").write_text(json.dumps([PROBE.model_dump()]), encoding="utf-8")
    finding = _synthetic_findings()[0].model_copy(
        update={"changes": [CitedChange(probe=PROBE.name, release="0.1.0", shows="x")]}
    )
    (fixtures / "timeline" / "_findings.json").write_text(
        json.dumps([finding.model_dump()]), encoding="utf-8"
    )
    spec = tmp_path / "spec"
    spec.mkdir()
    assert main(["timeline", "--fixtures-dir", str(fixtures), "--spec-dir", str(spec), "--render"]) == 1
    assert (
        f"stale finding: 'MCP tools as namespaces': probe {PROBE.name} has no data" in capsys.readouterr().err
    )


def test_render_check_fails_on_a_stale_page_and_passes_once_rendered(tmp_path: Path) -> None:
    fixtures = tmp_path / "fixtures"
    (fixtures / "timeline").mkdir(parents=True)
    (fixtures / "timeline" / "_probes.json").write_text(json.dumps([PROBE.model_dump()]), encoding="utf-8")
    spec = tmp_path / "spec"
    spec.mkdir()
    common = ["timeline", "--fixtures-dir", str(fixtures), "--spec-dir", str(spec)]
    assert main([*common, "--render", "--check"]) == 1
    assert main([*common, "--render"]) == 0
    assert main([*common, "--render", "--check"]) == 0
    probe_page = spec / PROBE_PAGES / f"{PROBE.name}.md"
    assert probe_page.is_file()
    # A probe page edited by hand, or left by a probe that is gone, is not current.
    probe_page.write_text("edited\n", encoding="utf-8")
    gone = spec / PROBE_PAGES / "gone-probe.md"
    gone.write_text("old\n", encoding="utf-8")
    assert main([*common, "--render", "--check"]) == 1
    assert main([*common, "--render"]) == 0
    assert not gone.exists()
    assert main([*common, "--render", "--check"]) == 0


@pytest.mark.parametrize(
    "arguments",
    [["--run", "no-such-probe", "--release", "0.25.0"], ["--run", "mcp-basic"], ["--sweep", "--step", "0"]],
)
def test_usage_errors_exit_2_naming_what_was_wrong(
    arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["timeline", *arguments]) == 2
    assert "error:" in capsys.readouterr().err


def test_the_data_covers_recorded_releases_only() -> None:
    recorded = set(drivable(load_releases(TIMELINE)))
    for probe in load_probes(TIMELINE):
        assert set(load_probe_data(TIMELINE, probe).releases) <= recorded


def test_a_release_naming_itself_is_no_change_even_inside_a_pattern() -> None:
    older = {"result": {"ua": "codex_exec/0.60.1", "p": {"$pattern": r"codex_exec/0\.60\.1\ \S+"}}}
    newer = {"result": {"ua": "codex_exec/0.61.0", "p": {"$pattern": r"codex_exec/0\.61\.0\ \S+"}}}
    assert without_release(older, "0.60.1") == without_release(newer, "0.61.0")
    assert without_release(older, "0.60.1")["result"]["ua"] == "codex_exec/<release>"


def test_renormalising_recomputes_fingerprints_and_merges_equal_results() -> None:
    releases = _versions(3)
    data = ProbeData(PROBE)
    for version in releases:
        value = {"result": {"ua": f"codex/{version}"}}
        data.record(version, fingerprint(value), value, {"release": version, "command": "c", "date": "d"})
    assert len(changes(data)) == 2
    data.renormalise(normalised)
    data.infer_gaps(releases)
    assert changes(data) == []
    assert list(data.values) == [fingerprint({"result": {"ua": "codex/<release>"}})]


def test_an_unsteady_key_is_compared_by_presence_only() -> None:
    probe = Probe(name="p", area="sse", scenario="s", about="x", unsteady=["retry_after_ms"])
    slow = {"result": {"end": {"retry_after_ms": 1300, "message": "m"}}}
    fast = {"result": {"end": {"retry_after_ms": 1200, "message": "m"}}}
    none = {"result": {"end": {"message": "m"}}}
    assert (
        normalised(probe, slow, "0.1.0")
        == normalised(probe, fast, "0.1.0")
        != normalised(probe, none, "0.1.0")
    )


def test_the_ci_sample_is_the_editions_and_one_lean_release_after_the_oldest() -> None:
    oldest, *later = list(EDITIONS)
    before = "0.0.1"
    after = f"{oldest.rsplit('.', 1)[0]}.{int(oldest.rsplit('.', 1)[1]) + 1}"
    value: dict[str, object] = {"result": {}}
    data = ProbeData(PROBE)
    for version in [before, after, oldest, *later]:
        data.record(version, fingerprint(value), value, {"release": version, "command": "c", "date": "d"})
    assert _sample_releases([data]) == [after, oldest, *later]


def test_the_recorded_releases_are_the_registrys_stable_releases_with_a_linux_build() -> None:
    """releases.json against the registry's answer kept beside it (registry-versions.json, written
    by `timeline --update`; the live check is that command on a schedule)."""
    answer = load_registry_answer(TIMELINE)
    assert any("-alpha" in v or "-beta" in v for v in answer)  # the prereleases are filtered out
    releases = load_releases(TIMELINE)
    assert drivable(releases) == with_linux_build(answer)
    assert sorted((v for v, r in releases.items() if r.unavailable), key=version_key) == (
        without_linux_build(answer)
    )


def test_a_release_missing_from_the_recorded_list_is_reported() -> None:
    """The deliberate violation: the list without one stable release between two others (as
    0.168.0 was, published after 0.169.0) differs from the registry's."""
    answer = load_registry_answer(TIMELINE)
    recorded = drivable(load_releases(TIMELINE))
    assert [v for v in recorded if v != recorded[-2]] != with_linux_build(answer)


def test_update_records_a_release_published_after_a_newer_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    published = [
        FIRST_RANGE,
        "9.1.0",
        "9.1.0-linux-x64",
        "9.2.0",
        "9.2.0-linux-x64",
        "9.3.0-alpha.1",
        "9.3.0",
    ]
    save_releases(
        tmp_path,
        {v: Release(v, f"@openai/codex@{v}", DIGEST) for v in (FIRST_RANGE, "9.2.0")},
    )
    monkeypatch.setattr(timeline_cli, "published_versions", lambda: published)
    monkeypatch.setattr(timeline_releases, "registry_integrity", lambda spec: DIGEST)
    assert timeline_cli._record_new(tmp_path) == ["9.1.0", "9.3.0"]
    recorded = load_releases(tmp_path)
    assert recorded["9.1.0"] == Release("9.1.0", "@openai/codex@9.1.0-linux-x64", DIGEST)
    # 9.3.0 came after the platform packages and has none: recorded, never run.
    assert recorded["9.3.0"].unavailable == timeline_releases.NO_LINUX_BUILD
    assert (
        drivable(recorded)
        == with_linux_build(load_registry_answer(tmp_path))
        == [FIRST_RANGE, "9.1.0", "9.2.0"]
    )


def test_a_login_probe_is_swept_only_with_loopback_only_networking(tmp_path: Path) -> None:
    (tmp_path / "lo").mkdir()
    assert network_isolated(tmp_path)
    (tmp_path / "eth0").mkdir()
    assert not network_isolated(tmp_path)
    assert network_isolated(tmp_path / "missing") is False
    assert refused(["request-chatgpt-login", "mcp-basic"], isolated=False) is not None
    assert refused(["request-chatgpt-login"], isolated=True) is None
    assert refused(["mcp-basic"], isolated=False) is None
    assert {probe.name for probe in load_probes(fixtures_dir() / "timeline")} >= LOOPBACK_ONLY_PROBES
