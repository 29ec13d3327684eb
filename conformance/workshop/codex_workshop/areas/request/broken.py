"""Broken ports of the request area: one entry of an edition's request rules changed."""

from __future__ import annotations

from typing import Any

from codex_reference.editions import V0_25_0, V0_94_0, V0_169_0
from codex_workshop.broken import adapters, rewrites, with_rules, with_rules_from


def _instructions_trimmed(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """Built-in instruction texts with trailing white space trimmed (a port that loads them with strip())."""
    result["texts"] = [text.rstrip() for text in result.get("texts", [])]


def _context_messages_dropped(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """No permissions or AGENTS.md message before the environment (a port of the 0.25.0 layout)."""
    body = result.get("body", {})
    if isinstance(body.get("input"), list) and "instructions" in body:
        body["input"] = [item for item in body["input"] if "AGENTS.md" not in str(item)]
        body["input"] = [item for item in body["input"] if item.get("role") != "developer"]


BROKEN = adapters(
    {
        "request-trims-slash-0.25": (
            "REQ-URL-1",
            "0.25.0 trims the trailing slash of base_url, as 0.169.0 does",
            with_rules_from(V0_25_0, "request", trim_base_url_slash=V0_169_0),
        ),
        "request-reasoning-for-all-0.25": (
            "REQ-REASON-1",
            "0.25.0 sends a reasoning object for every model",
            with_rules(V0_25_0, "request", reasoning_prefixes=("",)),
        ),
        "request-auth-beside-provider-0.169": (
            "REQ-HDR-4",
            "0.169.0 sends its authorization beside the provider's instead of in its place",
            with_rules(V0_169_0, "request", auth_replaces_provider_header=False),
        ),
        "request-effort-default-for-all-0.94": (
            "REQ-REASON-2",
            "0.94.0 gives every reasoning model the default effort medium, as 0.25.0 does",
            with_rules_from(V0_94_0, "request", default_effort_prefixes=V0_25_0),
        ),
        "request-summaries-config-ignored-0.94": (
            "REQ-REASON-1",
            "0.94.0 ignores model_supports_reasoning_summaries, as 0.25.0 does",
            with_rules_from(V0_94_0, "request", summaries_config_decides=V0_25_0),
        ),
        "request-apply-patch-text-for-none-0.94": (
            "REQ-TEXT-2",
            "0.94.0 never appends the apply_patch instructions",
            with_rules(V0_94_0, "request", apply_patch_instruction_prefixes=()),
        ),
        "request-chat-tool-name-inside-only-0.94": (
            "REQ-WIRE-1",
            "0.94.0 chat tools without the name beside type, as 0.25.0 sends them",
            with_rules_from(V0_94_0, "request", chat_tool_name_outside=V0_25_0),
        ),
        "request-builtins-trimmed": rewrites("REQ-TEXT-1", "request.builtins", _instructions_trimmed),
        "request-no-context-messages": rewrites("REQ-INPUT-2", "request.build", _context_messages_dropped),
    }
)
