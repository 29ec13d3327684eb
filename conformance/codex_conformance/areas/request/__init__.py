"""Area ``request``: see spec/request.md."""

from __future__ import annotations

from codex_conformance.areas import Area

AREA = Area(
    name="request",
    description="The first request a release sends for a configuration: method, URL, headers and body.",
    ops=(
        "request.build",
        "request.builtins",
    ),
)
