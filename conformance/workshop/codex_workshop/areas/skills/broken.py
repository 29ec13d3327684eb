"""Broken ports of the skills namespace: one field of the skills rules changed, each caught on its clause."""

from __future__ import annotations

import json
import posixpath
from typing import Any

from codex_reference.editions import V0_169_0
from codex_reference.json_types import JSON
from codex_workshop.broken import adapters, rewrites, with_rules


def _raw_len(value: JSON) -> int:
    """The mistaken measure: strings by their unescaped UTF-8 length plus quotes."""
    if isinstance(value, str):
        return len(value.encode("utf-8")) + 2
    if isinstance(value, list):
        return 2 + max(len(value) - 1, 0) + sum(_raw_len(item) for item in value)
    if isinstance(value, dict):
        pairs = [_raw_len(key) + 1 + _raw_len(item) for key, item in value.items()]
        return 2 + max(len(pairs) - 1, 0) + sum(pairs)
    return len(json.dumps(value))


def _normalized(resource: str) -> str:
    """The mistaken lookup: `.` and `..` segments resolved as a file path would be."""
    scheme, separator, path = resource.partition("://")
    return scheme + separator + posixpath.normpath(path) if separator else resource


def _namespace_without_description(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """The skills namespace entry sent without its description."""
    for tool in result.get("tools", []):
        if isinstance(tool, dict) and tool.get("type") == "namespace":
            tool.pop("description", None)


BROKEN = adapters(
    {
        "raw-byte-budget": (
            "SKILLS-BUDGET-1",
            "measures a response by its unescaped text, so a quote costs one byte instead of two",
            with_rules(V0_169_0, "skills", measure=_raw_len),
        ),
        "no-serialization-allowance": (
            "SKILLS-BUDGET-1",
            "budgets the truncation bytes themselves, without the 1.2 allowance",
            with_rules(V0_169_0, "skills", budget_factor=1.0),
        ),
        "name-not-cut": (
            "SKILLS-LIST-1",
            "lists a skill's name whole instead of cutting it to 256 bytes",
            with_rules(V0_169_0, "skills", max_name_bytes=1 << 20),
        ),
        "orchestrator-authority": (
            "SKILLS-AUTH-1",
            "accepts the upstream tests' authority kind `orchestrator` beside `cloud` and `executor`",
            with_rules(V0_169_0, "skills", authority_kinds=("cloud", "executor", "orchestrator")),
        ),
        "traversal-resolved": (
            "SKILLS-READ-URI-1",
            "resolves `.` and `..` in a resource id, so a traversal reads another skill's file",
            with_rules(V0_169_0, "skills", resource_id_rewrite=_normalized),
        ),
        "read-error-wording": (
            "SKILLS-READ-URI-1",
            "words a failed resource read differently",
            with_rules(V0_169_0, "skills", read_failed="skill resource not found"),
        ),
        "unbounded-argument-wording": (
            "SKILLS-READ-URI-1",
            "words the refusal of an empty, control-character or over-long read argument differently",
            with_rules(V0_169_0, "skills", read_argument_unbounded="invalid {name}"),
        ),
        "cursor-without-budget": (
            "SKILLS-CURSOR-1",
            "issues list cursors that do not record the budget",
            with_rules(V0_169_0, "skills", cursor_records_budget=False),
        ),
        "namespace-without-description": rewrites(
            "SKILLS-NS-1", "skills.tools", _namespace_without_description
        ),
    }
)
