"""Broken ports of the request area: one entry of an edition's request rules changed."""

from __future__ import annotations

from typing import Any

from codex_reference.editions import V0_25_0, V0_94_0, V0_169_0
from codex_workshop.broken import BrokenAdapter, rewrites, with_rules, with_rules_from

BROKEN = [
    BrokenAdapter(
        "request-trims-slash-0.25",
        "REQ-URL-1",
        "0.25.0 trims the trailing slash of base_url, as 0.169.0 does",
        with_rules_from(V0_25_0, "request", V0_169_0, "trim_base_url_slash"),
    ),
    BrokenAdapter(
        "request-reasoning-for-all-0.25",
        "REQ-REASON-1",
        "0.25.0 sends a reasoning object for every model",
        with_rules(V0_25_0, "request", reasoning_prefixes=("",)),
    ),
    BrokenAdapter(
        "request-auth-beside-provider-0.169",
        "REQ-HDR-4",
        "0.169.0 sends its authorization beside the provider's instead of in its place",
        with_rules(V0_169_0, "request", auth_replaces_provider_header=False),
    ),
    BrokenAdapter(
        "request-effort-default-for-all-0.94",
        "REQ-REASON-2",
        "0.94.0 gives every reasoning model the default effort medium, as 0.25.0 does",
        with_rules_from(V0_94_0, "request", V0_25_0, "default_effort_prefixes"),
    ),
    BrokenAdapter(
        "request-summaries-config-ignored-0.94",
        "REQ-REASON-1",
        "0.94.0 ignores model_supports_reasoning_summaries, as 0.25.0 does",
        with_rules_from(V0_94_0, "request", V0_25_0, "summaries_config_decides"),
    ),
    BrokenAdapter(
        "request-apply-patch-text-for-none-0.94",
        "REQ-TEXT-2",
        "0.94.0 never appends the apply_patch instructions",
        with_rules(V0_94_0, "request", apply_patch_instruction_prefixes=()),
    ),
    BrokenAdapter(
        "request-chat-tool-name-inside-only-0.94",
        "REQ-WIRE-1",
        "0.94.0 chat tools without the name beside type, as 0.25.0 sends them",
        with_rules_from(V0_94_0, "request", V0_25_0, "chat_tool_name_outside"),
    ),
]


def _instructions_trimmed(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """Built-in instruction texts with trailing white space trimmed (a port that loads them with strip())."""
    result["texts"] = [text.rstrip() for text in result.get("texts", [])]


def _context_messages_dropped(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """No permissions or AGENTS.md message before the environment (a port of the 0.25.0 layout)."""
    body = result.get("body", {})
    if isinstance(body.get("input"), list) and "instructions" in body:
        body["input"] = [item for item in body["input"] if "AGENTS.md" not in str(item)]
        body["input"] = [item for item in body["input"] if item.get("role") != "developer"]


BROKEN.append(rewrites("request-builtins-trimmed", "REQ-TEXT-1", "request.builtins", _instructions_trimmed))
BROKEN.append(
    rewrites("request-no-context-messages", "REQ-INPUT-2", "request.build", _context_messages_dropped)
)
