"""Area ``approvals``: see spec/approvals.md."""

from __future__ import annotations

from codex_conformance.areas import Area
from codex_conformance.editions import APPROVAL_REQUESTS

AREA = Area(
    name="approvals",
    description=(
        "What a release sends the model after its client declines, aborts or approves an exec or a "
        "patch it asked approval for, or after its exec policy refuses one (approvals.written_back)."
    ),
    ops=("approvals.written_back",),
    feature=APPROVAL_REQUESTS,
)
