"""Area ``dynamic``: see spec/dynamic.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.editions import APP_SERVER_DYNAMIC_TOOLS

AREA = Area(
    name="dynamic",
    description=(
        "App-server dynamic tools (0.94.0, 0.169.0): the Responses tools a thread's dynamic tool "
        "specs become, and the output item the release writes for a client's answer to a dynamic "
        "tool call."
    ),
    ops=(
        "dynamic.to_responses",
        "dynamic.call_output",
        "dynamic.call_request",
    ),
    feature=APP_SERVER_DYNAMIC_TOOLS,
)
