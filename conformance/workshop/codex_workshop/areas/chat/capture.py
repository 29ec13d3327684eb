"""Area ``chat``: the Chat Completions wire: the request body, and what a chat stream leaves behind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from codex_conformance.cases import Case
from codex_workshop.areas.capturing import captured_case, wanted
from codex_workshop.areas.chat import observe as chat_observe
from codex_workshop.areas.chat import release as chat_ops
from codex_workshop.areas.chat.scenarios import ChatScenario, load_chat_scenarios, render
from codex_workshop.drive import config_toml, request_volatile
from codex_workshop.drive.errors import CaptureError

# 0.169.0 refuses the chat configuration (REQ-WIRE-1): the area's feature leaves it out.


def _request_case(version: str, scenario: ChatScenario) -> Case:
    extra = dict(scenario.config)
    config_toml.case_config(extra)  # a reserved key is refused
    held, body = chat_observe.observe_request(
        version,
        model=scenario.model,
        history=scenario.history,
        prompt=scenario.prompt,
        streams=[render(stream) for stream in scenario.streams],
        config=extra,
    )
    tools = chat_observe.responses_tools(version, scenario.model, extra)
    implied = chat_ops.config_for_tools(version, tools)
    if implied != extra:
        # The release adapter picks the configuration from the tool names: keep that possible.
        names = [tool.get("name", tool.get("type")) for tool in tools]
        raise CaptureError(
            f"{scenario.slug}: release {version} sends the tools {names}, which imply the "
            f"configuration {implied!r}, not the scenario's {extra!r}"
        )
    args: dict[str, Any] = {"edition": version, "model": scenario.model, "input": held, "tools": tools}
    # The working directory in the environment context and the built-in
    # instructions become patterns, as in request.build (spec/chat.md).
    framed = request_volatile.expected_request({"method": "POST", "url": "", "headers": [], "body": body})
    return captured_case(
        "chat",
        version,
        scenario,
        op="chat.request",
        args=args,
        run=lambda: {"body": framed["body"]},
        compare="json-pattern",
    )


def _sse_case(version: str, scenario: ChatScenario) -> Case:
    args = {"edition": version, "stream": render(scenario.stream), "splits": scenario.splits}
    return captured_case(
        "chat", version, scenario, op="chat.sse", args=args, run=lambda: chat_ops.chat_sse(version, args)
    )


def cases(root: Path, version: str, only: set[str] | None) -> Iterator[Case]:
    for scenario in load_chat_scenarios(root / "chat" / "_scenarios.json"):
        if wanted(scenario.slug, version, scenario.editions, only):
            if scenario.op == "chat.request":
                yield _request_case(version, scenario)
            else:
                yield _sse_case(version, scenario)
