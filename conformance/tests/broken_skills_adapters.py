"""Deliberately broken ports of the skills namespace, built from the reference.

Each swaps one field of 0.169.0's skills rules for a realistic mistake and
names the clause whose captured cases must catch it.
"""

from __future__ import annotations

from typing import Any

from broken_check import BrokenAdapter, with_rules

from codex_reference.adapter import Handler


def _with(**changes: Any) -> Handler:
    return with_rules("0.169.0", "skills", **changes)


BROKEN = [
    BrokenAdapter(
        "raw-byte-budget",
        "SKILLS-BUDGET-1",
        "measures a response by its unescaped text, so a quote costs one byte instead of two",
        _with(count_escapes=False),
    ),
    BrokenAdapter(
        "no-serialization-allowance",
        "SKILLS-BUDGET-1",
        "budgets the truncation bytes themselves, without the 1.2 allowance",
        _with(budget_factor=1.0),
    ),
    BrokenAdapter(
        "name-not-cut",
        "SKILLS-LIST-1",
        "lists a skill's name whole instead of cutting it to 256 bytes",
        _with(max_name_bytes=1 << 20),
    ),
    BrokenAdapter(
        "orchestrator-authority",
        "SKILLS-AUTH-1",
        "accepts the upstream tests' authority kind `orchestrator` beside `cloud` and `executor`",
        _with(authority_kinds=("cloud", "executor", "orchestrator")),
    ),
    BrokenAdapter(
        "traversal-resolved",
        "SKILLS-READ-URI-1",
        "resolves `.` and `..` in a resource id, so a traversal reads another skill's file",
        _with(resource_ids_exact=False),
    ),
    BrokenAdapter(
        "read-error-wording",
        "SKILLS-READ-URI-1",
        "words a failed resource read differently",
        _with(read_failed="skill resource not found"),
    ),
    BrokenAdapter(
        "cursor-without-budget",
        "SKILLS-CURSOR-1",
        "issues list cursors that do not record the budget",
        _with(cursor_records_budget=False),
    ),
]
