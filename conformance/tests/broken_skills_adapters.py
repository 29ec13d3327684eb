"""Deliberately broken ports of ``skills.list`` / ``skills.read``, built from the reference.

Each swaps one field of 0.169.0's skills rules for a realistic mistake and
names the clause whose cases must catch it.
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
        "measures a response by its unescaped text, so a backslash costs one byte instead of two",
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
        "warnings-on-every-page",
        "SKILLS-LIST-WARN-1",
        "repeats the provider warnings on pages reached with a cursor",
        _with(warnings_on_first_call_only=False),
    ),
    BrokenAdapter(
        "cursor-without-budget",
        "SKILLS-CURSOR-1",
        "issues cursors that do not record the budget, so an omission is reported on every page",
        _with(cursor_records_budget=False),
    ),
    BrokenAdapter(
        "read-error-wording",
        "SKILLS-READ-BUDGET-1",
        "words the read's no-room error as the older sources did",
        _with(read_no_room="skills.read response budget is too small"),
    ),
]
