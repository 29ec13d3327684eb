"""How a skills response is measured and how its cursors look (SKILLS-BUDGET-1, SKILLS-CURSOR-1).

Sizes are those of serde_json's compact output: ``"`` and ``\\`` and the
short control escapes take two bytes, other control characters six, every
other character its UTF-8 length.  Python's ``json.dumps`` with
``ensure_ascii=False`` writes the same bytes for the strings a catalog holds.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import TYPE_CHECKING

from codex_reference.json_types import JSON

if TYPE_CHECKING:  # rules.py names compact_len as the edition's measure
    from codex_reference.skills.rules import SkillsRules

__all__ = [
    "Cursor",
    "compact_len",
    "fingerprint",
    "format_cursor",
    "parse_cursor",
    "response_budget",
    "serialized_len",
]


def response_budget(rules: SkillsRules, truncation_bytes: int) -> int:
    return min(rules.max_response_bytes, math.ceil(truncation_bytes * rules.budget_factor))


def compact_len(value: JSON) -> int:
    """The UTF-8 length of serde_json's compact output of the value."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def serialized_len(rules: SkillsRules, value: JSON) -> int:
    return rules.measure(value)


def fingerprint(value: JSON) -> str:
    """16 hex digits naming the value a cursor pages through.

    The release uses Rust's DefaultHasher over the value's derived Hash; no
    test pins those digits, and a cursor's length is all the budget sees, so
    the model uses its own digest of the same value.
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class Cursor:
    """A parsed cursor: the fingerprint, the offset, and the budget it recorded (if any)."""

    def __init__(self, fingerprint: str, offset: str, budget: str | None) -> None:
        self.fingerprint = fingerprint
        self.offset = offset
        self.budget = budget


def format_cursor(fingerprint_hex: str, offset: int, budget: int | None) -> str:
    return f"{fingerprint_hex}:{offset}" if budget is None else f"{fingerprint_hex}:{offset}:{budget}"


def parse_cursor(text: str) -> Cursor | None:
    """``FP:OFFSET`` or ``FP:OFFSET:BUDGET`` split into parts, or None without a colon."""
    head, colon, tail = text.rpartition(":")
    if colon and ":" in head:
        fingerprint_hex, _, offset = head.partition(":")
        return Cursor(fingerprint_hex, offset, tail)
    if not colon:
        return None
    return Cursor(head, tail, None)
