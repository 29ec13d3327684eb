"""App-server dynamic tools (0.94.0, 0.169.0): specs → Responses tools, answers → output items."""

from __future__ import annotations

from codex_reference.dynamic.output import call_output
from codex_reference.dynamic.request import call_request
from codex_reference.dynamic.rules import DYNAMIC_0_94_0, DYNAMIC_0_169_0, DYNAMIC_0_171_0, DynamicRules
from codex_reference.dynamic.tools import to_responses
from codex_reference.errors import InvalidArgs, NotModelled
from codex_reference.json_types import JSON

__all__ = [
    "DYNAMIC_0_94_0",
    "DYNAMIC_0_169_0",
    "DYNAMIC_0_171_0",
    "DynamicRules",
    "call_output_op",
    "call_request_op",
    "to_responses_op",
]


def _supported(rules: DynamicRules | None) -> DynamicRules:
    if rules is None:
        # 0.25.0 has no app-server and no dynamic tools: nothing to model.
        raise NotModelled("this edition has no dynamic tools (they came with the app-server protocol)")
    return rules


def to_responses_op(rules: DynamicRules | None, version: str, args: dict[str, JSON]) -> dict[str, JSON]:
    rules = _supported(rules)
    if "tools" not in args:
        raise InvalidArgs("missing `tools`")
    return {"tools": to_responses(rules, version, args["tools"])}


def call_output_op(rules: DynamicRules | None, args: dict[str, JSON]) -> dict[str, JSON]:
    return call_output(_supported(rules), args)


def call_request_op(rules: DynamicRules | None, args: dict[str, JSON]) -> dict[str, JSON]:
    return call_request(_supported(rules), args)
