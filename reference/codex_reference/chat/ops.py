"""Args → result of the chat ops, for an edition that may not speak chat at all."""

from __future__ import annotations

from codex_reference.chat import request
from codex_reference.chat.rules import ChatRules
from codex_reference.errors import NotModelled
from codex_reference.json_types import JSON
from codex_reference.request.rules import RequestRules


def _supported(rules: ChatRules | None) -> ChatRules:
    if rules is None:
        # The chat area has no such edition: the release refuses `wire_api = "chat"` before it
        # sends anything, which request.build models (REQ-WIRE-1) and the request area pins.
        raise NotModelled('an edition that refuses `wire_api = "chat"` has no chat ops (see request.build)')
    return rules


def chat_request(
    rules: ChatRules | None, request_rules: RequestRules, version: str, args: dict[str, JSON]
) -> dict[str, JSON]:
    return request.chat_request(_supported(rules), request_rules, version, args)


def chat_sse(rules: ChatRules | None, args: dict[str, JSON]) -> dict[str, JSON]:
    supported = _supported(rules)
    return supported.read_stream(supported, args)
