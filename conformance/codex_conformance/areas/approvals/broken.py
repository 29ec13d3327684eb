"""Deliberately broken ports of ``approvals.written_back``, each caught on its clause."""

from __future__ import annotations

from dataclasses import replace

from codex_conformance.broken import BrokenAdapter, with_edition
from codex_reference.approvals import APPROVALS_0_25_0, APPROVALS_0_94_0
from codex_reference.editions import V0_25_0, V0_94_0

BROKEN: tuple[BrokenAdapter, ...] = (
    BrokenAdapter(
        name="exec-rejection-quotes-command",
        clause="APPROVAL-EXEC-1",
        why="writes back a text of its own for a declined exec ('command rejected by user')",
        handle=with_edition(
            V0_25_0, approvals=replace(APPROVALS_0_25_0, exec_rejected="command rejected by user")
        ),
    ),
    BrokenAdapter(
        name="patch-rejected-as-exec",
        clause="APPROVAL-PATCH-1",
        why="answers a declined patch with the exec text",
        handle=with_edition(
            V0_25_0, approvals=replace(APPROVALS_0_25_0, patch_rejected="exec command rejected by user")
        ),
    ),
    BrokenAdapter(
        name="no-shell-patch-warning-in-0.94.0",
        clause="APPROVAL-PATCH-2",
        why="0.94.0 without the user message about apply_patch through the shell",
        handle=with_edition(V0_94_0, approvals=replace(APPROVALS_0_94_0, patch_via_shell_warning=None)),
    ),
)
