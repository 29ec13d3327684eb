"""A request a client sent, in the form ``session.run`` cases compare.

``{"method", "path", "headers": [[name, value], ...], "body"}``: the path
with its query (the origin is the kit's and changes every run), header
names lower case in the order sent, without ``host`` and
``content-length`` (an HTTP client writes them from the URL and body; they
say nothing about the port), and without the client library's own
transport headers listed in ``TRANSPORT_HEADERS``; the body parsed as JSON
(key order kept) or, if it is not JSON, its text.  One key order is made
stable: 0.169.0 sends ``client_metadata`` from a hash map, in an order that
changes from run to run, so its keys are sorted (spec/request.md,
REQ-ORDER-1); a port must sort them too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

# Written by the HTTP library, not by the Codex logic under test: a Python
# port's httpx and the release's reqwest differ here and neither is wrong.
TRANSPORT_HEADERS = frozenset(
    {"host", "content-length", "accept-encoding", "connection", "transfer-encoding"}
)


def recorded(method: str, path: str, headers: Iterable[tuple[str, str]], body: bytes) -> dict[str, Any]:
    text = body.decode("utf-8", errors="replace")
    parsed: Any
    try:
        parsed = json.loads(text) if text else None
    except json.JSONDecodeError:
        parsed = text
    if isinstance(parsed, dict) and isinstance(parsed.get("client_metadata"), dict):
        parsed["client_metadata"] = dict(sorted(parsed["client_metadata"].items()))
    return {
        "method": method.upper(),
        "path": path,
        "headers": [
            [name.lower(), value] for name, value in headers if name.lower() not in TRANSPORT_HEADERS
        ],
        "body": parsed,
    }
