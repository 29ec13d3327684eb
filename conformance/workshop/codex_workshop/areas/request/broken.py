"""Broken ports of the request area: one entry of an edition's request rules changed."""

from __future__ import annotations

from typing import Any

from codex_workshop.broken import area_adapters, rewrites


def _instructions_trimmed(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """Built-in instruction texts with trailing white space trimmed (a port that loads them with strip())."""
    result["texts"] = [text.rstrip() for text in result.get("texts", [])]


def _context_messages_dropped(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """No permissions or AGENTS.md message before the environment (a port of the 0.25.0 layout)."""
    body = result.get("body", {})
    if isinstance(body.get("input"), list) and "instructions" in body:
        body["input"] = [item for item in body["input"] if "AGENTS.md" not in str(item)]
        body["input"] = [item for item in body["input"] if item.get("role") != "developer"]


def _lite_item_dropped(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """A Lite model's request without its additional_tools item (a proxy that drops input items it
    does not know)."""
    body = result.get("body", {})
    if isinstance(body.get("input"), list):
        body["input"] = [item for item in body["input"] if item.get("type") != "additional_tools"]


def _lite_tags_dropped(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """A Lite model's messages on the built-in provider without their per-message metadata (a port
    that tags only the plain layout's messages)."""
    body = result.get("body", {})
    items = body.get("input") if "tools" not in body else None
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict):
            item.pop("internal_chat_message_metadata_passthrough", None)


def _service_tier_dropped(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """The body without its service_tier (a proxy that drops members it does not know)."""
    body = result.get("body")
    if isinstance(body, dict):
        body.pop("service_tier", None)


# The rows whose change is a value are data, in broken.json beside this module,
# which places these rows among them (codex_workshop/broken.py).
BROKEN = area_adapters(
    __file__,
    {
        "request-builtins-trimmed": rewrites("REQ-TEXT-1", "request.builtins", _instructions_trimmed),
        "request-no-context-messages": rewrites("REQ-INPUT-2", "request.build", _context_messages_dropped),
        "request-no-lite-item": rewrites("REQ-LITE-2", "request.build", _lite_item_dropped),
        "request-no-lite-tags": rewrites("REQ-LITE-4", "request.build", _lite_tags_dropped),
        "request-no-service-tier": rewrites("REQ-TIER-1", "request.build", _service_tier_dropped),
    },
)
