"""Area ``transport``: a server's behaviour → what the release did over the WebSocket and after.

The delays a run observes are volatile (a backoff with jitter, a loaded
machine): each goes into the case's args under ``observed`` (a port writes it
back), and the expected value holds it as ``{"$pattern": DELAY_FORM,
"$observed": TEXT}``: an implementation given the observed values must write
that text, a release run again is held to the form (codex_conformance.observed;
spec/transport.md, TRANSPORT-FALLBACK-2).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_conformance.compare import OBSERVED_KEY, PATTERN_KEY
from codex_workshop.areas.capturing import captured_case, wanted
from codex_workshop.areas.transport.release import transport_turn
from codex_workshop.areas.transport.scenarios import TransportScenario, load_transport_scenarios

# A delay in seconds, in tenths (areas/transport/observe.py).
DELAY_FORM = r"[0-9]+\.[0-9]"


def delay_pattern(observed: str) -> dict[str, str]:
    return {PATTERN_KEY: DELAY_FORM, OBSERVED_KEY: observed}


def expected_turn(result: dict[str, Any]) -> dict[str, Any]:
    expected = dict(result)
    expected["upgrade_delays"] = [delay_pattern(delay) for delay in result["upgrade_delays"]]
    if result["fallback_delay"] is not None:
        expected["fallback_delay"] = delay_pattern(result["fallback_delay"])
    return expected


def _case(version: str, scenario: TransportScenario) -> Case:
    args = scenario.args(version)
    observed: dict[str, Any] = {}

    def run() -> dict[str, Any]:
        result = transport_turn(version, args)
        observed.update({key: result[key] for key in ("upgrade_delays", "fallback_delay")})
        return expected_turn(result)

    case = captured_case(
        "transport", version, scenario, op="transport.turn", args=args, run=run, compare="json-pattern"
    )
    # The delays this run observed are inputs a port writes back (spec/transport.md).
    return case.model_copy(update={"args": {**args, "observed": observed}}) if observed else case


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_transport_scenarios(root / "transport" / "_scenarios.json"):
        if wanted(scenario.slug, version, scenario.editions, only):
            yield _case(version, scenario)
