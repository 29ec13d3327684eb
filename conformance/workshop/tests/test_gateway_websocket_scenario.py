"""The gateway's websocket-fallback scenario: where it applies, how it turns the WebSocket on,
and which printed lines its error verdict leaves out (spec/gateway.md)."""

from __future__ import annotations

from codex_conformance.editions import EDITIONS
from codex_workshop.gateway.observe import Observation
from codex_workshop.gateway.scenarios import NotApplicable, Scenario, scenarios
from codex_workshop.gateway.verdicts import errors_the_same


def _fallback(version: str) -> Scenario | NotApplicable:
    return next(found for found in scenarios(EDITIONS[version]) if found.slug == "websocket-fallback")


def _observed(error_lines: list[str]) -> Observation:
    return Observation(0, [], [], [], error_lines, "", "")


def test_a_release_without_a_websocket_transport_has_it_not_applicable_and_says_why() -> None:
    without = [version for version, edition in EDITIONS.items() if edition.websocket_config is None]
    assert without
    for version in without:
        found = _fallback(version)
        assert isinstance(found, NotApplicable) and "WebSocket" in found.reason


def test_a_release_with_one_runs_with_the_provider_flag_and_the_editions_own_switches() -> None:
    with_ws = {version: table for version, table in EDITIONS.items() if table.websocket_config is not None}
    assert with_ws
    for version, edition in with_ws.items():
        found = _fallback(version)
        assert isinstance(found, Scenario)
        assert found.provider == {"supports_websockets": True}
        assert set(found.extra_config) == set(edition.websocket_config or ())


def test_the_lines_about_the_upgrade_are_not_compared_and_the_others_are() -> None:
    scenario = _fallback(next(v for v, e in EDITIONS.items() if e.websocket_config is not None))
    assert isinstance(scenario, Scenario)
    direct = _observed(["ERROR: Reconnecting... 2/2"])
    through = _observed(
        [
            "warning: Falling back from WebSockets to HTTPS transport. unexpected status 426",
            '{"error":{"message":"not found"}}',
        ]
    )
    assert errors_the_same(scenario, direct, through) == []
    through_with_another_error = _observed(["ERROR: unexpected status 500 Internal Server Error"])
    assert errors_the_same(scenario, direct, through_with_another_error) != []
