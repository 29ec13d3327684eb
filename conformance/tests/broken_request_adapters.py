"""Deliberately broken ports of the request area, built from the reference model.

Each changes one entry of one edition's request rules and names the clause
whose cases must catch it.
"""

from __future__ import annotations

from typing import Any

from broken_check import BrokenAdapter, with_rules

from codex_reference.adapter import Handler


def _with_request(version: str, **changes: Any) -> Handler:
    return with_rules(version, "request", **changes)


BROKEN_REQUEST = [
    BrokenAdapter(
        "request-trims-slash-0.25",
        "REQ-URL-1",
        "0.25.0 trims the trailing slash of base_url, as 0.169.0 does",
        _with_request("0.25.0", trim_base_url_slash=True),
    ),
    BrokenAdapter(
        "request-reasoning-for-all-0.25",
        "REQ-REASON-1",
        "0.25.0 sends a reasoning object for every model",
        _with_request("0.25.0", reasoning_prefixes=("",)),
    ),
    BrokenAdapter(
        "request-auth-beside-provider-0.169",
        "REQ-HDR-4",
        "0.169.0 sends its authorization beside the provider's instead of in its place",
        _with_request("0.169.0", auth_replaces_provider_header=False),
    ),
]
