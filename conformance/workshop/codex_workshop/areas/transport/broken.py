"""Broken ports of the transport area: the reference with one transport rule changed."""

from __future__ import annotations

from typing import Any

from codex_workshop.broken import area_adapters, rewrites


def _no_fallback(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """No HTTP fallback: a turn whose WebSocket failed fails (a port that dropped the fallback)."""
    if result.get("upgrades") and result.get("http"):
        result["http"] = []
        result["exit"] = 1
        result["reply"] = None


def _no_beta_header(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """The handshake without its openai-beta header (a proxy or port that drops it)."""
    handshake = result.get("handshake")
    if isinstance(handshake, dict):
        handshake["headers"] = [header for header in handshake["headers"] if header[0] != "openai-beta"]


def _no_routing_hint(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """The built-in provider's upgrade under a login without x-codex-routing-hint (a port that
    sends the HTTP request's headers only)."""
    handshake = result.get("handshake")
    if isinstance(handshake, dict):
        headers = handshake["headers"]
        handshake["headers"] = [header for header in headers if header[0] != "x-codex-routing-hint"]


# The rows whose change is a value are data, in broken.json beside this module.
BROKEN = area_adapters(
    __file__,
    {
        "transport-no-fallback": rewrites("TRANSPORT-FALLBACK-1", "transport.turn", _no_fallback),
        "transport-handshake-without-beta": rewrites(
            "TRANSPORT-HANDSHAKE-1", "transport.turn", _no_beta_header
        ),
        "transport-handshake-without-routing-hint": rewrites(
            "TRANSPORT-HANDSHAKE-3", "transport.turn", _no_routing_hint
        ),
    },
)
