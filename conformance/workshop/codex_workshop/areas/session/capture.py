"""Area ``session``: every request a release sends over a whole scripted conversation.

The case's expected result is what the kit's mock server received when the
release ran on the transcript (``session.run``, harnesses/session_run.py),
each request with its volatile spans as patterns (drive/request_volatile.py:
ids, dates, temporary paths, the user agent's OS; built-in instruction
texts by first line and length).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import Field

from codex_conformance.cases import Case
from codex_conformance.harnesses.session_run import mock_server_harness
from codex_conformance.mock_responses_server import simple_reply_stream, turn_stream
from codex_workshop.areas.capturing import observed_case, wanted_scenarios
from codex_workshop.areas.scenarios import Scenario, load_scenarios
from codex_workshop.areas.session.release import session_run
from codex_workshop.drive.request_volatile import expected_request


class SessionScenario(Scenario):
    prompt: str = "hi"
    # One list of output items per model turn; a string is an assistant
    # message of that text.  The last turn should end the conversation.
    turns: list[list[dict[str, Any] | str]] = Field(min_length=1)

    def args(self, version: str) -> dict[str, Any]:
        transcript = []
        for number, turn in enumerate(self.turns, 1):
            if len(turn) == 1 and isinstance(turn[0], str):
                transcript.append(simple_reply_stream(turn[0], f"resp_{number}"))
            else:
                items = [item for item in turn if isinstance(item, dict)]
                transcript.append(turn_stream(items, f"resp_{number}"))
        return {"edition": version, "prompt": self.prompt, "transcript": transcript}


def expected_requests(observed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for request in observed:
        pattern = expected_request({**request, "url": request["path"]})
        out.append(
            {
                "method": pattern["method"],
                "path": pattern["url"],
                "headers": pattern["headers"],
                "body": pattern["body"],
            }
        )
    return out


def observe(version: str, args: dict[str, Any]) -> list[dict[str, Any]]:
    with mock_server_harness(args) as harnessed:
        result = session_run(version, harnessed.args)
        requests: list[dict[str, Any]] = harnessed.observe(result)["requests"]
    return requests


def _case(version: str, scenario: SessionScenario) -> Case:
    args = scenario.args(version)
    expected = expected_requests(observe(version, args))
    return observed_case("session", version, scenario, "session.run", args, {"requests": expected})


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in wanted_scenarios(
        load_scenarios(root / "session" / "_scenarios.json", SessionScenario), version, only
    ):
        yield _case(version, scenario)
