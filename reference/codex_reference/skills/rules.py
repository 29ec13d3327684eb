"""The constants and texts of the ``skills`` namespace, per edition (spec/skills.md).

Only 0.169.0 has the namespace; 0.25.0's table entry is ``None``.  The values
are those 0.169.0 shows in captures (fixtures/skills/captured-0.169.0.json),
named as in the extension's sources; the broken adapters in
conformance/workshop/codex_workshop/areas/skills/broken.py swap single fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from codex_reference.json_types import JSON
from codex_reference.skills.wire import compact_len

__all__ = ["SKILLS_0_169_0", "SkillsRules"]


@dataclass(frozen=True)
class SkillsRules:
    # A direct call's budget is min(max_response_bytes, ceil(budget_factor * the
    # turn's truncation bytes)) (SKILLS-BUDGET-1).
    max_response_bytes: int
    budget_factor: float
    # How a response is measured against the budget: the bytes serde_json writes
    # (wire.compact_len).  A field, so that a broken port can measure otherwise.
    measure: Callable[[JSON], int]
    max_handle_bytes: int
    max_name_bytes: int
    max_description_chars: int
    description_suffix: str
    page_size: int
    # Cursors record the budget whose omissions were already reported (SKILLS-CURSOR-1).
    cursor_records_budget: bool
    oversized_warning: str
    list_cursor_invalid: str
    read_cursor_invalid: str
    read_no_room: str
    package_unavailable: str
    read_failed: str
    list_cursor_stale: str
    read_cursor_stale: str
    # A read's `package` or `resource` argument that is not a bounded handle
    # (empty, a control character, over max_handle_bytes): {name} is the field.
    read_argument_unbounded: str
    # The authority kinds ``skills.list`` accepts, in the order serde names them;
    # the first is the one a snapshot's skills belong to (SKILLS-AUTH-1).
    authority_kinds: tuple[str, ...]
    # A resource id is looked up as spelled (SKILLS-READ-URI-1); a broken port
    # rewrites it first (resolving `.` and `..`, say).  None: as spelled.
    resource_id_rewrite: Callable[[str], str] | None
    # The truncation bytes of the capture model (gpt-5): the budget's N.
    truncation_bytes: int

    @property
    def cloud_kind(self) -> str:
        return self.authority_kinds[0]


SKILLS_0_169_0 = SkillsRules(
    max_response_bytes=512 * 1024,
    budget_factor=1.2,
    measure=compact_len,
    max_handle_bytes=2048,
    max_name_bytes=256,
    max_description_chars=1024,
    description_suffix="...",
    page_size=20,
    cursor_records_budget=True,
    oversized_warning="Some skills were omitted because their metadata is too large.",
    list_cursor_invalid="skills.list cursor is invalid",
    read_cursor_invalid="skills.read cursor is invalid",
    read_no_room="skills.read response budget leaves no room for contents",
    package_unavailable="skill package is not available",
    read_failed="failed to read skill resource",
    list_cursor_stale="skills.list cursor is stale; restart from the first page",
    read_cursor_stale="skills.read cursor is stale; restart from the first page",
    read_argument_unbounded=(
        "{name} must be non-empty, contain no control characters, and be at most 2048 bytes"
    ),
    authority_kinds=("cloud", "executor"),
    resource_id_rewrite=None,
    truncation_bytes=10_000,
)
