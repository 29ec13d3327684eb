"""Responses-Lite: the request shape of the models a release's catalog marks ``use_responses_lite``.

REQ-LITE-1, REQ-LITE-2, REQ-LITE-3 (spec/request.md).  Which models are Lite,
and what each one's request carries (its instructions, the namespaces of its
``additional_tools`` item, the texts of its context messages, its reasoning
and verbosity), is release data: ``data/lite-<version>.json``, copied from the
captured cases each model names under ``source``.  An edition without such a
file has no Lite model (0.25.0 and 0.94.0 carry no Lite flag in their catalog).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from codex_reference.json_types import JSON

_DATA = Path(__file__).with_name("data")


@dataclass(frozen=True)
class LiteProfile:
    instructions: str
    tools: JSON  # the namespaces of the additional_tools item
    context: tuple[str, ...]  # texts after the skills text in the second developer message
    messages: tuple[tuple[str, ...], ...]  # developer messages before the environment
    # The data's names of those texts (REQ-LITE-4: what the built-in provider tags each one with).
    context_keys: tuple[str, ...]
    message_keys: tuple[tuple[str, ...], ...]
    reasoning: JSON
    text: JSON
    parallel_tool_calls: bool
    node_repl_auto_review_required: bool


@cache
def _profiles(version: str) -> dict[str, LiteProfile]:
    path = _DATA / f"lite-{version}.json"
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    texts, tools = data["texts"], data["tools"]
    return {
        model: LiteProfile(
            instructions=texts[entry["instructions"]],
            tools=tools[entry["tools"]],
            context=tuple(texts[key] for key in entry["context"]),
            messages=tuple(tuple(texts[key] for key in message) for message in entry["messages"]),
            context_keys=tuple(entry["context"]),
            message_keys=tuple(tuple(message) for message in entry["messages"]),
            reasoning=entry["reasoning"],
            text=entry["text"],
            parallel_tool_calls=entry["parallel_tool_calls"],
            node_repl_auto_review_required=entry["node_repl_auto_review_required"],
        )
        for model, entry in data["models"].items()
    }


def profile(version: str, model: str) -> LiteProfile | None:
    """The model's Lite profile in that release, or None: the model is not Lite there."""
    return _profiles(version).get(model)


def lite_models(version: str) -> tuple[str, ...]:
    return tuple(_profiles(version))
