"""Broken ports of the request area: one entry of an edition's request rules changed."""

from __future__ import annotations

from typing import Any

from codex_conformance.broken import BrokenAdapter, rewrites, with_rules
from codex_reference.editions import V0_25_0, V0_169_0

BROKEN = [
    BrokenAdapter(
        "request-trims-slash-0.25",
        "REQ-URL-1",
        "0.25.0 trims the trailing slash of base_url, as 0.169.0 does",
        with_rules(V0_25_0, "request", trim_base_url_slash=True),
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
]


def _instructions_trimmed(result: dict[str, Any], _args: dict[str, Any]) -> None:
    """Built-in instruction texts with trailing white space trimmed (a port that loads them with strip())."""
    result["texts"] = [text.rstrip() for text in result.get("texts", [])]


BROKEN.append(rewrites("request-builtins-trimmed", "REQ-TEXT-1", "request.builtins", _instructions_trimmed))
