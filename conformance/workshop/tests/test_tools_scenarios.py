"""The tools capture inputs: the scenario file parses, and every tools case is accounted for."""

from __future__ import annotations

from codex_conformance.areas import discover
from codex_conformance.cases import CapturedProvenance, load_cases
from codex_conformance.paths import fixtures_dir
from codex_workshop.areas.tools.apply_patch_tool import load_tools_scenarios, route_for, scenarios_path
from codex_workshop.areas.tools.scenarios import load_build_scenarios

SCENARIOS = load_tools_scenarios(scenarios_path())
TOOLS_CASES = [
    case
    for case in load_cases(fixtures_dir())
    if case.area == "tools" and case.op == "tools.apply_patch_spec"
]
BUILD_SCENARIOS = load_build_scenarios(fixtures_dir())
BUILD_CASES = [case for case in load_cases(fixtures_dir()) if case.op == "tools.build"]
# The editions the tools area has been captured from (an edition is added area by area).
EDITIONS = discover()["tools"].editions


def test_every_variant_has_a_route_for_every_edition() -> None:
    # The release adapter answers (edition, variant) from this file: a gap
    # would turn a certify run into harness errors.
    assert sorted(scenario.variant for scenario in SCENARIOS) == ["freeform", "function"]
    for scenario in SCENARIOS:
        assert sorted(scenario.editions) == sorted(EDITIONS), scenario.slug
        for version in EDITIONS:
            assert route_for(version, scenario.variant) == scenario.editions[version]


def test_every_route_says_why_and_mcp_params_only_go_with_the_mcp_launcher() -> None:
    for scenario in SCENARIOS:
        for version, route in scenario.editions.items():
            assert route.why.strip(), (scenario.slug, version)
            if route.new_conversation:
                assert route.launcher == "mcp-new-conversation", (scenario.slug, version)


def test_every_tools_case_is_captured_from_a_scenario_and_cites_a_clause() -> None:
    slugs = {scenario.slug for scenario in SCENARIOS}
    assert len(TOOLS_CASES) == len(SCENARIOS) * len(EDITIONS)
    for case in TOOLS_CASES:
        assert isinstance(case.provenance, CapturedProvenance), case.id
        assert case.id.rsplit("/", 1)[1] in slugs, case.id
        assert case.clauses and all(clause.startswith("TOOLS-") for clause in case.clauses), case.id
        assert case.op == "tools.apply_patch_spec"


def test_a_rejected_variant_is_only_ever_no_such_variant() -> None:
    for case in TOOLS_CASES:
        expected = case.expected.model_dump()
        if "error" in expected:
            assert expected["error"]["kind"] == "no-such-variant", case.id


def test_every_build_case_comes_from_a_build_scenario() -> None:
    wanted = {
        f"tools/{version}/{scenario.slug}"
        for scenario in BUILD_SCENARIOS
        for version in EDITIONS
        if scenario.applies_to(version)
    }
    assert {case.id for case in BUILD_CASES} == wanted
    for case in BUILD_CASES:
        assert isinstance(case.provenance, CapturedProvenance), case.id
        assert case.clauses and all(clause.startswith("TOOLS-") for clause in case.clauses), case.id
        assert "error" not in case.expected.model_dump() or case.expected.model_dump()["error"]["kind"] == (
            "config-rejected"
        )


def test_build_matrix_covers_every_tool_kind() -> None:
    # Every ToolSpec variant a release emits appears in at least one case.
    kinds: dict[str, set[str]] = {version: set() for version in EDITIONS}

    def walk(version: str, tools: list[dict[str, object]]) -> None:
        for tool in tools:
            kinds[version].add(str(tool["type"]))
            nested = tool.get("tools")
            if isinstance(nested, list):
                walk(version, nested)

    for case in BUILD_CASES:
        result = case.expected.model_dump().get("result") or {}
        walk(case.edition, result.get("tools", []))
        walk(case.edition, (result.get("additional_tools") or {}).get("tools", []))
    assert kinds["0.25.0"] == {"function", "local_shell", "custom", "web_search"}
    assert kinds["0.169.0"] == {"function", "custom", "namespace", "tool_search", "web_search"}
