"""Area ``approvals``: see spec/approvals.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.editions import APPROVAL_REQUESTS, V1_CONVERSATION

AREA = Area(
    name="approvals",
    description=(
        "What a release sends the model after its client declines, aborts or approves an exec or a "
        "patch it asked approval for, or after its exec policy refuses one (approvals.written_back), "
        "and what a v1 conversation client is sent meanwhile (approvals.client_events)."
    ),
    ops=("approvals.written_back", "approvals.client_events"),
    feature=APPROVAL_REQUESTS,
    # The client's own messages are observed where a v1 conversation client is driven
    # (0.169.0 has only app-server v2 threads; spec/approvals.md).
    op_features={"approvals.client_events": V1_CONVERSATION},
)
